import { replace, type RouteObject } from 'react-router';
import { ACCESS } from '../shared/access/access.ts';
import { page } from './lazy-route.ts';
import { RouteFallback } from './root-layout.tsx';

/**
 * The signed-in screens of spec §2 (the other half of the route table in routes.tsx): a chunk of
 * its own, patched under the shell on the first navigation into the app, so the entry and a cold
 * /sign-in do not carry them. One lazily loaded module per business area: each is its own chunk.
 */
const home = () => import('../features/home/routes.tsx');
const settings = () => import('../features/settings/routes.tsx');
const account = () => import('../features/account/routes.tsx');
const sync = () => import('../features/sync/routes.tsx');
const placeholder = () => import('../features/placeholder/routes.tsx');
const activities = () => import('../features/activities/routes.tsx');
const posts = () => import('../features/posts/routes.tsx');
const links = () => import('../features/links/routes.tsx');
const reports = () => import('../features/reports/routes.tsx');
const assets = () => import('../features/assets/routes.tsx');
const people = () => import('../features/people/routes.tsx');
const audiences = () => import('../features/audiences/routes.tsx');
const orgChart = () => import('../features/org-chart/routes.tsx');
const checklists = () => import('../features/checklists/routes.tsx');
const workflows = () => import('../features/workflows/routes.tsx');
const formBuilder = () => import('../features/form-builder/routes.tsx');
const catalogs = () => import('../features/catalogs/routes.tsx');
const documents = () => import('../features/documents/routes.tsx');
const dataSources = () => import('../features/data-sources/routes.tsx');
const permissionsCalculator = () => import('../features/permissions-calculator/routes.tsx');
const notifications = () => import('../features/notifications/routes.tsx');
const tools = () => import('../features/tools/routes.tsx');

/** Positions, their editing and bulk load (spec §6 MANAGE_ORG_CHART), behind the chart's flag. */
const ORG_CHART_MANAGE = { ...ACCESS.orgChart, allOf: ['MANAGE_ORG_CHART'] } as const;

/** The four shapes of a catalogue (spec §2: venues, locations, business lines, blueprints, companies, stores), and its bulk load. */
function catalogRoutes(path: string, name: 'VenuesRoute' | 'VenueCategoriesRoute' | 'LocationsRoute' | 'BusinessLinesRoute' | 'BlueprintsRoute' | 'CompaniesRoute' | 'StoresRoute', access: (typeof ACCESS)[keyof typeof ACCESS]): RouteObject[] {
  return [path, `${path}/create`, `${path}/:id`, `${path}/:id/edit`, `${path}/import/:jobId?`].map((p) => ({ path: p, ...page(catalogs, name, access) }));
}

export const protectedRoutes: RouteObject[] = [
  // Home is where everyone lands after signing in; VIEW_HOME governs the menu entry and the tab.
  { path: 'home', ...page(home, 'HomeRoute') },

  { path: 'activities', ...page(activities, 'ActivitiesRoute', ACCESS.activities) },
  { path: 'activities/create', ...page(activities, 'ActivitiesRoute', ACCESS.activities) },
  { path: 'activities/create/:id', ...page(activities, 'ActivitiesRoute', ACCESS.activities) },
  { path: 'activities/:id/:recurrenceId', ...page(activities, 'ActivitiesRoute', ACCESS.activities) },

  { path: 'advanced', ...page(workflows, 'AdvancedRoute', ACCESS.advanced) },
  { path: 'invite', ...page(settings, 'InviteRoute', ACCESS.invite) },
  { path: 'links', ...page(links, 'LinksRoute', ACCESS.links) },
  { path: 'my-account', ...page(account, 'MyAccountRoute') },
  { path: 'notifications', ...page(notifications, 'NotificationsRoute', ACCESS.notifications) },
  // The organisation's profile is for every member (decision 008); MANAGE_PEOPLE edits it.
  { path: 'organization', ...page(people, 'OrganizationRoute') },
  { path: 'org-chart', ...page(orgChart, 'OrgChartRoute', ACCESS.orgChart) },
  { path: 'org-chart/positions', ...page(orgChart, 'PositionsRoute', ORG_CHART_MANAGE) },
  { path: 'org-chart/positions/new', ...page(orgChart, 'PositionFormRoute', ORG_CHART_MANAGE) },
  { path: 'org-chart/positions/upload/:jobId?', ...page(orgChart, 'PositionsUploadRoute', ORG_CHART_MANAGE) },
  { path: 'org-chart/positions/:id', ...page(orgChart, 'PositionFormRoute', ORG_CHART_MANAGE) },
  { path: 'profile', ...page(account, 'ProfileRoute') },
  { path: 'profile/edit', ...page(account, 'ProfileEditRoute', ACCESS.profileEditing) },
  { path: 'settings', ...page(settings, 'SettingsRoute', ACCESS.settings) },
  { path: 'sync', ...page(sync, 'SyncRoute') },
  { path: 'tools', ...page(tools, 'ToolsRoute') },
  { path: 'lorem-ipsum/:title/:id', ...page(placeholder, 'LoremIpsumRoute') },

  { path: 'checklist-administration/:category_id?', ...page(checklists, 'ChecklistAdminRoute', ACCESS.checklistAdmin) },
  { path: 'checklists/:category_id?', ...page(checklists, 'ChecklistsRoute', ACCESS.checklists) },
  { path: 'checklists/:id/execute', ...page(checklists, 'ChecklistsRoute', ACCESS.checklists) },
  { path: 'checklists/executions', ...page(checklists, 'ChecklistsRoute', ACCESS.checklists) },
  { path: 'checklists/executions/:execution_id', ...page(checklists, 'ChecklistsRoute', ACCESS.checklists) },
  { path: 'checklists/executions_detail/:execution_id', ...page(checklists, 'ChecklistsRoute', ACCESS.checklists) },
  { path: 'checklists/update/:id?', ...page(checklists, 'ChecklistAdminRoute', ACCESS.checklistAdmin) },
  { path: 'checklists/create/:categoryId', ...page(checklists, 'ChecklistAdminRoute', ACCESS.checklistAdmin) },

  { path: 'people', ...page(people, 'PeopleRoute', ACCESS.people) },
  { path: 'people/create', ...page(people, 'PersonFormRoute', ACCESS.peopleManage) },
  { path: 'people/:id', ...page(people, 'PeopleRoute', ACCESS.people) },
  { path: 'people/:id/edit', ...page(people, 'PersonFormRoute', ACCESS.peopleManage) },
  { path: 'people-upload', ...page(people, 'PeopleUploadRoute', ACCESS.peopleManage) },
  { path: 'people-bulk-load/:id', ...page(people, 'PeopleUploadRoute', ACCESS.peopleManage) },
  { path: 'audiences', ...page(audiences, 'AudiencesRoute', ACCESS.audiences) },
  { path: 'audiences/new', ...page(audiences, 'AudienceFormRoute', ACCESS.peopleManage) },
  { path: 'audiences/:id', ...page(audiences, 'AudienceFormRoute', ACCESS.audiences) },

  ...catalogRoutes('venues', 'VenuesRoute', ACCESS.venues),
  ...catalogRoutes('venue-categories', 'VenueCategoriesRoute', ACCESS.venues),
  ...catalogRoutes('locations', 'LocationsRoute', ACCESS.locations),
  ...catalogRoutes('business-lines', 'BusinessLinesRoute', ACCESS.businessLines),
  ...catalogRoutes('blueprints', 'BlueprintsRoute', ACCESS.blueprints),
  ...catalogRoutes('companies', 'CompaniesRoute', ACCESS.companies),
  ...catalogRoutes('stores', 'StoresRoute', ACCESS.stores),

  { path: 'document-types', ...page(documents, 'DocumentTypesRoute', ACCESS.documentTypes) },
  { path: 'document-types-administration', ...page(documents, 'DocumentsAdministrationRoute', ACCESS.documentTypes) },
  { path: 'document-types/create', ...page(documents, 'DocumentTypeFormRoute', ACCESS.documentTypes) },
  { path: 'document-types/:id/edit', ...page(documents, 'DocumentTypeFormRoute', ACCESS.documentTypes) },

  { path: 'posts', ...page(posts, 'PostsRoute', ACCESS.posts) },
  { path: 'posts/new', ...page(posts, 'PostsRoute', ACCESS.posts) },
  { path: 'posts/:id', ...page(posts, 'PostsRoute', ACCESS.posts) },

  { path: 'reports', loader: () => replace('/reports/list'), Component: RouteFallback },
  { path: 'reports/list', ...page(reports, 'ReportsRoute', ACCESS.reports) },
  { path: 'reports/administration/:category_id?', ...page(reports, 'ReportsAdminRoute', ACCESS.reportsAdmin) },
  { path: 'reports/administration/create/:categoryId', ...page(reports, 'ReportsAdminRoute', ACCESS.reportsAdmin) },
  { path: 'reports/categories/:categoryId/tableau/:public_id/update', ...page(reports, 'ReportsAdminRoute', ACCESS.reportsAdmin) },

  { path: 'workflows', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/create/configuration', ...page(workflows, 'WorkflowsAdminRoute', ACCESS.workflowsManage) },
  { path: 'workflows/:workflowType/:id', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/:workflowType/dispatch-action', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/:workflowType/execute', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/:workflowType/executions', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/:workflowType/executions/:workflowId/:executionId', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/:workflowType/administration/:category_id?', ...page(workflows, 'WorkflowsAdminRoute', ACCESS.workflowsManage) },
  { path: 'workflows/:workflowType/configuration', ...page(workflows, 'WorkflowsAdminRoute', ACCESS.workflowsManage) },
  { path: 'workflows/:workflowType/configuration/kanban/:kanbanId', ...page(workflows, 'WorkflowsAdminRoute', ACCESS.workflowsManage) },
  { path: 'workflows/:workflowId/form-builder/:formId?', ...page(formBuilder, 'FormBuilderRoute', ACCESS.workflowsManage) },
  { path: 'workflows/:workflowType/:workflowId/start-execution/:bpmnId', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },
  { path: 'workflows/:workflowType/by-group/:wfGroupId/start-execution/:bpmnId', ...page(workflows, 'WorkflowsRoute', ACCESS.workflows) },

  { path: 'calculadora-permisos', ...page(permissionsCalculator, 'PermissionsCalculatorRoute', ACCESS.permissionsCalculator) },

  { path: 'fuentes-de-datos', ...page(dataSources, 'DataSourcesRoute', ACCESS.dataSources) },
  { path: 'fuentes-de-datos/crear', ...page(dataSources, 'DataSourcesRoute', ACCESS.dataSources) },
  { path: 'fuentes-de-datos/:id', ...page(dataSources, 'DataSourcesRoute', ACCESS.dataSources) },
  { path: 'fuentes-de-datos/:id/editar', ...page(dataSources, 'DataSourcesRoute', ACCESS.dataSources) },
  { path: 'fuentes-de-datos/:id/carga-masiva/:jobId?', ...page(dataSources, 'DataSourcesRoute', ACCESS.dataSources) },

  { path: 'assets', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/home', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/list', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/administration/:category_id?', ...page(assets, 'AssetsAdminRoute', ACCESS.assetsAdmin) },
  { path: 'asset-types/:assetTypeId', ...page(assets, 'AssetsAdminRoute', ACCESS.assetsAdmin) },
  { path: 'assets/barcodes', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/:assetId/calendar', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/:assetId/detail', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/:assetId/investment', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/:assetId', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/maintenances/:workflowTypeId', ...page(assets, 'MaintenanceRoute', ACCESS.assets) },
  { path: 'assets/maintenances/:workflowTypeId/administration/:category_id?', ...page(assets, 'AssetsAdminRoute', ACCESS.assetsAdmin) },
  { path: 'assets/maintenances/:workflowType/executions/:activityPublicId', ...page(assets, 'MaintenanceRoute', ACCESS.assets) },
  { path: 'assets/maintenances/:workflowTypeId/execute', ...page(assets, 'MaintenanceRoute', ACCESS.assets) },
  { path: 'assets/maintenance-executions', ...page(assets, 'MaintenanceRoute', ACCESS.maintenanceExecutions) },
  { path: 'assets/playground', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/qr-generator', ...page(assets, 'QrGeneratorRoute', ACCESS.qrGenerator) },
  { path: 'assets/scan', ...page(assets, 'AssetsRoute', ACCESS.assets) },
  { path: 'assets/public/*', ...page(assets, 'AssetsRoute', ACCESS.assets) },
];
