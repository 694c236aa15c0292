/** Permission keys of spec shell §6, with what each one unlocks. */
export const PERMISSIONS = {
  VIEW_HOME: 'menu and home',
  VIEW_NOTIFICATIONS: 'receive notifications, bell icon, notification stream',
  VIEW_REPORTS: 'see reports',
  MANAGE_REPORTS: 'manage reports',
  VIEW_WF: 'workflow menu, list types, execute, view executions',
  MANAGE_WF: 'create and manage workflows, advanced process-types menu, configure workflow',
  VIEW_TASKS: 'activities menu',
  MANAGE_TASKS: 'create and manage activities',
  VIEW_PEOPLE: 'organization menu and people list',
  MANAGE_PEOPLE: 'bulk load, manage permissions in person detail',
  IMPERSONATE_USERS: 'impersonate button in person detail',
  VIEW_ORG_CHART: 'org chart',
  MANAGE_ORG_CHART: 'positions, org chart, bulk load of positions',
  VIEW_ASSETS: 'assets',
  MANAGE_ASSETS: 'manage assets',
  ADMIN_ASSETS: 'asset categories and types under admin',
  MANAGE_DATA_SOURCES: 'data sources',
  MANAGE_DOCUMENTATIONS: 'documents',
  VIEW_SETTINGS: 'settings',
  MANAGE_POSTS: 'publish posts (announcements) and manage the links of interest',
  VIEW_CHECKLISTS: 'checklists menu: execute the checklists assigned to me and see my executions',
  MANAGE_CHECKLISTS: 'checklist administration: categories, builder, schedules, every execution and its numbers',
} as const;

export type PermissionKey = keyof typeof PERMISSIONS;

/**
 * What a member who joins by invitation starts with when nobody set their permissions first:
 * the frontline basics (home, notifications, activities, running workflows). Positions and
 * administrators add the rest.
 */
export const DEFAULT_MEMBER_PERMISSIONS: readonly PermissionKey[] = ['VIEW_HOME', 'VIEW_NOTIFICATIONS', 'VIEW_TASKS', 'VIEW_WF'];
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return Object.hasOwn(PERMISSIONS, value);
}

/** True when every required key is held. An empty requirement only asks for a signed-in member. */
export function hasPermissions(held: readonly string[], required: readonly PermissionKey[]): boolean {
  return required.every((key) => held.includes(key));
}

/** True when at least one key is held (menu entries such as Assets accept any of several). */
export function hasAnyPermission(held: readonly string[], anyOf: readonly PermissionKey[]): boolean {
  return anyOf.some((key) => held.includes(key));
}
