import { z } from 'zod';
import {
  ZCreateDataSourceRequest,
  ZCreateDataSourceRowRequest,
  ZDataSource,
  ZDataSourceListQuery,
  ZDataSourceRow,
  ZDataSourceRowsQuery,
  ZDataSourceUsage,
  ZMoveDataSourceRowRequest,
  zPaged,
  ZUpdateDataSourceRequest,
  ZUpdateDataSourceRowRequest,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { registerImportRoutes } from '../imports/index.ts';
import { dataSourceRowsImporter } from './data-sources.importer.ts';
import { activeDataSource, addRow, createDataSource, dataSourceUsage, editDataSource, editRow, getDataSource, listAll, listDataSourceRows, moveDataSourceRow } from './data-sources.service.ts';

const prefix = '/api/resources/v3/data-sources';
const tags = ['data-sources'];
const MANAGE = requires('MANAGE_DATA_SOURCES');
const idParams = z.object({ id: z.string().max(100) });
const rowParams = idParams.extend({ rowId: z.string().max(100) });

/** Data sources (spec forms §2 /fuentes-de-datos): key/label catalogues of data_source form fields. */
export function dataSourcesRoutes(app: App, platform: Platform): void {
  app.get(`${prefix}/`, { config: { access: SIGNED_IN }, schema: { tags, querystring: ZDataSourceListQuery, response: { 200: zPaged(ZDataSource) } } }, async (request) => {
    const page = await listAll(ctxOf(request, platform), request.query);
    return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
  });
  app.post(`${prefix}/`, { config: { access: MANAGE }, schema: { tags, body: ZCreateDataSourceRequest, response: { 201: ZDataSource } } }, async (request, reply) =>
    reply.status(201).send(await createDataSource(ctxOf(request, platform), request.body)),
  );
  app.get(`${prefix}/:id/`, { config: { access: SIGNED_IN }, schema: { tags, params: idParams, response: { 200: ZDataSource } } }, async (request) =>
    getDataSource(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${prefix}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZUpdateDataSourceRequest, response: { 200: ZDataSource } } }, async (request) =>
    editDataSource(ctxOf(request, platform), request.params.id, request.body),
  );
  app.get(
    `${prefix}/:id/usage/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'The forms whose latest version reads this data source', params: idParams, response: { 200: ZDataSourceUsage } } },
    async (request) => dataSourceUsage(ctxOf(request, platform), request.params.id),
  );
  app.delete(`${prefix}/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Soft delete (is_active false)', params: idParams } }, async (request, reply) => {
    await editDataSource(ctxOf(request, platform), request.params.id, { is_active: false });
    return reply.status(204).send();
  });

  app.get(
    `${prefix}/:id/rows/`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Key/label rows, searchable (data_source form fields)', params: idParams, querystring: ZDataSourceRowsQuery, response: { 200: zPaged(ZDataSourceRow) } },
    },
    async (request) => {
      const page = await listDataSourceRows(ctxOf(request, platform), request.params.id, request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(`${prefix}/:id/rows/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZCreateDataSourceRowRequest, response: { 201: ZDataSourceRow } } }, async (request, reply) =>
    reply.status(201).send(await addRow(ctxOf(request, platform), request.params.id, request.body)),
  );
  app.patch(`${prefix}/:id/rows/:rowId`, { config: { access: MANAGE }, schema: { tags, params: rowParams, body: ZUpdateDataSourceRowRequest, response: { 200: ZDataSourceRow } } }, async (request) =>
    editRow(ctxOf(request, platform), request.params.id, request.params.rowId, request.body),
  );
  app.post(
    `${prefix}/:id/rows/:rowId/move`,
    {
      config: { access: MANAGE },
      schema: {
        tags,
        summary: 'Move a row of a manually ordered source: up or down one place, or first or last (409 label-order when the source is listed by label)',
        params: rowParams,
        body: ZMoveDataSourceRowRequest,
        response: { 200: ZDataSourceRow },
      },
    },
    async (request) => moveDataSourceRow(ctxOf(request, platform), request.params.id, request.params.rowId, request.body.to),
  );
  app.delete(`${prefix}/:id/rows/:rowId`, { config: { access: MANAGE }, schema: { tags, summary: 'Soft delete (is_active false)', params: rowParams } }, async (request, reply) => {
    await editRow(ctxOf(request, platform), request.params.id, request.params.rowId, { is_active: false });
    return reply.status(204).send();
  });

  registerImportRoutes(app, platform, {
    prefix: `${prefix}/:id/imports`,
    access: MANAGE,
    tags,
    params: { id: z.string().max(100) },
    importer: async (ctx, params) => {
      const source = await activeDataSource(ctx, params.id ?? '');
      return { importer: dataSourceRowsImporter, scope: source.id };
    },
  });
}
