import type { Module } from '../platform/http/app.ts';
import { activitiesRoutes } from './activities/index.ts';
import { audiencesRoutes } from './audiences/audiences.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { catalogsRoutes } from './catalogs/catalogs.routes.ts';
import { dataSourcesRoutes } from './data-sources/data-sources.routes.ts';
import { formsRoutes } from './forms/forms.routes.ts';
import { documentsRoutes } from './documents/documents.routes.ts';
import { importsRoutes } from './imports/imports.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { organizationRoutes } from './organization/organization.routes.ts';
import { orgChartRoutes } from './org-chart/org-chart.routes.ts';
import { peopleRoutes } from './people/people.routes.ts';
import { permissionsRoutes } from './permissions/permissions.routes.ts';
import { tenantsRoutes } from './tenants/tenants.routes.ts';
import { postsRoutes } from './posts/index.ts';
import { linksRoutes } from './links/index.ts';
import { workflowsRoutes } from './workflows/index.ts';
import { checklistsRoutes } from './checklists/index.ts';
import { assetsRoutes } from './assets/index.ts';
import { reportsRoutes } from './reports/index.ts';
import { homeRoutes } from './home/index.ts';
import { documentFilesWithShares, documentSharesRoutes } from './document-shares/index.ts';
import { pwaRoutes } from './pwa/index.ts';
import { readByEveryMember, registerFileHolders } from './documents/index.ts';
import { formResponseFiles } from './forms/forms.files.ts';
import { importFiles } from './imports/imports.files.ts';
import { postFiles } from './posts/posts.files.ts';
import { checklistExecutionFiles } from './checklists/checklists.files.ts';
import { assetFiles, maintenanceFiles } from './assets/assets.files.ts';
import { workflowExecutionFiles, workflowExportFiles } from './workflows/workflows.files.ts';
import { activityFiles } from './activities/activities.files.ts';

/** Every module's routes, in one list: the server and the tests build the same app from it. */
export const MODULES: readonly Module[] = [
  tenantsRoutes,
  authRoutes,
  permissionsRoutes,
  peopleRoutes,
  importsRoutes,
  orgChartRoutes,
  audiencesRoutes,
  organizationRoutes,
  catalogsRoutes,
  dataSourcesRoutes,
  documentsRoutes,
  auditRoutes,
  notificationsRoutes,
  formsRoutes,
  activitiesRoutes,
  postsRoutes,
  linksRoutes,
  workflowsRoutes,
  checklistsRoutes,
  assetsRoutes,
  reportsRoutes,
  homeRoutes,
  documentSharesRoutes,
  pwaRoutes,
];

/**
 * Who may read a stored file through what holds it (decision 032): each holding module's reader,
 * handed to documents here so documents imports none of them. A person's photo, a venue's image and
 * the organisation's logo are every member's to see.
 */
registerFileHolders([
  documentFilesWithShares,
  formResponseFiles,
  importFiles,
  postFiles,
  checklistExecutionFiles,
  assetFiles,
  maintenanceFiles,
  workflowExecutionFiles,
  workflowExportFiles,
  activityFiles,
  readByEveryMember('person'),
  readByEveryMember('venue'),
  readByEveryMember('organization'),
]);
