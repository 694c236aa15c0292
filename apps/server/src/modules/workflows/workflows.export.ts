import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { displayFieldAnswer, isInputField, isSkipped, type AnswerView, type FormField } from '@faena/domain';
import type { WfGraph } from '@faena/domain/workflows/index';
import { WORKFLOWS_BASE } from '@faena/contracts/workflows';
import type { TWfExport, TWfExportCreate } from '@faena/contracts/workflows-extras';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { defineTabularExport, EXPORT_RETENTION_DAYS, exportExpiresAt, exportState, sendExportFile, type ExportFormat, type ExportPlan } from '../../platform/tabular-export.ts';
import { dropHeldFile, fileKey, findStoredFile, holdFiles, insertStoredFile, newUploadId } from '../documents/index.ts';
import { EXPORT_HOLDER } from './workflows.files.ts';
import { getForm } from '../forms/index.ts';
import { notify } from '../notifications/index.ts';
import { findPersonByPassport, personSummaries } from '../people/index.ts';
import { workflowExports } from './export.table.ts';
import { workflowTypes, workflowVersions } from './workflows.table.ts';

/**
 * myExecutionsExport (decision 025): the executions list of one workflow type, with the list's
 * filters, as CSV or XLSX made by a background job; one column per form field of the type (every
 * version's start and task forms), the answer as the answer display words it. The file lands in the
 * document manager (stored_files, held by the export) and is read through the export's download
 * route; it is deleted after the exports' retention (7 days), as the other exports' files.
 */

export const WF_EXPORT_QUEUE = 'workflows.export';
const PAGE = 1000;
const RETRY_LIMIT = 2;

export const STATUS_WORDS: Record<string, string> = { InProcess: 'En proceso', Success: 'Completado con éxito', Error: 'Completado con errores' };
/** The starter of an execution started through a public link (decision 025). */
export const PUBLIC_STARTER = 'Público';

export interface ExportField {
  name: string;
  label: string;
  field: FormField;
}

interface StoredFilters {
  query: Omit<TWfExportCreate, 'format'>;
  /** Everything in the type (MANAGE_WF at request time) or only the requester's executions. */
  all: boolean;
  fields: ExportField[];
}

type ExportRow = typeof workflowExports.$inferSelect;

const fileName = (row: Pick<ExportRow, 'createdAt' | 'format'>, typeName: string) =>
  `${
    (typeName || 'flujo')
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'flujo'
  }-ejecuciones-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;

function toExport(row: ExportRow, typeName: string): TWfExport {
  const state = { ...row, format: row.format as TWfExport['format'], status: row.status as TWfExport['status'] };
  return {
    // the export's own download: the file while it is kept, then 410 expired (as every export's)
    ...exportState(state, fileName(row, typeName), row.status === 'DONE' && row.fileId ? `${WORKFLOWS_BASE}/executions-exports/${row.id}/download` : null),
    workflow_type: row.typeId,
    upload_id: row.fileId,
    expires_at: exportExpiresAt(row, EXPORT_RETENTION_DAYS),
  };
}

/** The input fields of a form, sub-forms' fields included (their answers are process variables too). */
function inputFields(fields: readonly FormField[]): FormField[] {
  const out: FormField[] = [];
  for (const field of fields) {
    if (isInputField(field)) out.push(field);
    const nested = (field as { fields?: unknown }).fields;
    if (field.type === 'form' && Array.isArray(nested)) out.push(...inputFields(nested as FormField[]));
  }
  return out;
}

/** One column per form field of the type: every version's start and user task forms, first label wins. */
export async function exportFields(ctx: Ctx, graphs: WfGraph[]): Promise<ExportField[]> {
  const formIds = [...new Set(graphs.flatMap((g) => g.nodes.map((n) => n.formId)).filter((id): id is string => typeof id === 'string' && isUuid(id)))];
  const byName = new Map<string, ExportField>();
  for (const formId of formIds) {
    const form = await getForm(ctx, formId).catch(() => null);
    if (!form) continue;
    for (const field of inputFields(form.description)) {
      const name = field.name;
      if (field.type === 'form' || !name) continue;
      if (!byName.has(name)) byName.set(name, { name, label: (field as { label?: string }).label?.trim() || name, field });
    }
  }
  return [...byName.values()];
}

/** An answer view as one cell's text (files by name, images by address, sub-forms as label: text). */
export function viewText(view: AnswerView | undefined): string {
  if (!view) return '';
  switch (view.kind) {
    case 'files':
      return view.files.map((f) => f.name).join('; ');
    case 'images':
      return view.urls.join('; ');
    case 'form':
      return view.entries.map((e) => `${e.label}: ${viewText(e.view)}`).join('; ');
    case 'list':
      return view.items.join('; ');
    default:
      return view.text;
  }
}

/** The WHERE of the executions an export covers (the list's filters and visibility). */
function whereOf(tenantId: string, typeId: string, filters: StoredFilters, requester: string): SQL {
  const q = filters.query;
  const parts: SQL[] = [sql`e.tenant_id = ${tenantId}`, sql`e.type_id = ${typeId}`];
  if (q.status) parts.push(sql`e.status = ${q.status}`);
  if (q.started_by) parts.push(isUuid(q.started_by) ? sql`e.started_by_person_id = ${q.started_by}::uuid` : sql`false`);
  if (q.created_from) parts.push(sql`e.created_at >= ${q.created_from}::timestamptz`);
  if (q.created_to) parts.push(sql`e.created_at <= ${q.created_to}::timestamptz`);
  if (q.current_step)
    parts.push(
      sql`EXISTS (SELECT 1 FROM workflow_user_tasks t JOIN workflow_elements el ON el.tenant_id = t.tenant_id AND el.id = t.id WHERE t.tenant_id = e.tenant_id AND t.execution_id = e.id AND t.is_open AND (el.bpmn_id = ${q.current_step} OR el.name = ${q.current_step}))`,
    );
  if (!filters.all)
    parts.push(
      sql`(e.started_by_person_id = ${requester}::uuid OR EXISTS (SELECT 1 FROM workflow_user_tasks t WHERE t.tenant_id = e.tenant_id AND t.execution_id = e.id AND ${requester}::uuid = ANY(t.assignee_ids)))`,
    );
  return sql.join(parts, sql` AND `);
}

export async function findTypeName(tx: Drizzle, tenantId: string, typeId: string): Promise<string | null> {
  if (!isUuid(typeId)) return null;
  const [row] = await tx
    .select({ name: workflowTypes.name })
    .from(workflowTypes)
    .where(and(eq(workflowTypes.tenantId, tenantId), eq(workflowTypes.id, typeId)));
  return row?.name ?? null;
}

export function defineWfExportJobs(platform: Platform): Promise<void> {
  return defineTabularExport(platform, {
    queue: WF_EXPORT_QUEUE,
    table: workflowExports,
    retryLimit: RETRY_LIMIT,
    label: 'workflow executions export',
    plan: (row, job) => planWfExport(platform, row, job.tenantId),
    // the file is deleted after 7 days, as the other exports' (the platform's export expiry); it is a
    // document of the document manager, so the documents module deletes it (unless something else holds it)
    retentionDays: EXPORT_RETENTION_DAYS,
    file: {
      column: workflowExports.fileId,
      cleared: { fileId: null },
      remove: async (on, file) => void (await dropHeldFile(on, file.tenantId, { kind: EXPORT_HOLDER, id: file.exportId }, file.value)),
    },
  });
}

/** POST …/workflow-types/{id}/executions/exports/: starts the job (202). */
export async function startWfExport(ctx: Ctx, typeId: string, input: TWfExportCreate): Promise<TWfExport> {
  const { caller } = signedIn(ctx);
  const { typeName, graphs } = await ctx.tx(async (tx) => {
    const typeName = await findTypeName(tx, ctx.tenant.id, typeId);
    if (typeName === null) throw new AppError('not-found', 'Workflow type not found.');
    const versions = await tx
      .select({ graph: workflowVersions.graph })
      .from(workflowVersions)
      .where(and(eq(workflowVersions.tenantId, ctx.tenant.id), eq(workflowVersions.typeId, typeId)));
    return { typeName, graphs: versions.map((v) => v.graph) };
  });
  if (input.created_from && input.created_to && input.created_from > input.created_to)
    throw new AppError('validation-error', 'The date range ends before it starts.', { errors: { created_to: ['The date range ends before it starts.'] } });
  const fields = await exportFields(ctx, graphs);
  const { format, ...query } = input;
  // the list's started_by: 'me', a passport or a person id; a passport nobody has matches nothing
  if (query.started_by === 'me') query.started_by = caller.personId;
  else if (query.started_by && !isUuid(query.started_by)) {
    const passport = query.started_by;
    query.started_by = (await ctx.tx((tx) => findPersonByPassport(tx, ctx.tenant.id, passport)))?.id ?? 'nobody';
  }
  const filters: StoredFilters = { query, all: caller.permissions.has('MANAGE_WF'), fields };
  const row = await ctx.tx(
    async (tx) => {
      const [created] = await tx
        .insert(workflowExports)
        .values({ tenantId: ctx.tenant.id, typeId, format, filters: filters as unknown as Record<string, unknown>, createdBy: caller.personId })
        .returning();
      await ctx.platform.jobs.send(tx, WF_EXPORT_QUEUE, { tenantId: ctx.tenant.id, exportId: created!.id });
      return created!;
    },
    { audit: 'workflows.executions.export', subject: (r) => r.id, details: { format, ...query } },
  );
  ctx.platform.jobs.wake(WF_EXPORT_QUEUE);
  return toExport(row, typeName);
}

/** An export, to its requester only (anyone else: 404). */
async function findWfExport(ctx: Ctx, tx: Drizzle, id: string): Promise<ExportRow> {
  const { caller } = signedIn(ctx);
  const [row] = isUuid(id)
    ? await tx
        .select()
        .from(workflowExports)
        .where(and(eq(workflowExports.tenantId, ctx.tenant.id), eq(workflowExports.id, id), eq(workflowExports.createdBy, caller.personId)))
    : [];
  if (!row) throw new AppError('not-found', 'Export not found.');
  return row;
}

export async function getWfExport(ctx: Ctx, id: string): Promise<TWfExport> {
  return ctx.tx(async (tx) => {
    const row = await findWfExport(ctx, tx, id);
    return toExport(row, (await findTypeName(tx, ctx.tenant.id, row.typeId)) ?? '');
  });
}

/** GET …/executions-exports/{id}/download: the file (its requester only); 409 while it is made, 410 expired once its retention deleted it. */
export async function wfExportDownload(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const { row, name, file } = await ctx.tx(async (tx) => {
    const row = await findWfExport(ctx, tx, id);
    const file = row.status === 'DONE' && row.fileId ? await findStoredFile(tx, ctx.tenant.id, row.fileId) : null;
    return { row, name: fileName(row, (await findTypeName(tx, ctx.tenant.id, row.typeId)) ?? ''), file };
  });
  return sendExportFile(ctx.platform.storage, reply, { status: row.status, format: row.format as ExportFormat, storageKey: file?.storageKey ?? null }, name);
}

export const exportHeader = (fields: readonly ExportField[]) => ['ID', 'Estado', 'Iniciado por', 'Iniciado', 'Actualizado', 'Completado', 'Paso actual', ...fields.map((f) => f.label)];

interface ExecRow {
  id: string;
  status: string;
  variables: Record<string, unknown>;
  started_by_person_id: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  completed_at: string | Date | null;
  steps: string[] | null;
}

const isoOf = (v: string | Date | null) => (v === null ? '' : new Date(v).toISOString());

/** Field types whose words depend on the value only and repeat across rows (days): worth remembering per export. */
const MEMO_TYPES = new Set(['date', 'date_range', 'datetime']);
const MEMO_MAX = 20_000;

/** A field's answer as text; dates (Intl formatting, the costly part) remembered in `memo` by value. */
function cellText(field: ExportField, variables: Record<string, unknown>, memo: Map<string, string> | undefined): string {
  const value = variables[field.name];
  if (!memo || !MEMO_TYPES.has(field.field.type) || value === undefined || value === null || isSkipped(field.field, variables))
    return viewText(displayFieldAnswer(field.field, variables, { timeZone: 'UTC' }));
  const key = `${field.name}\u0000${typeof value === 'string' ? value : JSON.stringify(value)}`;
  let text = memo.get(key);
  if (text === undefined) {
    text = viewText(displayFieldAnswer(field.field, variables, { timeZone: 'UTC' }));
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(key, text);
  }
  return text;
}

/** The cells of one execution. */
export function execCells(row: ExecRow, fields: readonly ExportField[], starters: Map<string, { name: string }>, publicIds: Set<string>, memo?: Map<string, string>): string[] {
  const starter = row.started_by_person_id ? (starters.get(row.started_by_person_id)?.name ?? '') : publicIds.has(row.id) ? PUBLIC_STARTER : '';
  return [
    row.id,
    STATUS_WORDS[row.status] ?? row.status,
    starter,
    isoOf(row.created_at),
    isoOf(row.updated_at),
    isoOf(row.completed_at),
    (row.steps ?? []).join('; '),
    ...fields.map((f) => cellText(f, row.variables, memo)),
  ];
}

/**
 * The executions the export covers, newest first, a page at a time (each its own transaction); the
 * file becomes a document of the document manager (stored_files) in the transaction that ends it.
 */
async function planWfExport(platform: Platform, row: ExportRow, tenantId: string): Promise<ExportPlan<typeof workflowExports>> {
  const filters = row.filters as unknown as StoredFilters;
  const uploadId = newUploadId();
  const where = whereOf(tenantId, row.typeId, filters, row.createdBy);
  const { total, typeName } = await platform.db.transaction(tenantId, async (tx) => {
    const counted = (await tx.execute(sql`SELECT count(*)::int AS total FROM workflow_executions e WHERE ${where}`)) as unknown as { rows: { total: number }[] };
    return { total: counted.rows[0]?.total ?? 0, typeName: (await findTypeName(tx, tenantId, row.typeId)) ?? '' };
  });
  const name = fileName(row, typeName);
  let after: { createdAt: string; id: string } | null = null;
  const memo = new Map<string, string>();
  return {
    format: row.format as ExportFormat,
    key: fileKey(tenantId, uploadId),
    sheet: 'Ejecuciones',
    header: exportHeader(filters.fields),
    total,
    pageSize: PAGE,
    nextPage: async () => {
      const cursor = after;
      const page = await platform.db.transaction(tenantId, async (tx) => {
        // the keyset as `created_at <= c AND (created_at < c OR id < i)`: the first half is a range on
        // the (tenant, type, created_at) index; the row comparison `(created_at, id) < (c, i)` alone was
        // a filter, so every page walked the index from the newest execution (quadratic in the export)
        const result = (await tx.execute(sql`
          SELECT e.id, e.status, e.variables, e.started_by_person_id, e.created_at, e.updated_at, e.completed_at,
            to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') AS cursor_at,
            (SELECT array_agg(el.name ORDER BY t.created_at) FROM workflow_user_tasks t JOIN workflow_elements el ON el.tenant_id = t.tenant_id AND el.id = t.id
               WHERE t.tenant_id = e.tenant_id AND t.execution_id = e.id AND t.is_open) AS steps
          FROM workflow_executions e
          WHERE ${where} ${cursor ? sql`AND e.created_at <= (${cursor.createdAt}::timestamp AT TIME ZONE 'UTC') AND (e.created_at < (${cursor.createdAt}::timestamp AT TIME ZONE 'UTC') OR e.id < ${cursor.id}::uuid)` : sql``}
          ORDER BY e.created_at DESC, e.id DESC LIMIT ${PAGE}`)) as unknown as { rows: (ExecRow & { cursor_at: string })[] };
        const rows = result.rows;
        const starters = await personSummaries(
          tx,
          tenantId,
          rows.map((r) => r.started_by_person_id).filter((p): p is string => p !== null),
        );
        const anonymous = rows.filter((r) => r.started_by_person_id === null).map((r) => r.id);
        const publicIds = new Set<string>();
        if (anonymous.length > 0) {
          const found = (await tx.execute(sql`SELECT execution_id FROM workflow_public_starts WHERE tenant_id = ${tenantId} AND execution_id = ANY(${sql.param(anonymous)}::uuid[])`)) as unknown as {
            rows: { execution_id: string }[];
          };
          for (const f of found.rows) publicIds.add(f.execution_id);
        }
        return { rows, starters, publicIds };
      });
      const last = page.rows[page.rows.length - 1];
      if (last) after = { createdAt: last.cursor_at, id: last.id };
      return page.rows.map((r) => execCells(r, filters.fields, page.starters, page.publicIds, memo));
    },
    stored: () => ({ fileId: uploadId }),
    finished: async (tx, file) => {
      await insertStoredFile(tx, { tenantId, id: uploadId, name, size: file.size, contentType: file.contentType, sha256: file.sha256, storageKey: file.key, createdBy: row.createdBy });
      await holdFiles(tx, tenantId, { kind: EXPORT_HOLDER, id: row.id }, [uploadId], { by: null });
      await notify(platform, tx, {
        tenantId,
        personIds: [row.createdBy],
        kind: 'system_update',
        title: 'La exportación de ejecuciones está lista',
        body: `${file.rows} ejecuciones en ${name}.`,
        context: { type: 'WorkflowExport', action: 'DONE', id: row.id },
      });
    },
  };
}
