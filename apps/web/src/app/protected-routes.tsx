import { replace, type RouteObject } from 'react-router';
import { ACCESS } from '../shared/access/access.ts';
import { page, pages } from './lazy-route.ts';
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

/** The four shapes of a catalogue (spec §2: venues, locations, business lines, blueprints, companies, stores), and its bulk load. */
function catalogRoutes(
  path: string,
  name: 'VenuesRoute' | 'VenueCategoriesRoute' | 'LocationsRoute' | 'BusinessLinesRoute' | 'BlueprintsRoute' | 'CompaniesRoute' | 'StoresRoute',
  access: (typeof ACCESS)[keyof typeof ACCESS],
): RouteObject[] {
  return pages([path, `${path}/create`, `${path}/:id`, `${path}/:id/edit`, `${path}/import/:jobId?`], catalogs, name, access);
}

export const protectedRoutes: RouteObject[] = [
  // Home is where everyone lands after signing in; VIEW_HOME governs the menu entry and the tab.
  { path: 'home', ...page(home, 'HomeRoute') },

  ...pages(['activities', 'activities/create', 'activities/create/:id', 'activities/:id/:recurrenceId'], activities, 'ActivitiesRoute', ACCESS.activities),

  { path: 'advanced', ...page(workflows, 'AdvancedRoute', ACCESS.advanced) },
  { path: 'invite', ...page(settings, 'InviteRoute', ACCESS.invite) },
  { path: 'links', ...page(links, 'LinksRoute', ACCESS.links) },
  { path: 'my-account', ...page(account, 'MyAccountRoute') },
  { path: 'notifications', ...page(notifications, 'NotificationsRoute', ACCESS.notifications) },
  // The organisation's profile is for every member (decision 008); MANAGE_PEOPLE edits it.
  { path: 'organization', ...page(people, 'OrganizationRoute') },
  { path: 'org-chart', ...page(orgChart, 'OrgChartRoute', ACCESS.orgChart) },
  { path: 'positions', ...page(orgChart, 'PositionsRoute', ACCESS.positions) },
  ...pages(['positions/new', 'positions/:id'], orgChart, 'PositionFormRoute', ACCESS.positions),
  { path: 'positions/upload/:jobId?', ...page(orgChart, 'PositionsUploadRoute', ACCESS.positions) },
  { path: 'profile', ...page(account, 'ProfileRoute') },
  { path: 'profile/edit', ...page(account, 'ProfileEditRoute', ACCESS.profileEditing) },
  { path: 'settings', ...page(settings, 'SettingsRoute', ACCESS.settings) },
  { path: 'sync', ...page(sync, 'SyncRoute') },
  { path: 'tools', ...page(tools, 'ToolsRoute') },
  { path: 'lorem-ipsum/:title/:id', ...page(placeholder, 'LoremIpsumRoute') },

  ...pages(
    ['checklists/:category_id?', 'checklists/:id/execute', 'checklists/executions', 'checklists/executions/:execution_id', 'checklists/executions_detail/:execution_id'],
    checklists,
    'ChecklistsRoute',
    ACCESS.checklists,
  ),
  ...pages(['checklist-administration/:category_id?', 'checklists/update/:id?', 'checklists/create/:categoryId'], checklists, 'ChecklistAdminRoute', ACCESS.checklistAdmin),

  ...pages(['people', 'people/:id'], people, 'PeopleRoute', ACCESS.people),
  ...pages(['people/create', 'people/:id/edit'], people, 'PersonFormRoute', ACCESS.peopleManage),
  ...pages(['people-upload', 'people-bulk-load/:id'], people, 'PeopleUploadRoute', ACCESS.peopleUpload),
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
  // documents shared with the person: any signed-in member (issue 45 point 5)
  ...pages(['documents/shared', 'documents/shared/:id'], documents, 'SharedDocumentsRoute', {}),
  ...pages(['document-types/create', 'document-types/:id/edit'], documents, 'DocumentTypeFormRoute', ACCESS.documentTypes),

  ...pages(['posts', 'posts/new', 'posts/:id'], posts, 'PostsRoute', ACCESS.posts),
  { path: 'posts/:id/edit', ...page(posts, 'PostEditRoute', ACCESS.postsManage) },

  { path: 'reports', loader: () => replace('/reports/list'), Component: RouteFallback },
  { path: 'reports/list', ...page(reports, 'ReportsRoute', ACCESS.reports) },
  ...pages(
    ['reports/administration/:category_id?', 'reports/administration/create/:categoryId', 'reports/categories/:categoryId/tableau/:public_id/update'],
    reports,
    'ReportsAdminRoute',
    ACCESS.reportsAdmin,
  ),

  ...pages(
    [
      'workflows',
      'workflows/:workflowType/:id',
      'workflows/:workflowType/dispatch-action',
      'workflows/:workflowType/execute',
      'workflows/:workflowType/executions',
      'workflows/:workflowType/executions/:workflowId/:executionId',
      'workflows/:workflowType/:workflowId/start-execution/:bpmnId',
      'workflows/:workflowType/by-group/:wfGroupId/start-execution/:bpmnId',
    ],
    workflows,
    'WorkflowsRoute',
    ACCESS.workflows,
  ),
  ...pages(
    ['workflows/create/configuration', 'workflows/:workflowType/administration/:category_id?', 'workflows/:workflowType/configuration', 'workflows/:workflowType/configuration/kanban/:kanbanId'],
    workflows,
    'WorkflowsAdminRoute',
    ACCESS.workflowsManage,
  ),
  { path: 'workflows/:workflowId/form-builder/:formId?', ...page(formBuilder, 'FormBuilderRoute', ACCESS.workflowsManage) },
  { path: 'workflows/:workflowType/kanban/:kanbanId', ...page(workflows, 'KanbanBoardRoute', ACCESS.workflows) },

  { path: 'calculadora-permisos', ...page(permissionsCalculator, 'PermissionsCalculatorRoute', ACCESS.permissionsCalculator) },

  ...pages(
    ['fuentes-de-datos', 'fuentes-de-datos/crear', 'fuentes-de-datos/:id', 'fuentes-de-datos/:id/editar', 'fuentes-de-datos/:id/carga-masiva/:jobId?'],
    dataSources,
    'DataSourcesRoute',
    ACCESS.dataSources,
  ),

  ...pages(
    [
      'assets',
      'assets/home',
      'assets/list',
      'assets/barcodes',
      'assets/:assetId/calendar',
      'assets/:assetId/detail',
      'assets/:assetId/investment',
      'assets/:assetId',
      'assets/playground',
      'assets/scan',
      'assets/new',
      'assets/:assetId/edit',
      'assets/import/:jobId?',
    ],
    assets,
    'AssetsRoute',
    ACCESS.assets,
  ),
  ...pages(['assets/administration/:category_id?', 'asset-types/:assetTypeId', 'assets/maintenances/:workflowTypeId/administration/:category_id?'], assets, 'AssetsAdminRoute', ACCESS.assetsAdmin),
  ...pages(
    ['assets/maintenances/:workflowTypeId', 'assets/maintenances/:workflowType/executions/:activityPublicId', 'assets/maintenances/:workflowTypeId/execute'],
    assets,
    'MaintenanceRoute',
    ACCESS.assets,
  ),
  { path: 'assets/maintenance-executions', ...page(assets, 'MaintenanceRoute', ACCESS.maintenanceExecutions) },
  { path: 'assets/qr-generator', ...page(assets, 'QrGeneratorRoute', ACCESS.qrGenerator) },
];
