import type { PermissionKey } from '@faena/domain/permissions';
import type { FeatureFlag, ToggleableModule } from '@faena/domain/feature-flags';

/**
 * Who may see a menu entry, a tab or a screen: permission keys (spec §6), feature flags, modules
 * the tenant has not disabled, the internal-staff flag. One rule feeds the menu, the tabs and the
 * route guard, so a hidden entry is never reachable by typing its address.
 */
export interface AccessRule {
  allOf?: readonly PermissionKey[];
  anyOf?: readonly PermissionKey[];
  flags?: readonly FeatureFlag[];
  module?: ToggleableModule;
  staff?: boolean;
}

export interface AccessContext {
  permissions: readonly string[];
  isStaff: boolean;
  disabledModules: readonly string[];
  flags: Partial<Record<string, boolean>>;
}

export type AccessProblem = 'permission' | 'flag' | 'module' | 'staff';

/** The first reason the rule refuses, or null when it allows. */
export function accessProblem(rule: AccessRule | undefined, ctx: AccessContext): AccessProblem | null {
  if (!rule) return null;
  if (rule.module && ctx.disabledModules.includes(rule.module)) return 'module';
  if (rule.flags && !rule.flags.every((flag) => ctx.flags[flag] === true)) return 'flag';
  if (rule.staff && !ctx.isStaff) return 'staff';
  if (rule.allOf && !rule.allOf.every((key) => ctx.permissions.includes(key))) return 'permission';
  if (rule.anyOf && rule.anyOf.length > 0 && !rule.anyOf.some((key) => ctx.permissions.includes(key))) return 'permission';
  return null;
}

export function canAccess(rule: AccessRule | undefined, ctx: AccessContext): boolean {
  return accessProblem(rule, ctx) === null;
}

const ASSET_PERMISSIONS: readonly PermissionKey[] = ['VIEW_ASSETS', 'MANAGE_ASSETS', 'ADMIN_ASSETS'];

/** The access rules of the areas, shared by the menu, the mobile tabs and the routes. */
export const ACCESS = {
  home: { allOf: ['VIEW_HOME'] },
  posts: {},
  /** Writing posts (decision 023); the same key manages the links of interest. */
  postsManage: { allOf: ['MANAGE_POSTS'] },
  activities: { allOf: ['VIEW_TASKS'] },
  /** Creating and editing activities (the series, their exceptions and splits). */
  activitiesManage: { allOf: ['MANAGE_TASKS'] },
  links: {},
  reports: { allOf: ['VIEW_REPORTS'] },
  reportsAdmin: { allOf: ['MANAGE_REPORTS'] },
  assets: { module: 'asset', flags: ['assets'], anyOf: ASSET_PERMISSIONS },
  /** Spec §2: the Assets tab also needs the assets-tab flag. */
  assetsTab: { module: 'asset', flags: ['assets_tab'], anyOf: ASSET_PERMISSIONS },
  assetsAdmin: { module: 'asset', flags: ['assets', 'asset_admin'], allOf: ['ADMIN_ASSETS'] },
  qrGenerator: { module: 'asset', flags: ['qr_generator'], anyOf: ['MANAGE_ASSETS', 'ADMIN_ASSETS'] },
  maintenanceExecutions: { module: 'asset', flags: ['assets'], anyOf: ASSET_PERMISSIONS },
  people: { allOf: ['VIEW_PEOPLE'] },
  peopleManage: { allOf: ['MANAGE_PEOPLE'] },
  /** The bulk load of people (/people-upload), behind the mass person upload flag (on in production). */
  peopleUpload: { flags: ['massive_person_upload'], allOf: ['MANAGE_PEOPLE'] },
  orgChart: { flags: ['org_chart'], allOf: ['VIEW_ORG_CHART'] },
  /**
   * Positions, their editing and bulk load (spec §6 MANAGE_ORG_CHART), behind the positions
   * management flag: on in production while the chart's own flag is off (spec §9).
   */
  positions: { flags: ['manage_positions'], allOf: ['MANAGE_ORG_CHART'] },
  /** Checklists to execute and my executions (decision 026). */
  checklists: { allOf: ['VIEW_CHECKLISTS'] },
  /** Checklist administration, every execution and the numbers. */
  checklistAdmin: { allOf: ['MANAGE_CHECKLISTS'] },
  audiences: { allOf: ['VIEW_PEOPLE'] },
  workflows: { allOf: ['VIEW_WF'] },
  workflowsManage: { allOf: ['MANAGE_WF'] },
  /** The permissions calculator explains people's permissions: the people administrators' tool (decision 008). */
  permissionsCalculator: { allOf: ['MANAGE_PEOPLE'] },
  dataSources: { flags: ['data_sources'], allOf: ['MANAGE_DATA_SOURCES'] },
  documentTypes: { flags: ['document_manager', 'upload_documents'], allOf: ['MANAGE_DOCUMENTATIONS'] },
  venues: {},
  locations: { module: 'location' },
  businessLines: { module: 'business_line' },
  blueprints: {},
  companies: { module: 'company' },
  stores: { module: 'store' },
  notifications: { allOf: ['VIEW_NOTIFICATIONS'] },
  settings: { flags: ['settings'], allOf: ['VIEW_SETTINGS'] },
  profileEditing: { flags: ['profile_editing'] },
  invite: { allOf: ['MANAGE_PEOPLE'] },
  impersonate: { allOf: ['IMPERSONATE_USERS', 'VIEW_PEOPLE'] },
  advanced: { allOf: ['MANAGE_WF'] },
  staff: { staff: true },
} as const satisfies Record<string, AccessRule>;

export type AccessKey = keyof typeof ACCESS;
