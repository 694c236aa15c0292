import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { NavItem } from '../../shared/navigation/nav-items.ts';

function isActive(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** The navigation menu of spec §2, already filtered for the person. */
export function NavMenu({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // The most specific entry wins (/assets/qr-generator over /assets).
  const active = items.filter((item) => isActive(pathname, item.to)).sort((a, b) => b.to.length - a.to.length)[0];
  return (
    <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }} data-testid="nav-menu">
      {items.map((item) => {
        const Icon = item.icon;
        const current = active?.key === item.key;
        return (
          <li key={item.key}>
            <NavLink
              component={Link}
              to={item.to}
              label={t(item.labelKey)}
              leftSection={<Icon size={20} stroke={1.7} />}
              active={current}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              variant="light"
              styles={{ root: { borderRadius: 'var(--mantine-radius-md)' }, label: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: current ? 650 : 500 } }}
            />
          </li>
        );
      })}
    </Stack>
  );
}
