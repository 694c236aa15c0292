import { useEffect, useRef } from 'react';
import { Button, Group, ScrollArea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess } from '../../../shared/access/access.ts';
import { CATALOG_ORDER, CATALOGS, type CatalogKey } from '../lib/catalog-defs.ts';
import { useCatalogAccess } from './use-catalog-access.ts';

/**
 * The way between the catalogues: one link per catalogue the person may open. A module the
 * tenant switched off (stores, locations, companies, business lines) has no link at all.
 */
export function CatalogTabs({ current }: { current: CatalogKey }) {
  const { t } = useTranslation();
  const { ctx } = useCatalogAccess();
  const wide = useMediaQuery('(min-width: 62em)', undefined, { getInitialValueInEffect: false }) ?? true;
  const keys = CATALOG_ORDER.filter((key) => canAccess(CATALOGS[key].access, ctx));
  const activeLink = useRef<HTMLAnchorElement>(null);
  // On a narrow screen the current catalogue may sit past the edge: bring it into view.
  useEffect(() => {
    if (!wide) activeLink.current?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [wide, current]);
  const links = (
    <Group gap={4} wrap={wide ? 'wrap' : 'nowrap'} pb={wide ? 0 : 8}>
      {keys.map((key) => {
        const def = CATALOGS[key];
        const Icon = def.icon;
        const active = key === current;
        return (
          <Button
            key={key}
            ref={active ? activeLink : undefined}
            component={Link}
            to={def.path}
            size="compact-sm"
            fw={active ? 650 : 500}
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            leftSection={<Icon size={16} stroke={1.7} />}
            aria-current={active ? 'page' : undefined}
            data-catalog={key}
            style={{ flexShrink: 0 }}
          >
            {t(`catalogs.kinds.${def.i18n}.title`)}
          </Button>
        );
      })}
    </Group>
  );
  // Wide screens wrap the links; narrow ones scroll them sideways.
  return (
    <nav aria-label={t('catalogs.tabs.label')} data-testid="catalog-tabs">
      {wide ? (
        links
      ) : (
        <ScrollArea type="auto" scrollbarSize={4}>
          {links}
        </ScrollArea>
      )}
    </nav>
  );
}
