import { Drawer } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { splitTabs, type MobileTab } from '../../shared/navigation/nav-items.ts';
import classes from './shell.module.css';

function isCurrent(pathname: string, to: string): boolean {
  return pathname === to || pathname.startsWith(`${to}/`);
}

/**
 * Spec §2: the bottom tab bar has three columns; when there are more tabs than fit, the last
 * column is a plus button that opens an overlay grid with the rest.
 */
export function MobileTabBar({ tabs }: { tabs: readonly MobileTab[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [overflowOpen, setOverflowOpen] = useState(false);
  const { inline, overflow } = splitTabs(tabs);
  const label = (tab: MobileTab) => tab.label ?? t(tab.labelKey ?? '');
  const overflowActive = overflow.some((tab) => isCurrent(pathname, tab.to));

  return (
    <>
      <nav className={classes.tabbar} aria-label={t('shell.tabs')} data-testid="tab-bar">
        {inline.map((tab) => {
          const Icon = tab.icon;
          const current = isCurrent(pathname, tab.to);
          return (
            <Link key={tab.key} to={tab.to} className={classes.tab} aria-current={current ? 'page' : undefined} data-testid={`tab-${tab.key}`}>
              <Icon size={24} stroke={1.7} />
              <span>{label(tab)}</span>
            </Link>
          );
        })}
        {overflow.length > 0 && (
          <button
            type="button"
            className={classes.tab}
            onClick={() => setOverflowOpen(true)}
            aria-haspopup="dialog"
            aria-expanded={overflowOpen}
            aria-current={overflowActive ? 'page' : undefined}
            data-testid="tab-more"
          >
            <IconPlus size={24} stroke={1.7} />
            <span>{t('shell.moreTabs')}</span>
          </button>
        )}
      </nav>
      <Drawer
        opened={overflowOpen}
        onClose={() => setOverflowOpen(false)}
        position="bottom"
        styles={{ content: { height: 'auto', maxHeight: '80dvh', paddingBottom: 'var(--faena-safe-bottom)' } }}
        title={t('shell.moreTabsTitle')}
        radius="lg"
        data-testid="tab-overflow"
      >
        <div className={classes.overflowGrid}>
          {overflow.map((tab) => {
            const Icon = tab.icon;
            const current = isCurrent(pathname, tab.to);
            return (
              <Link key={tab.key} to={tab.to} className={classes.overflowTile} aria-current={current ? 'page' : undefined} onClick={() => setOverflowOpen(false)}>
                <Icon size={26} stroke={1.7} />
                <span>{label(tab)}</span>
              </Link>
            );
          })}
        </div>
      </Drawer>
    </>
  );
}
