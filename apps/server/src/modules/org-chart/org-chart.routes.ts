import { z } from 'zod';
import { ZCreatePositionRequest, ZOrgChart, ZPosition, ZPositionListQuery, ZUpdatePositionRequest, zPaged } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { behind, requires, requiresAny } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerImportRoutes } from '../imports/index.ts';
import { positionsImporter } from './org-chart.importer.ts';
import { createPosition, getPosition, listPositions, orgChart, removePosition, updatePosition } from './org-chart.service.ts';

const prefix = '/api/audiences/v3';
const tags = ['org-chart'];
/** The chart: for whoever views it, and for whoever manages positions (their screens show parents by title). */
const VIEW = requiresAny('VIEW_ORG_CHART', 'MANAGE_ORG_CHART');
/** Managing positions is its own feature (flag `manage_positions`, on in production; the chart's flag is not). */
const MANAGE = behind(requires('MANAGE_ORG_CHART'), { flag: 'manage_positions', detail: 'Managing positions is not enabled for this organisation.' });
/**
 * Positions are read by the chart, their own screens and every position picker (the person form,
 * the people filter, audiences, the permissions calculator): whoever works with the chart or with
 * people may list them.
 */
const READ = requiresAny('VIEW_ORG_CHART', 'MANAGE_ORG_CHART', 'VIEW_PEOPLE', 'MANAGE_PEOPLE');
const idParams = z.object({ id: z.string().max(100) });

/** Positions and the organisation chart (spec forms §3; /org-chart). */
export function orgChartRoutes(app: App, platform: Platform): void {
  app.get(
    `${prefix}/org-chart/`,
    { config: { access: VIEW }, schema: { tags, summary: 'The organisation chart: positions as nodes, parent → child edges', response: { 200: ZOrgChart } } },
    async (request) => orgChart(ctxOf(request, platform)),
  );
  app.get(`${prefix}/positions/`, { config: { access: READ }, schema: { tags, querystring: ZPositionListQuery, response: { 200: zPaged(ZPosition) } } }, async (request) => {
    const page = await listPositions(ctxOf(request, platform), request.query);
    return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
  });
  app.post(
    `${prefix}/positions/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Create a position; its people get its default permissions', body: ZCreatePositionRequest, response: { 201: ZPosition } } },
    async (request, reply) => reply.status(201).send(await createPosition(ctxOf(request, platform), request.body)),
  );
  registerImportRoutes(app, platform, { prefix: `${prefix}/positions/imports`, access: MANAGE, tags, importer: () => positionsImporter });
  app.get(`${prefix}/positions/:id/`, { config: { access: READ }, schema: { tags, params: idParams, response: { 200: ZPosition } } }, async (request) =>
    getPosition(ctxOf(request, platform), request.params.id),
  );
  app.patch(
    `${prefix}/positions/:id/`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Edit; `people` replaces the holders (new ones get the default permissions), `parents` the edges (cycles refused)',
        params: idParams,
        body: ZUpdatePositionRequest,
        response: { 200: ZPosition },
      },
    },
    async (request) => updatePosition(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(
    `${prefix}/positions/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Delete the position with its edges and assignments (permissions given stay)', params: idParams } },
    async (request, reply) => {
      await removePosition(ctxOf(request, platform), request.params.id);
      return reply.status(204).send();
    },
  );
}
