import { z } from 'zod';
import { ZCreateImportRequest, ZFileLanguage, ZImportJob, ZImportJobRef, ZImportKinds, ZImportRow, ZImportRowsQuery, ZPageQuery, zPaged } from '@faena/contracts';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, type Access } from '../../platform/http/access.ts';
import { ctxOf, type Ctx } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { IMPORTERS, type Importer } from './importer.ts';
import { FILE_ERROR_TEXTS, ROW_ERROR_TEXTS } from './imports.codes.ts';
import { defineImportJobs, IMPORT_MAX_BYTES } from './imports.engine.ts';
import { scheduleImportRetention } from './imports.retention.ts';
import { confirmImport, createImport, currentRecordsFile, discardImport, getImport, importRows, importRowsFile, listImports, resolveImport, type ImportTarget } from './imports.service.ts';

export interface ImportRoutesOptions {
  /** Where the family lives, e.g. `/api/audiences/v3/persons/imports` (may hold `:params`). */
  prefix: string;
  access: Access;
  tags: string[];
  /** Schemas of the prefix's own params (e.g. `{catalog}` or `{id}`). */
  params?: Record<string, z.ZodString>;
  /** false: the family offers no `current.csv` (people: their export is a background job of its own). */
  offersCurrent?: boolean;
  /** The importer and scope a request addresses; throws (404) when the prefix names nothing. */
  importer: (ctx: Ctx, params: Record<string, string>) => Importer<unknown> | ImportTarget | Promise<Importer<unknown> | ImportTarget>;
}

async function targetOf(options: ImportRoutesOptions, ctx: Ctx, params: Record<string, string>): Promise<ImportTarget> {
  const found = await options.importer(ctx, params);
  return 'importer' in found && 'scope' in found ? found : { importer: found as Importer<unknown>, scope: null };
}

/**
 * The routes of one import family (decision 008): list jobs, create (upload_id → validation in the
 * background), job status and progress, preview rows (and the same as a CSV file), apply (after
 * VALIDATION_OK), discard, and the current records as a file to edit and upload back.
 */
export function registerImportRoutes(app: App, platform: Platform, options: ImportRoutesOptions): void {
  const { prefix, access, tags } = options;
  const base = z.object(options.params ?? {});
  const withJob = base.extend({ jobId: z.string().max(20) });
  const params = (request: FastifyRequest) => request.params as Record<string, string>;
  const target = (request: FastifyRequest, ctx: Ctx) => targetOf(options, ctx, params(request));
  const job = (request: FastifyRequest) => params(request).jobId ?? '';

  app.get(
    `${prefix}/`,
    { config: { access }, schema: { tags, summary: 'Import jobs, newest first', params: base, querystring: ZPageQuery, response: { 200: zPaged(ZImportJob) } } },
    async (request) => {
      const ctx = ctxOf(request, platform);
      const page = await listImports(ctx, await target(request, ctx), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(
    `${prefix}/`,
    {
      config: { access },
      schema: { tags, summary: 'Start an import of a stored upload (CSV or XLSX): it is validated in the background', params: base, body: ZCreateImportRequest, response: { 201: ZImportJob } },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      return reply.status(201).send(await createImport(ctx, await target(request, ctx), request.body));
    },
  );
  app.get(`${prefix}/:jobId/`, { config: { access }, schema: { tags, summary: 'getJobStatus: status, progress, counts, error', params: withJob, response: { 200: ZImportJob } } }, async (request) => {
    const ctx = ctxOf(request, platform);
    return getImport(ctx, await target(request, ctx), job(request));
  });
  app.get(
    `${prefix}/:jobId/rows/`,
    { config: { access }, schema: { tags, summary: 'The preview: each row with its operation and error', params: withJob, querystring: ZImportRowsQuery, response: { 200: zPaged(ZImportRow) } } },
    async (request) => {
      const ctx = ctxOf(request, platform);
      const page = await importRows(ctx, await target(request, ctx), job(request), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${prefix}/:jobId/rows.csv`,
    {
      // a plain link downloads it: the session cookie is accepted like the bearer token
      config: { access: 'permissions' in access ? { ...access, cookie: true } : access },
      schema: {
        tags,
        summary: 'The preview as a CSV file: every row, one operation’s (ERROR: what to fix in the sheet) or a search’s',
        params: withJob,
        querystring: ZImportRowsQuery.pick({ operation: true, search: true }),
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      return importRowsFile(ctx, await target(request, ctx), job(request), request.query, reply);
    },
  );
  if (options.offersCurrent !== false)
    app.get(
      `${prefix}/current.csv`,
      {
        config: { access: 'permissions' in access ? { ...access, cookie: true } : access },
        schema: {
          tags,
          summary: 'The current records in this import’s columns, as a CSV file to edit and upload back (404 for a kind without one); its header row in Spanish unless `language=en`',
          params: base,
          querystring: z.object({ language: ZFileLanguage.default('es') }),
        },
      },
      async (request, reply) => {
        const ctx = ctxOf(request, platform);
        return currentRecordsFile(ctx, await target(request, ctx), request.query.language, reply);
      },
    );
  app.post(
    `${prefix}/:jobId/apply`,
    { config: { access }, schema: { tags, summary: 'Apply a validated import (all or nothing), in the background', params: withJob, response: { 202: ZImportJob } } },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      return reply.status(202).send(await confirmImport(ctx, await target(request, ctx), job(request)));
    },
  );
  app.delete(`${prefix}/:jobId/`, { config: { access }, schema: { tags, summary: 'Discard an import that is not running and applied nothing', params: withJob } }, async (request, reply) => {
    const ctx = ctxOf(request, platform);
    await discardImport(ctx, await target(request, ctx), job(request));
    return reply.status(204).send();
  });
}

/** The engine's queues and the catalogue of import kinds and error texts. */
export async function importsRoutes(app: App, platform: Platform): Promise<void> {
  await defineImportJobs(platform);
  await scheduleImportRetention(platform);
  app.get(
    '/api/resources/v3/imports/kinds',
    { config: { access: SIGNED_IN }, schema: { tags: ['imports'], summary: 'Every import kind with its columns, and the texts of every error code', response: { 200: ZImportKinds } } },
    async () => ({
      kinds: [...IMPORTERS.values()].map((importer) => ({
        kind: importer.kind,
        modes: importer.modes,
        default_mode: importer.defaultMode,
        has_current: importer.current !== undefined,
        columns: importer.columns.map((column) => ({
          name: column.name,
          header_es: column.headerEs,
          aliases: column.aliases ?? [],
          required: column.required,
          description: column.description,
          description_es: column.descriptionEs,
        })),
      })),
      error_codes: { ...ROW_ERROR_TEXTS, ...FILE_ERROR_TEXTS },
      limits: { max_bytes: IMPORT_MAX_BYTES, max_rows: platform.config.IMPORT_MAX_ROWS },
    }),
  );
  app.get(
    '/api/resources/v3/imports/jobs/:jobId/',
    {
      config: { access: SIGNED_IN },
      schema: {
        tags: ['imports'],
        summary: 'The family (kind, data source) of an import job the caller created: where a notification about it links to',
        params: z.object({ jobId: z.string().max(20) }),
        response: { 200: ZImportJobRef },
      },
    },
    async (request) => resolveImport(ctxOf(request, platform), request.params.jobId),
  );
}
