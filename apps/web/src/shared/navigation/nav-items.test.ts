import { describe, expect, it } from 'vitest';
import { IconGitBranch } from '@tabler/icons-react';
import { ALL_FLAGS_ON, PRODUCTION_FLAGS } from '@faena/domain/feature-flags';
import { PERMISSION_KEYS } from '@faena/domain/permissions';
import type { AccessContext } from '../access/access.ts';
import { mobileTabs, splitTabs, visibleNavItems } from './nav-items.ts';

const WORKER = ['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_TASKS', 'VIEW_WF', 'VIEW_REPORTS', 'VIEW_ASSETS'];
const ctx = (over: Partial<AccessContext> = {}): AccessContext => ({ permissions: WORKER, isStaff: false, disabledModules: [], flags: ALL_FLAGS_ON, ...over });
const keys = (c: AccessContext) => visibleNavItems(c).map((item) => item.key);

describe('navigation menu filtering (spec §2, §6)', () => {
  it('hides Organización from a person without VIEW_PEOPLE', () => {
    expect(keys(ctx())).not.toContain('people');
    expect(keys(ctx({ permissions: [...WORKER, 'VIEW_PEOPLE'] }))).toContain('people');
  });

  it('keeps the spec order for someone holding everything', () => {
    expect(keys(ctx({ permissions: PERMISSION_KEYS, isStaff: true }))).toEqual([
      'home',
      'posts',
      'activities',
      'links',
      'reports',
      'assets',
      'people',
      'orgChart',
      'checklists',
      'audiences',
      'workflows',
      'checklistAdmin',
      'qrGenerator',
      'permissionsCalculator',
      'maintenanceExecutions',
    ]);
  });

  it('filters by permission', () => {
    const none = keys(ctx({ permissions: [] }));
    expect(none).toEqual(['posts', 'links']);
  });

  it('filters by disabled module', () => {
    const all = ctx({ permissions: PERMISSION_KEYS, isStaff: true, disabledModules: ['asset'] });
    expect(keys(all)).not.toContain('assets');
    expect(keys(all)).not.toContain('qrGenerator');
    expect(keys(all)).not.toContain('maintenanceExecutions');
  });

  it('filters by feature flag (production defaults hide assets and the org chart)', () => {
    const production = keys(ctx({ permissions: PERMISSION_KEYS, isStaff: true, flags: PRODUCTION_FLAGS }));
    expect(production).not.toContain('assets');
    expect(production).not.toContain('orgChart');
    expect(production).toContain('people');
  });

  it('shows the permissions calculator to people administrators (MANAGE_PEOPLE), as the server does', () => {
    expect(keys(ctx({ permissions: PERMISSION_KEYS.filter((key) => key !== 'MANAGE_PEOPLE'), isStaff: true }))).not.toContain('permissionsCalculator');
    expect(keys(ctx({ permissions: ['MANAGE_PEOPLE'] }))).toContain('permissionsCalculator');
  });
});

describe('mobile tabs (spec §2)', () => {
  const tabKeys = (c: AccessContext, workflows = [] as { id: string; name: string; icon: string }[]) => mobileTabs(c, workflows, IconGitBranch).map((t) => t.key);

  it('Home needs VIEW_HOME; Activities and Reports are always there', () => {
    expect(tabKeys(ctx({ permissions: [] }))).toEqual(['activities', 'reports']);
    expect(tabKeys(ctx({ permissions: ['VIEW_HOME'] }))).toEqual(['home', 'activities', 'reports']);
  });

  it('Assets needs the module, the assets-tab flag and an asset permission', () => {
    expect(tabKeys(ctx())).toContain('assets');
    expect(tabKeys(ctx({ disabledModules: ['asset'] }))).not.toContain('assets');
    expect(tabKeys(ctx({ flags: { ...ALL_FLAGS_ON, assets_tab: false } }))).not.toContain('assets');
    expect(tabKeys(ctx({ permissions: ['VIEW_HOME'] }))).not.toContain('assets');
    expect(tabKeys(ctx({ permissions: ['ADMIN_ASSETS'] }))).toContain('assets');
  });

  it('adds one tab per dispatchable workflow, before Assets', () => {
    const tabs = mobileTabs(ctx(), [{ id: 'wf 1', name: 'Solicitudes', icon: 'x' }], IconGitBranch);
    expect(tabs.map((t) => t.key)).toEqual(['home', 'activities', 'reports', 'workflow-wf 1', 'assets']);
    expect(tabs[3]).toMatchObject({ label: 'Solicitudes', to: '/workflows/wf%201/dispatch-action' });
  });

  it('fits three columns; overflow goes behind the plus button', () => {
    expect(splitTabs([1, 2, 3])).toEqual({ inline: [1, 2, 3], overflow: [] });
    expect(splitTabs([1, 2, 3, 4])).toEqual({ inline: [1, 2], overflow: [3, 4] });
  });
});
