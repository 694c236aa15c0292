import { Button, Group, ScrollArea } from '@mantine/core';
import { IconBarcode, IconChartBar, IconList, IconQrcode, IconScan, IconSettings, IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAssetsAccess } from './use-assets-access.ts';

/** The sections of the asset area, a row of links (scrolls sideways on a phone). */
export function AssetsNav() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const access = useAssetsAccess();
  const items = [
    { to: '/assets', label: t('assets.nav.overview'), icon: IconChartBar, exact: true },
    { to: '/assets/list', label: t('assets.nav.list'), icon: IconList },
    { to: '/assets/scan', label: t('assets.nav.scan'), icon: IconScan },
    { to: '/assets/maintenance-executions', label: t('assets.nav.maintenance'), icon: IconTool },
    ...(access.canLabels
      ? [
          { to: '/assets/qr-generator', label: t('assets.nav.qr'), icon: IconQrcode },
          { to: '/assets/barcodes', label: t('assets.nav.barcodes'), icon: IconBarcode },
        ]
      : []),
    ...(access.canAdmin ? [{ to: '/assets/administration', label: t('assets.nav.admin'), icon: IconSettings }] : []),
  ];
  return (
    <ScrollArea type="never" component="nav" aria-label={t('assets.nav.label')}>
      <Group gap="xs" wrap="nowrap" pb={4}>
        {items.map(({ to, label, icon: Glyph, exact }) => {
          const active = exact ? pathname === to || pathname === '/assets/home' : pathname.startsWith(to);
          return (
            <Button
              key={to}
              component={Link}
              to={to}
              size="sm"
              variant={active ? 'light' : 'subtle'}
              leftSection={<Glyph size={16} />}
              aria-current={active ? 'page' : undefined}
              style={{ flexShrink: 0 }}
            >
              {label}
            </Button>
          );
        })}
      </Group>
    </ScrollArea>
  );
}
