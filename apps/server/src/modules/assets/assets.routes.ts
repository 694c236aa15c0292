import { z } from 'zod';
import {
  ASSETS_BASE,
  ZAsset,
  ZAssetCategory,
  ZAssetCategoryList,
  ZAssetCategoryUpdate,
  ZAssetCategoryWrite,
  ZAssetCodeParams,
  ZAssetExport,
  ZAssetExportRequest,
  ZAssetIdParams,
  ZAssetListQuery,
  ZAssetOverview,
  ZAssetScan,
  ZAssetSummary,
  ZAssetType,
  ZAssetTypeList,
  ZAssetTypeQuery,
  ZAssetTypeUpdate,
  ZAssetTypeWrite,
  ZAssetUpdate,
  ZAssetWrite,
  ZCalendar,
  ZCalendarQuery,
  ZInvestment,
  ZMaintenance,
  ZMaintenanceComplete,
  ZMaintenanceParams,
  ZMaintenancePlan,
  ZMaintenancePlanWrite,
  ZMaintenanceQuery,
  ZMaintenanceStart,
  ZMeter,
  ZMeterList,
  ZMeterParams,
  ZMeterPlanParams,
  ZMeterPlanWrite,
  ZMeterReading,
  ZMeterReadingResult,
  ZMeterReadingWrite,
  ZMeterWrite,
  ZPageQuery,
  ZLabelJob,
  ZLabelRequest,
  LABELS_DIRECT_MAX,
  ZScanRequest,
  zPaged,
} from '@faena/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { requires, requiresAny } from '../../platform/http/access.ts';
import { ctxOf, type Ctx } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { scheduleRecurring } from '../../platform/recurring.ts';
import { removeActivity } from '../activities/index.ts';
import { registerImportRoutes } from '../imports/index.ts';
import { allTenants } from '../tenants/index.ts';
import { BodyError, FieldErrors } from '../../platform/errors.ts';
import { assertFeature } from '../../platform/tenancy.ts';
import { defineAssetExportJobs, exportDownload, getExport, listExports, startExport } from './assets.export.ts';
import { assertAssetAdminOn, assertAssetsOn, notFound } from './assets.guard.ts';
import { assetsImporter } from './assets.importer.ts';
import { defineLabelJobs, getLabelJob, labelJobDownload, listLabelJobs, startLabelJob } from './assets.label-jobs.ts';
import { labelAssets, renderLabels } from './assets.labels.ts';
import { addReading, createMeter, createMeterPlan, deleteMeter, deleteMeterPlan, listMeters, listReadings } from './assets.meters.ts';
import { publicAssetRoutes } from './assets.public.ts';
import { registerAssetReferences } from './assets.references.ts';
import {
  calendar,
  completeMaintenance,
  createPlan,
  deletePlan,
  detachAsset,
  freshAsset,
  getMaintenance,
  investment,
  listMaintenances,
  listPlans,
  startMaintenance,
  sweepStatuses,
  syncTenant,
} from './assets.maintenance.ts';
import {
  assetView,
  createAsset,
  createCategory,
  createType,
  deleteAsset,
  deleteCategory,
  deleteType,
  findAsset,
  getByCode,
  getType,
  listAssets,
  listCategories,
  listTypes,
  myScans,
  overview,
  scan,
  updateAsset,
  updateCategory,
  updateType,
} from './assets.service.ts';

const tags = ['assets'];
/** Any of the three asset keys lets a member see assets (spec shell §2: the Assets tab shows for any of them). */
export const VIEW = requiresAny('VIEW_ASSETS', 'MANAGE_ASSETS', 'ADMIN_ASSETS');
export const MANAGE = requires('MANAGE_ASSETS');
const ADMIN = requires('ADMIN_ASSETS');
const STATUS_QUEUE = 'assets.status-sweep';

/** The context of an asset route, once the tenant's asset module and flag allow it. */
export function assetCtx(request: FastifyRequest, platform: Platform): Ctx {
  const ctx = ctxOf(request, platform);
  assertAssetsOn(ctx.tenant);
  return ctx;
}
function adminCtx(request: FastifyRequest, platform: Platform): Ctx {
  const ctx = ctxOf(request, platform);
  assertAssetAdminOn(ctx.tenant);
  return ctx;
}

/** Assets and their maintenance (decision 028). */
export async function assetsRoutes(app: App, platform: Platform): Promise<void> {
  const base = ASSETS_BASE;
  // forms' asset fields are checked against real assets
  registerAssetReferences();

  // overdue preventive occurrences turn their assets' status without anyone asking
  await scheduleRecurring(platform, {
    queue: STATUS_QUEUE,
    everySeconds: 300,
    run: async () => {
      for (const { id: tenantId } of await allTenants(platform.db)) await platform.db.transaction(tenantId, (tx) => sweepStatuses(tx, tenantId));
    },
  });

  // -------------------------------------------------------------------------------- categories
  app.get(`${base}/categories/`, { config: { access: VIEW }, schema: { tags, summary: 'Asset categories', response: { 200: ZAssetCategoryList } } }, async (request) =>
    listCategories(assetCtx(request, platform)),
  );
  app.post(`${base}/categories/`, { config: { access: ADMIN }, schema: { tags, body: ZAssetCategoryWrite, response: { 201: ZAssetCategory } } }, async (request, reply) =>
    reply.status(201).send(await createCategory(adminCtx(request, platform), request.body)),
  );
  app.patch(`${base}/categories/:id/`, { config: { access: ADMIN }, schema: { tags, params: ZAssetIdParams, body: ZAssetCategoryUpdate, response: { 200: ZAssetCategory } } }, async (request) =>
    updateCategory(adminCtx(request, platform), request.params.id, request.body),
  );
  app.delete(`${base}/categories/:id/`, { config: { access: ADMIN }, schema: { tags, summary: '409 in-use while it has types', params: ZAssetIdParams } }, async (request, reply) => {
    await deleteCategory(adminCtx(request, platform), request.params.id);
    return reply.status(204).send();
  });

  // -------------------------------------------------------------------------------- types
  app.get(`${base}/asset-types/`, { config: { access: VIEW }, schema: { tags, querystring: ZAssetTypeQuery, response: { 200: ZAssetTypeList } } }, async (request) =>
    listTypes(assetCtx(request, platform), request.query),
  );
  app.post(`${base}/asset-types/`, { config: { access: ADMIN }, schema: { tags, body: ZAssetTypeWrite, response: { 201: ZAssetType } } }, async (request, reply) =>
    reply.status(201).send(await createType(adminCtx(request, platform), request.body)),
  );
  app.get(`${base}/asset-types/:id/`, { config: { access: VIEW }, schema: { tags, params: ZAssetIdParams, response: { 200: ZAssetType } } }, async (request) =>
    getType(assetCtx(request, platform), request.params.id),
  );
  app.patch(`${base}/asset-types/:id/`, { config: { access: ADMIN }, schema: { tags, params: ZAssetIdParams, body: ZAssetTypeUpdate, response: { 200: ZAssetType } } }, async (request) =>
    updateType(adminCtx(request, platform), request.params.id, request.body),
  );
  app.delete(`${base}/asset-types/:id/`, { config: { access: ADMIN }, schema: { tags, summary: '409 in-use while assets have it', params: ZAssetIdParams } }, async (request, reply) => {
    await deleteType(adminCtx(request, platform), request.params.id);
    return reply.status(204).send();
  });

  // -------------------------------------------------------------------------------- assets (fixed paths before /:id/)
  app.get(
    `${base}/assets/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Assets, filtered and paged', querystring: ZAssetListQuery, response: { 200: zPaged(ZAssetSummary) } } },
    async (request) => {
      const ctx = assetCtx(request, platform);
      await syncTenant(ctx);
      const page = await listAssets(ctx, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${base}/assets/`,
    { config: { access: MANAGE }, schema: { tags, summary: '409 duplicate-code when the code is taken in the organisation', body: ZAssetWrite, response: { 201: ZAsset } } },
    async (request, reply) => reply.status(201).send(await createAsset(assetCtx(request, platform), request.body)),
  );
  app.get(`${base}/assets/overview/`, { config: { access: VIEW }, schema: { tags, summary: 'Counts by status, type, category and venue', response: { 200: ZAssetOverview } } }, async (request) => {
    const ctx = assetCtx(request, platform);
    await syncTenant(ctx);
    return overview(ctx);
  });
  app.get(
    `${base}/assets/by-code/:code/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'The asset with this code; 404 asset-not-found "Could not find an asset with the code {code}"', params: ZAssetCodeParams, response: { 200: ZAsset } },
    },
    async (request) => {
      const ctx = assetCtx(request, platform);
      return getByCode(ctx, request.params.code, (tx, row) => freshAsset(tx, ctx.tenant.id, row));
    },
  );
  app.post(
    `${base}/assets/scans/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'A scanned or typed code: recorded in the caller’s history, answered with the asset (or 404 asset-not-found)', body: ZScanRequest, response: { 200: ZAsset } },
    },
    async (request) => {
      const ctx = assetCtx(request, platform);
      return scan(ctx, request.body.code, (tx, row) => freshAsset(tx, ctx.tenant.id, row));
    },
  );
  app.get(
    `${base}/assets/scans/`,
    { config: { access: VIEW }, schema: { tags, summary: 'The caller’s scan history, newest first', querystring: ZPageQuery, response: { 200: zPaged(ZAssetScan) } } },
    async (request) => {
      const page = await myScans(assetCtx(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );

  // bulk load through the imports engine (an 'assets' import kind): upload, validate, preview, apply
  registerImportRoutes(app, platform, {
    prefix: `${base}/assets/imports`,
    access: MANAGE,
    tags,
    importer: (ctx) => {
      assertAssetsOn(ctx.tenant);
      return assetsImporter;
    },
  });

  // exports (a background job, like the directory's)
  await defineAssetExportJobs(platform);
  app.post(
    `${base}/assets/export/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'A CSV or XLSX file of the assets the filters select, made in the background (the import’s columns first)', body: ZAssetExportRequest, response: { 202: ZAssetExport } },
    },
    async (request, reply) => reply.status(202).send(await startExport(assetCtx(request, platform), request.body)),
  );
  app.get(
    `${base}/assets/exports/`,
    { config: { access: VIEW }, schema: { tags, summary: 'The caller’s exports, newest first', querystring: ZPageQuery, response: { 200: zPaged(ZAssetExport) } } },
    async (request) => {
      const page = await listExports(assetCtx(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(`${base}/assets/exports/:id/`, { config: { access: VIEW }, schema: { tags, params: ZAssetIdParams, response: { 200: ZAssetExport } } }, async (request) =>
    getExport(assetCtx(request, platform), request.params.id),
  );
  app.get(`${base}/assets/exports/:id/download`, { config: { access: VIEW }, schema: { tags, summary: 'The file of a finished export', params: ZAssetIdParams } }, async (request, reply) =>
    exportDownload(assetCtx(request, platform), request.params.id, reply),
  );

  app.get(`${base}/assets/:id/`, { config: { access: VIEW }, schema: { tags, params: ZAssetIdParams, response: { 200: ZAsset } } }, async (request) => {
    const ctx = assetCtx(request, platform);
    return ctx.tx(async (tx) => {
      const row = await findAsset(tx, ctx.tenant.id, request.params.id);
      if (!row) throw notFound('Asset');
      return assetView(ctx, tx, await freshAsset(tx, ctx.tenant.id, row));
    });
  });
  app.patch(`${base}/assets/:id/`, { config: { access: MANAGE }, schema: { tags, params: ZAssetIdParams, body: ZAssetUpdate, response: { 200: ZAsset } } }, async (request) =>
    updateAsset(assetCtx(request, platform), request.params.id, request.body),
  );
  app.delete(
    `${base}/assets/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Its children stay, without a parent; its plans’ activities go too', params: ZAssetIdParams } },
    async (request, reply) => {
      const ctx = assetCtx(request, platform);
      let activities: string[] = [];
      await deleteAsset(ctx, request.params.id, async (tx, assetId) => {
        activities = await detachAsset(tx, ctx.tenant.id, assetId);
      });
      for (const id of activities) await removeActivity(ctx, id).catch(() => undefined);
      return reply.status(204).send();
    },
  );

  // -------------------------------------------------------------------------------- maintenance
  app.get(
    `${base}/assets/:id/maintenances/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'The asset’s maintenance history, newest first', params: ZAssetIdParams, querystring: ZMaintenanceQuery, response: { 200: zPaged(ZMaintenance) } },
    },
    async (request) => {
      const page = await listMaintenances(assetCtx(request, platform), request.params.id, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${base}/assets/:id/maintenances/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Starts a maintenance: an execution of one of the type’s maintenance workflow types (variable asset), or a record',
        params: ZAssetIdParams,
        body: ZMaintenanceStart,
        response: { 201: ZMaintenance },
      },
    },
    async (request, reply) => reply.status(201).send(await startMaintenance(assetCtx(request, platform), request.params.id, request.body)),
  );
  app.post(
    `${base}/assets/:id/maintenances/:mid/complete/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Completes or cancels a maintenance record (409 workflow-maintenance for an execution)',
        params: ZMaintenanceParams,
        body: ZMaintenanceComplete,
        response: { 200: ZMaintenance },
      },
    },
    async (request) => completeMaintenance(assetCtx(request, platform), request.params.id, request.params.mid, request.body),
  );
  app.get(
    `${base}/maintenance-executions/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Every asset maintenance, newest first', querystring: ZMaintenanceQuery, response: { 200: zPaged(ZMaintenance) } } },
    async (request) => {
      const page = await listMaintenances(assetCtx(request, platform), null, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${base}/maintenance-executions/:id/`,
    {
      config: { access: VIEW },
      schema: { tags, summary: 'One asset maintenance (what the execution page opens without its asset in the address)', params: ZAssetIdParams, response: { 200: ZMaintenance } },
    },
    async (request) => getMaintenance(assetCtx(request, platform), request.params.id),
  );
  app.get(
    `${base}/assets/:id/plans/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Preventive plans (recurring activities)', params: ZAssetIdParams, response: { 200: z.object({ results: z.array(ZMaintenancePlan) }) } } },
    async (request) => listPlans(assetCtx(request, platform), request.params.id),
  );
  app.post(
    `${base}/assets/:id/plans/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'A preventive plan: a recurring activity for the responsible', params: ZAssetIdParams, body: ZMaintenancePlanWrite, response: { 201: ZMaintenancePlan } },
    },
    async (request, reply) => reply.status(201).send(await createPlan(assetCtx(request, platform), request.params.id, request.body)),
  );
  app.delete(`${base}/assets/:id/plans/:mid/`, { config: { access: MANAGE }, schema: { tags, summary: 'Removes the plan and its activity', params: ZMaintenanceParams } }, async (request, reply) => {
    await deletePlan(assetCtx(request, platform), request.params.id, request.params.mid);
    return reply.status(204).send();
  });
  // meters and plans by use
  app.get(
    `${base}/assets/:id/meters/`,
    { config: { access: VIEW }, schema: { tags, summary: 'The asset’s meters (horómetro, km) with their last reading and plans by use', params: ZAssetIdParams, response: { 200: ZMeterList } } },
    async (request) => listMeters(assetCtx(request, platform), request.params.id),
  );
  app.post(
    `${base}/assets/:id/meters/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'A meter of the asset (its name unique on the asset), with the reading today when known', params: ZAssetIdParams, body: ZMeterWrite, response: { 201: ZMeter } },
    },
    async (request, reply) => reply.status(201).send(await createMeter(assetCtx(request, platform), request.params.id, request.body)),
  );
  app.delete(
    `${base}/assets/:id/meters/:mid/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Removes the meter, its readings and its plans', params: ZMeterParams } },
    async (request, reply) => {
      await deleteMeter(assetCtx(request, platform), request.params.id, request.params.mid);
      return reply.status(204).send();
    },
  );
  app.get(
    `${base}/assets/:id/meters/:mid/readings/`,
    { config: { access: VIEW }, schema: { tags, summary: 'The meter’s readings, newest first', params: ZMeterParams, querystring: ZPageQuery, response: { 200: zPaged(ZMeterReading) } } },
    async (request) => {
      const page = await listReadings(assetCtx(request, platform), request.params.id, request.params.mid, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${base}/assets/:id/meters/:mid/readings/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Records a reading (never below the last: 400 reading-decreased); each plan whose threshold it reaches opens a preventive maintenance',
        params: ZMeterParams,
        body: ZMeterReadingWrite,
        response: { 201: ZMeterReadingResult },
      },
    },
    async (request, reply) => reply.status(201).send(await addReading(assetCtx(request, platform), request.params.id, request.params.mid, request.body.value)),
  );
  app.post(
    `${base}/assets/:id/meters/:mid/plans/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'A preventive plan by use: a maintenance every N of the meter’s units', params: ZMeterParams, body: ZMeterPlanWrite, response: { 201: ZMeter } },
    },
    async (request, reply) => reply.status(201).send(await createMeterPlan(assetCtx(request, platform), request.params.id, request.params.mid, request.body)),
  );
  app.delete(`${base}/assets/:id/meters/:mid/plans/:pid/`, { config: { access: MANAGE }, schema: { tags, summary: 'Removes a plan by use', params: ZMeterPlanParams } }, async (request, reply) => {
    await deleteMeterPlan(assetCtx(request, platform), request.params.id, request.params.mid, request.params.pid);
    return reply.status(204).send();
  });
  app.get(
    `${base}/assets/:id/calendar/`,
    { config: { access: VIEW }, schema: { tags, summary: 'The plans’ occurrences in [from, to)', params: ZAssetIdParams, querystring: ZCalendarQuery, response: { 200: ZCalendar } } },
    async (request) => calendar(assetCtx(request, platform), request.params.id, request.query.from, request.query.to),
  );
  app.post(
    `${base}/labels/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'A printable PDF sheet of labels (QR: the label’s public address; Code 128 or DataMatrix: the code; name and code under each), streamed; at most 5,000 (400 too-many-labels)',
        body: ZLabelRequest,
      },
    },
    async (request, reply) => {
      const ctx = assetCtx(request, platform);
      assertFeature(ctx.tenant, 'qr_generator', 'The label generator is not enabled for this organisation.');
      if (request.body.asset_ids === undefined && request.body.filters === undefined) throw new FieldErrors({ asset_ids: ['Name the assets, or give filters.'] });
      const list = await labelAssets(ctx, request.body);
      if (list.length > LABELS_DIRECT_MAX)
        throw new BodyError(400, {
          code: 'labels-use-job',
          detail: `More than ${LABELS_DIRECT_MAX} labels are made in the background: POST /labels/jobs/.`,
          max: LABELS_DIRECT_MAX,
          count: list.length,
        });
      const stream = await renderLabels(request.body.kind, request.body.size, list);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="etiquetas-${request.body.kind}-${request.body.size}.pdf"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );
  // large sheets: a background job with progress, then the PDF
  await defineLabelJobs(platform);
  const labelsCtx = (request: FastifyRequest) => {
    const ctx = assetCtx(request, platform);
    assertFeature(ctx.tenant, 'qr_generator', 'The label generator is not enabled for this organisation.');
    return ctx;
  };
  app.post(
    `${base}/labels/jobs/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: `A label sheet made in the background (any size up to 5,000; what the direct PDF refuses above ${LABELS_DIRECT_MAX})`,
        body: ZLabelRequest,
        response: { 202: ZLabelJob },
      },
    },
    async (request, reply) => {
      if (request.body.asset_ids === undefined && request.body.filters === undefined) throw new FieldErrors({ asset_ids: ['Name the assets, or give filters.'] });
      return reply.status(202).send(await startLabelJob(labelsCtx(request), request.body));
    },
  );
  app.get(
    `${base}/labels/jobs/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'The caller’s label sheets, newest first', response: { 200: z.object({ results: z.array(ZLabelJob) }) } } },
    async (request) => listLabelJobs(labelsCtx(request)),
  );
  app.get(
    `${base}/labels/jobs/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'One of the caller’s label sheets: its progress', params: ZAssetIdParams, response: { 200: ZLabelJob } } },
    async (request) => getLabelJob(labelsCtx(request), request.params.id),
  );
  app.get(`${base}/labels/jobs/:id/download`, { config: { access: MANAGE }, schema: { tags, summary: 'The PDF of a finished label sheet', params: ZAssetIdParams } }, async (request, reply) =>
    labelJobDownload(labelsCtx(request), request.params.id, reply),
  );
  await publicAssetRoutes(app, platform);
  app.get(
    `${base}/assets/:id/investment/`,
    { config: { access: VIEW }, schema: { tags, summary: 'Purchase, maintenance spend by month, straight-line depreciation', params: ZAssetIdParams, response: { 200: ZInvestment } } },
    async (request) => investment(assetCtx(request, platform), request.params.id),
  );
}
