import type { ComponentType } from 'react';
import {
  IconChecklist,
  IconClipboardCheck,
  IconCalculator,
  IconHierarchy2,
  IconHome,
  IconLink,
  IconListCheck,
  IconQrcode,
  IconReportAnalytics,
  IconSpeakerphone,
  IconTool,
  IconTruck,
  IconUsers,
  IconUsersGroup,
  IconGitBranch,
} from '@tabler/icons-react';
import { ACCESS, canAccess, type AccessContext, type AccessRule } from '../access/access.ts';

export interface NavItem {
  key: string;
  /** i18n key of the label (Spanish entries of spec §2 in `es`). */
  labelKey: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
  access: AccessRule;
}

/** The navigation menu of spec §2, in its order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'home', labelKey: 'nav.home', to: '/home', icon: IconHome, access: ACCESS.home },
  { key: 'posts', labelKey: 'nav.posts', to: '/posts', icon: IconSpeakerphone, access: ACCESS.posts },
  { key: 'activities', labelKey: 'nav.activities', to: '/activities', icon: IconListCheck, access: ACCESS.activities },
  { key: 'links', labelKey: 'nav.links', to: '/links', icon: IconLink, access: ACCESS.links },
  { key: 'reports', labelKey: 'nav.reports', to: '/reports', icon: IconReportAnalytics, access: ACCESS.reports },
  { key: 'assets', labelKey: 'nav.assets', to: '/assets', icon: IconTruck, access: ACCESS.assets },
  { key: 'people', labelKey: 'nav.people', to: '/people', icon: IconUsers, access: ACCESS.people },
  { key: 'orgChart', labelKey: 'nav.orgChart', to: '/org-chart', icon: IconHierarchy2, access: ACCESS.orgChart },
  { key: 'checklists', labelKey: 'nav.checklists', to: '/checklists', icon: IconChecklist, access: ACCESS.checklists },
  { key: 'audiences', labelKey: 'nav.audiences', to: '/audiences', icon: IconUsersGroup, access: ACCESS.audiences },
  { key: 'workflows', labelKey: 'nav.workflows', to: '/workflows', icon: IconGitBranch, access: ACCESS.workflows },
  { key: 'checklistAdmin', labelKey: 'nav.checklistAdmin', to: '/checklist-administration', icon: IconClipboardCheck, access: ACCESS.checklistAdmin },
  { key: 'qrGenerator', labelKey: 'nav.qrGenerator', to: '/assets/qr-generator', icon: IconQrcode, access: ACCESS.qrGenerator },
  { key: 'permissionsCalculator', labelKey: 'nav.permissionsCalculator', to: '/calculadora-permisos', icon: IconCalculator, access: ACCESS.permissionsCalculator },
  { key: 'maintenanceExecutions', labelKey: 'nav.maintenanceExecutions', to: '/assets/maintenance-executions', icon: IconTool, access: ACCESS.maintenanceExecutions },
];

/** Menu entries the person may use: permission, disabled modules and flags (spec §2, §6). */
export function visibleNavItems(ctx: AccessContext, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => canAccess(item.access, ctx));
}

export interface MobileTab {
  key: string;
  labelKey?: string;
  /** A workflow tab shows the workflow's own name. */
  label?: string;
  to: string;
  icon: ComponentType<{ size?: number | string; stroke?: number }>;
}

/** A dispatchable workflow (spec §3 "workflow menu item"). */
export interface WorkflowMenuItem {
  id: string;
  name: string;
  icon: string;
}

export const MOBILE_TAB_COLUMNS = 3;

/**
 * Spec §2 mobile tabs: Home (VIEW_HOME), Activities, Reports, one per dispatchable workflow, and
 * Assets only when the asset module is on, the assets-tab flag is on and the person holds an asset
 * permission.
 */
export function mobileTabs(ctx: AccessContext, workflows: readonly WorkflowMenuItem[], workflowIcon: MobileTab['icon'], iconOf?: (workflow: WorkflowMenuItem) => MobileTab['icon']): MobileTab[] {
  const tabs: MobileTab[] = [];
  if (canAccess(ACCESS.home, ctx)) tabs.push({ key: 'home', labelKey: 'tabs.home', to: '/home', icon: IconHome });
  tabs.push({ key: 'activities', labelKey: 'tabs.activities', to: '/activities', icon: IconListCheck });
  tabs.push({ key: 'reports', labelKey: 'tabs.reports', to: '/reports', icon: IconReportAnalytics });
  for (const workflow of workflows) {
    tabs.push({ key: `workflow-${workflow.id}`, label: workflow.name, to: `/workflows/${encodeURIComponent(workflow.id)}/dispatch-action`, icon: iconOf?.(workflow) ?? workflowIcon });
  }
  if (canAccess(ACCESS.assetsTab, ctx)) tabs.push({ key: 'assets', labelKey: 'tabs.assets', to: '/assets', icon: IconTruck });
  return tabs;
}

/** Tabs that fit in the bar; when they overflow, the last column becomes the plus button. */
export function splitTabs<T>(tabs: readonly T[], columns = MOBILE_TAB_COLUMNS): { inline: T[]; overflow: T[] } {
  if (tabs.length <= columns) return { inline: [...tabs], overflow: [] };
  return { inline: tabs.slice(0, columns - 1), overflow: tabs.slice(columns - 1) };
}
