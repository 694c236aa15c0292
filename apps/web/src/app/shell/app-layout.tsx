import { ActionIcon, Anchor, Burger, Center, Loader, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLogout, IconSettings, IconGitBranch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useMatches } from 'react-router';
import { ACCESS, accessProblem, canAccess } from '../../shared/access/access.ts';
import { mobileTabs, visibleNavItems } from '../../shared/navigation/nav-items.ts';
import { useWorkflowMenu } from '../../shared/workflows/use-workflow-menu.ts';
import { workflowIcon } from '../../shared/workflows/workflow-icon.tsx';
import { useAccessContext, useSiteConfig } from '../../shared/session/get-site-config.ts';
import { useIsImpersonating, useSession } from '../../shared/session/use-session.ts';
import { useTenant } from '../../shared/tenant/tenant-context.tsx';
import { LazyErrorPage as ErrorPage } from '../../shared/ui/error-page-lazy.tsx';
import { FaenaMark, Logo } from '../../shared/ui/logo.tsx';
import { NoAccess } from '../../shared/ui/no-access.tsx';
import { UserAvatar } from '../../shared/ui/user-avatar.tsx';
import type { RouteHandle } from '../lazy-route.ts';
import { AppFooter } from './app-footer.tsx';
import { BellPopover, MobileNotificationsLink, NotificationsRuntime } from './bell-popover.tsx';
import { ImpersonationBanner } from './impersonation-banner.tsx';
import { MobileDrawer } from './mobile-drawer.tsx';
import { MobileTabBar } from './mobile-tab-bar.tsx';
import { NavMenu } from './nav-menu.tsx';
import { ProfilePopover } from './profile-popover.tsx';
import { SearchBox } from './search-box.tsx';
import { visibleSections } from '../../shared/navigation/sections.ts';
import { useSignOut } from '../../shared/session/use-sign-out.ts';
import { OfflineSyncRuntime } from '../../shared/offline/use-offline-sync.ts';
import { SyncIndicator } from '../../shared/offline/sync-indicator.tsx';
import { useOfflinePrefetch } from './offline-prefetch.ts';
import classes from './shell.module.css';

/** Spec §2: desktop layout from lg (992 px); below it the mobile layout. */
export const DESKTOP_QUERY = '(min-width: 62em)';

/** The signed-in shell around every protected screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const tenant = useTenant();
  const impersonating = useIsImpersonating();
  const isDesktop = useMediaQuery(DESKTOP_QUERY, undefined, { getInitialValueInEffect: false });
  const { ctx, isLoading, error: readError } = useAccessContext();
  // a read again that failed (offline, or the server unreachable) while the person's site config is
  // known — kept on the device or read before — leaves the app usable with it (decision 031); the
  // error page is for a site config never read
  const error = useSiteConfig().data ? null : readError;
  const matches = useMatches();
  const signOut = useSignOut();
  const [drawerOpen, setDrawerOpen] = useState(false);

  const items = useMemo(() => visibleNavItems(ctx), [ctx]);
  const sections = useMemo(() => visibleSections(ctx), [ctx]);
  // Spec §2: one tab per dispatchable workflow (myWorkflowTypes), only on the phone layout
  const workflows = useWorkflowMenu(!isDesktop && !isLoading && !error && canAccess(ACCESS.workflows, ctx));
  const tabs = useMemo(() => mobileTabs(ctx, workflows, IconGitBranch, (workflow) => workflowIcon(workflow.icon)), [ctx, workflows]);
  // the person's own work of the next days, read ahead for working offline (decision 031)
  useOfflinePrefetch(isLoading || error ? null : ctx, session ? `${session.user.tenant_id}:${session.user.id}` : null);

  // Spec §2: no session → /login, replacing the entry (also when another tab signs out).
  if (!session) return <Navigate to="/login" replace />;

  const rule = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.access)?.handle as RouteHandle | undefined;
  const problem = isLoading || error ? null : accessProblem(rule?.access, ctx);
  const canSettings = canAccess(ACCESS.settings, ctx);
  const canEditProfile = canAccess(ACCESS.profileEditing, ctx);
  const canNotifications = canAccess(ACCESS.notifications, ctx);

  const content = isLoading ? (
    <Center mih="50vh">
      <Loader aria-label={t('common.loading')} />
    </Center>
  ) : error ? (
    <ErrorPage error={error} />
  ) : problem ? (
    <NoAccess problem={problem} />
  ) : (
    <Outlet />
  );

  const banner = impersonating ? <ImpersonationBanner name={session.user.name} /> : null;
  // First child of either layout's root: it keeps running when the window crosses the breakpoint.
  const notificationsRuntime = <NotificationsRuntime enabled={!isLoading && !error && canNotifications} />;
  const skipLink = (
    <a href="#main" className={classes.skipLink}>
      {t('shell.skipToContent')}
    </a>
  );

  if (isDesktop) {
    return (
      <div className={`${classes.desktop} ${banner ? classes.withBanner : ''}`} data-layout="desktop">
        {notificationsRuntime}
        <OfflineSyncRuntime />
        {skipLink}
        <header className={classes.header}>
          <Link to="/home" className={classes.brand} aria-label={t('shell.goHome')} data-testid="logo-link">
            <Logo size={30} />
            <span className={classes.tenantName}>{tenant.name}</span>
          </Link>
          <div className={classes.search}>
            <SearchBox items={items} sections={sections} />
          </div>
          <div className={classes.headerActions}>
            <SyncIndicator />
            {canSettings && (
              <Tooltip label={t('shell.settings')}>
                <ActionIcon component={Link} to="/settings" variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('shell.settings')} data-testid="settings-gear">
                  <IconSettings size={22} stroke={1.7} />
                </ActionIcon>
              </Tooltip>
            )}
            {canNotifications && <BellPopover />}
            <ProfilePopover user={session.user} canEditProfile={canEditProfile} canOpenSettings={canSettings} onSignOut={() => void signOut()} />
            <Tooltip label={t('shell.signOut')}>
              <ActionIcon variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('shell.signOut')} onClick={() => void signOut()} data-testid="sign-out">
                <IconLogout size={22} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          </div>
        </header>
        <nav className={classes.navbar} aria-label={t('shell.mainNavigation')}>
          <NavMenu items={items} />
        </nav>
        <main id="main" className={classes.main} tabIndex={-1}>
          <div className={classes.content}>{content}</div>
          <AppFooter tenantName={tenant.name} />
        </main>
        {banner}
      </div>
    );
  }

  return (
    <div className={`${classes.mobile} ${banner ? classes.withBanner : ''}`} data-layout="mobile">
      {notificationsRuntime}
      <OfflineSyncRuntime />
      {skipLink}
      <header className={classes.mobileHeader}>
        <Burger opened={drawerOpen} onClick={() => setDrawerOpen(true)} aria-label={t('shell.openMenu')} size="sm" data-testid="menu-button" />
        <Anchor component={Link} to="/home" className={classes.mobileBrand} aria-label={t('shell.goHome')} underline="never" data-testid="logo-link">
          <FaenaMark size={30} />
        </Anchor>
        <div className={classes.mobileActions}>
          <SyncIndicator />
          {canNotifications && <MobileNotificationsLink />}
          <ActionIcon component={Link} to="/profile" variant="subtle" color="gray" size="lg" radius="xl" aria-label={t('shell.profile')} data-testid="profile-link">
            <UserAvatar name={session.user.name} picture={session.user.picture} size={30} />
          </ActionIcon>
        </div>
      </header>
      <main id="main" tabIndex={-1} style={{ outline: 'none' }}>
        <div className={classes.mobileContent}>{content}</div>
        <AppFooter tenantName={tenant.name} />
      </main>
      {banner}
      <MobileTabBar tabs={tabs} />
      <MobileDrawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        user={session.user}
        items={items}
        canEditProfile={canEditProfile}
        canOpenSettings={canSettings}
        onSignOut={() => void signOut()}
      />
    </div>
  );
}
