import { z } from 'zod';
import {
  BI_PROVIDERS,
  REPORTS_BASE,
  ZBiConnection,
  ZBiConnectionWrite,
  ZChartKind,
  ZChartQuery,
  ZPublicLink,
  ZPublicLinkWrite,
  ZPublicReport,
  ZReport,
  ZReportCategory,
  ZReportCategoryOrder,
  ZReportCategoryWrite,
  ZReportList,
  ZReportUpdate,
  ZReportView,
  ZReportWrite,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { deleteConnectionSecret, listConnections, saveConnection } from './reports.connections.ts';
import { allowTenantTableauScripts, forgetTableauOrigins } from './reports.csp.ts';
import { createLink, listLinks, readPublic, revokeLink } from './reports.links.ts';
import {
  chartKinds,
  createCategory,
  createReport,
  deleteCategory,
  deleteReport,
  deliverReport,
  getReport,
  listCategories,
  listReports,
  orderCategories,
  updateCategory,
  updateReport,
  viewReport,
  NOTIFY_QUEUE,
  type NotifyJob,
} from './reports.service.ts';

const tags = ['reports'];
const VIEW = requires('VIEW_REPORTS');
const MANAGE = requires('MANAGE_REPORTS');
const idParams = z.object({ id: z.string().max(100) });
const linkParams = z.object({ id: z.string().max(100), linkId: z.string().max(100) });
const providerParams = z.object({ provider: z.enum(BI_PROVIDERS) });

const defined = new WeakMap<object, Promise<void>>();

/** The notify job, once per job queue (the tests build several apps on one platform). */
export function defineReportJobs(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = platform.jobs.define<NotifyJob>(
      NOTIFY_QUEUE,
      async (job) => {
        await deliverReport(platform, job);
      },
      { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 600, pollingIntervalSeconds: 1 },
    );
    defined.set(platform.jobs, done);
  }
  return done;
}

/** Reports (decision 027): categories, built-in charts, embedded BI dashboards, public links. */
export async function reportsRoutes(app: App, platform: Platform): Promise<void> {
  await defineReportJobs(platform);
  allowTenantTableauScripts(app, platform);
  const base = REPORTS_BASE;

  // categories
  app.get(`${base}/categories/`, { config: { access: VIEW }, schema: { tags, response: { 200: z.object({ results: z.array(ZReportCategory) }) } } }, async (request) =>
    listCategories(ctxOf(request, platform)),
  );
  app.post(`${base}/categories/`, { config: { access: MANAGE }, schema: { tags, body: ZReportCategoryWrite, response: { 201: ZReportCategory } } }, async (request, reply) =>
    reply.status(201).send(await createCategory(ctxOf(request, platform), request.body)),
  );
  app.put(
    `${base}/categories/order/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'The categories in this order', body: ZReportCategoryOrder, response: { 200: z.object({ results: z.array(ZReportCategory) }) } } },
    async (request) => orderCategories(ctxOf(request, platform), request.body.ids),
  );
  app.patch(`${base}/categories/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZReportCategoryWrite, response: { 200: ZReportCategory } } }, async (request) =>
    updateCategory(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${base}/categories/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Delete an empty category (409 in-use otherwise)', params: idParams } }, async (request, reply) => {
    await deleteCategory(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });

  // reports
  app.get(`${base}/charts/`, { config: { access: VIEW }, schema: { tags, summary: 'The built-in charts', response: { 200: z.object({ results: z.array(ZChartKind) }) } } }, async () => chartKinds());
  app.get(
    `${base}/reports/`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'The caller’s reports (their audiences’; every one with MANAGE_REPORTS) and their categories',
        querystring: z.object({ category: z.string().max(100).optional() }),
        response: { 200: ZReportList },
      },
    },
    async (request) => listReports(ctxOf(request, platform), request.query),
  );
  app.post(`${base}/reports/`, { config: { access: MANAGE }, schema: { tags, body: ZReportWrite, response: { 201: ZReport } } }, async (request, reply) =>
    reply.status(201).send(await createReport(ctxOf(request, platform), request.body)),
  );
  app.get(`${base}/reports/:id/`, { config: { access: VIEW }, schema: { tags, params: idParams, response: { 200: ZReport } } }, async (request) =>
    getReport(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${base}/reports/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZReportUpdate, response: { 200: ZReport } } }, async (request) =>
    updateReport(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${base}/reports/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteReport(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
  app.get(
    `${base}/reports/:id/view/`,
    {
      config: { access: VIEW },
      schema: {
        tags,
        summary: 'A built-in chart’s data, or an embedded dashboard’s token minted for the caller (10 minutes)',
        params: idParams,
        querystring: ZChartQuery,
        response: { 200: ZReportView },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return viewReport(ctxOf(request, platform), request.params.id, request.query);
    },
  );

  // public links
  app.get(`${base}/reports/:id/public-links/`, { config: { access: MANAGE }, schema: { tags, params: idParams, response: { 200: z.object({ results: z.array(ZPublicLink) }) } } }, async (request) =>
    listLinks(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${base}/reports/:id/public-links/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'A new public link (built-in charts only)', params: idParams, body: ZPublicLinkWrite, response: { 201: ZPublicLink } } },
    async (request, reply) => reply.status(201).send(await createLink(ctxOf(request, platform), request.params.id, request.body)),
  );
  app.post(
    `${base}/reports/:id/public-links/:linkId/revoke/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Revoke a public link for good', params: linkParams, response: { 200: ZPublicLink } } },
    async (request) => revokeLink(ctxOf(request, platform), request.params.id, request.params.linkId),
  );
  app.get(
    `${base}/public/:publicId/`,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'A public report, signed out (410 report-link-revoked / report-link-expired; 429 past the per-address limit)',
        params: z.object({ publicId: z.string().max(100) }),
        querystring: ZChartQuery,
        response: { 200: ZPublicReport },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readPublic(ctxOf(request, platform), request.params.publicId, request.ip, request.query);
    },
  );

  // BI connections (secrets written, never read back)
  app.get(`${base}/bi-connections/`, { config: { access: MANAGE }, schema: { tags, response: { 200: z.object({ results: z.array(ZBiConnection) }) } } }, async (request) =>
    listConnections(ctxOf(request, platform)),
  );
  app.put(
    `${base}/bi-connections/:provider/`,
    { config: { access: MANAGE }, schema: { tags, params: providerParams, body: ZBiConnectionWrite, response: { 200: ZBiConnection } } },
    async (request) => {
      const saved = await saveConnection(ctxOf(request, platform), request.params.provider, request.body);
      forgetTableauOrigins(request.tenantRecord!.id);
      return saved;
    },
  );
  app.delete(`${base}/bi-connections/:provider/secret/`, { config: { access: MANAGE }, schema: { tags, params: providerParams } }, async (request, reply) => {
    await deleteConnectionSecret(ctxOf(request, platform), request.params.provider);
    return reply.status(204).send();
  });
}
