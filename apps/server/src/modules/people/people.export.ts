import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { TFileLanguage, TPersonExport, TPersonFilters } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { defineTabularExport, exportState, sendExportFile, type ExportPlan } from '../../platform/tabular-export.ts';
import { scheduleRecurring } from '../../platform/recurring.ts';
import { notify } from '../notifications/index.ts';
import { sweepTenants } from '../tenants/index.ts';
import { holdersSql, positionCodesOfPersons } from '../org-chart/index.ts';
import { itemCodes, venueCodes } from '../catalogs/index.ts';
import { headerOf } from '../imports/index.ts';
import { peopleImporter } from './people.importer.ts';
import { personExports, persons } from './people.table.ts';
import { personColumns, personFilters, type PersonRow } from './people.repository.ts';
import { personQueryOf } from './people.service.ts';

export const EXPORT_QUEUE = 'people.export';
const PAGE = 2000;
const RETRY_LIMIT = 3;
const DAY_MS = 86_400_000;

type ExportRow = typeof personExports.$inferSelect;

const fileName = (row: ExportRow) => `personas-${row.createdAt.toISOString().slice(0, 10)}.${row.format}`;
const storageKey = (tenantId: string, id: string, format: string) => `tenants/${tenantId}/exports/${id}.${format}`;

function toExport(row: ExportRow, retentionDays: number): TPersonExport {
  const kept = (row.status === 'DONE' || row.status === 'EXPIRED') && row.finishedAt;
  return {
    ...exportState(row, fileName(row), row.status === 'DONE' ? `/api/audiences/v3/persons/exports/${row.id}/download` : null),
    expires_at: kept ? new Date(kept.getTime() + retentionDays * DAY_MS).toISOString() : null,
  };
}

/**
 * The header of the export: the people import's columns, in its order and with its headers in the
 * file's language, so an export can be edited and loaded back; then two the import ignores.
 */
const EXPORT_COLUMNS = [...peopleImporter.columns, { name: 'passport', headerEs: 'Identificador' }, { name: 'created_at', headerEs: 'Fecha de creación' }];
export const exportHeader = (language: TFileLanguage) => EXPORT_COLUMNS.map((column) => headerOf(column, language));

interface Names {
  documents: Map<string, { type: string; number: string }[]>;
  positions: Map<string, string[]>;
  items: Map<string, string>;
  venues: Map<string, string>;
}

async function namesOf(tx: Drizzle, tenantId: string, rows: PersonRow[]): Promise<Names> {
  const ids = rows.map((row) => row.id);
  const documents = new Map<string, { type: string; number: string }[]>();
  if (ids.length === 0) return { documents, positions: new Map(), items: new Map(), venues: new Map() };
  const idList = sql.param(ids);
  const docs = (await tx.execute(
    sql`SELECT person_id, type, number FROM person_documents WHERE tenant_id = ${tenantId} AND person_id = ANY(${idList}::uuid[]) ORDER BY person_id, position`,
  )) as unknown as {
    rows: { person_id: string; type: string; number: string }[];
  };
  for (const row of docs.rows) documents.set(row.person_id, [...(documents.get(row.person_id) ?? []), { type: row.type, number: row.number }]);
  const positions = await positionCodesOfPersons(tx, tenantId, ids);
  const items = await itemCodes(
    tx,
    tenantId,
    rows.flatMap((row) => [...row.businessLineIds, ...(row.companyId ? [row.companyId] : [])]),
  );
  const venues = await venueCodes(
    tx,
    tenantId,
    rows.flatMap((row) => row.workspaceIds),
  );
  return { documents, positions, items, venues };
}

function cellsOf(row: PersonRow, names: Names): string[] {
  const document = names.documents.get(row.id)?.[0];
  const join = (values: readonly string[]) => values.join('; ');
  return [
    row.primaryEmail ?? '',
    row.name,
    document?.type ?? '',
    document?.number ?? '',
    join(row.otherEmails),
    join(row.phones.map((phone) => phone.number)),
    row.address ?? '',
    join(names.positions.get(row.id) ?? []),
    join(row.businessLineIds.map((id) => names.items.get(id) ?? id)),
    join(row.workspaceIds.map((id) => names.venues.get(id) ?? id)),
    row.origin ?? '',
    row.companyId ? (names.items.get(row.companyId) ?? row.companyId) : '',
    join(row.roles),
    join(row.groups),
    row.isDisabled ? 'no' : 'sí',
    row.passport,
    row.createdAt.toISOString(),
  ];
}

export function defineExportJobs(platform: Platform): Promise<void> {
  return defineTabularExport(platform, { queue: EXPORT_QUEUE, table: personExports, retryLimit: RETRY_LIMIT, label: 'persons export', plan: (row, job) => planExport(platform, row, job.tenantId) });
}

export async function startExport(ctx: Ctx, input: { format: 'csv' | 'xlsx'; language: TFileLanguage; filters?: Partial<TPersonFilters> | undefined }): Promise<TPersonExport> {
  const { caller } = signedIn(ctx);
  const row = await ctx.tx(
    async (tx) => {
      const [created] = await tx
        .insert(personExports)
        .values({ tenantId: ctx.tenant.id, format: input.format, language: input.language, filters: input.filters ?? {}, createdBy: caller.personId })
        .returning();
      await ctx.platform.jobs.send(tx, EXPORT_QUEUE, { tenantId: ctx.tenant.id, exportId: created!.id });
      return created!;
    },
    { audit: 'people.export', details: { format: input.format, language: input.language, filters: input.filters ?? {} } },
  );
  ctx.platform.jobs.wake(EXPORT_QUEUE);
  return toExport(row, ctx.platform.config.PERSON_EXPORT_RETENTION_DAYS);
}

export async function listExports(ctx: Ctx, query: { page: number; page_size: number }): Promise<{ count: number; results: TPersonExport[] }> {
  return ctx.tx(async (tx) => {
    const where = eq(personExports.tenantId, ctx.tenant.id);
    const rows = await tx
      .select()
      .from(personExports)
      .where(where)
      .orderBy(desc(personExports.createdAt))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size);
    const [counted] = await tx
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(personExports)
      .where(where);
    return { count: counted?.total ?? 0, results: rows.map((row) => toExport(row, ctx.platform.config.PERSON_EXPORT_RETENTION_DAYS)) };
  });
}

async function findExport(ctx: Ctx, id: string): Promise<ExportRow> {
  const [row] = isUuid(id)
    ? await ctx.tx((tx) =>
        tx
          .select()
          .from(personExports)
          .where(and(eq(personExports.tenantId, ctx.tenant.id), eq(personExports.id, id)))
          .limit(1),
      )
    : [];
  if (!row) throw new AppError('not-found', 'Export not found.');
  return row;
}

export async function getExport(ctx: Ctx, id: string): Promise<TPersonExport> {
  return toExport(await findExport(ctx, id), ctx.platform.config.PERSON_EXPORT_RETENTION_DAYS);
}

export async function exportDownload(ctx: Ctx, id: string, reply: FastifyReply): Promise<FastifyReply> {
  const row = await findExport(ctx, id);
  if (row.status === 'EXPIRED') throw new AppError('expired', 'This export expired and its file was deleted: make a new one.', { status: row.status });
  return sendExportFile(ctx.platform.storage, reply, row, fileName(row));
}

const EXPIRE_BATCH = 100;
export const EXPORT_RETENTION_QUEUE = 'people.export-retention';

/**
 * Deletes the files of every tenant's persons exports made more than PERSON_EXPORT_RETENTION_DAYS
 * ago: they hold personal data (documents, e-mails, phones) and a download link should not keep
 * it forever. The export stays in the list as EXPIRED (a new one can be made at any time). The
 * row is marked first, so nobody starts a download of a file about to go; a pass cut short
 * leaves a marked row whose file the next pass deletes again (deleting is idempotent).
 */
export async function expirePersonExports(platform: Platform, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - platform.config.PERSON_EXPORT_RETENTION_DAYS * DAY_MS);
  return sweepTenants(
    platform.db,
    EXPIRE_BATCH,
    (tx, tenantId, limit) =>
      tx
        .select({ id: personExports.id, storageKey: personExports.storageKey })
        .from(personExports)
        .where(
          and(
            eq(personExports.tenantId, tenantId),
            sql`((${personExports.status} = 'DONE' AND ${personExports.finishedAt} < ${before.toISOString()}::timestamptz) OR (${personExports.status} = 'EXPIRED' AND ${personExports.storageKey} IS NOT NULL))`,
          ),
        )
        .limit(limit),
    async (tenantId, batch) => {
      for (const row of batch) {
        await update(platform, tenantId, row.id, { status: 'EXPIRED' });
        if (row.storageKey) await platform.storage.delete(row.storageKey);
        await update(platform, tenantId, row.id, { storageKey: null, size: null });
      }
    },
  );
}

/** The expiry, every hour, on the job queue. */
export function scheduleExportRetention(platform: Platform): Promise<void> {
  return scheduleRecurring(platform, {
    queue: EXPORT_RETENTION_QUEUE,
    everySeconds: 3600,
    firstAfterSeconds: 90,
    run: async () => {
      const expired = await expirePersonExports(platform);
      if (expired > 0) platform.log.info({ expired }, 'persons exports past retention: files deleted');
    },
  });
}

async function update(platform: Platform, tenantId: string, id: string, values: Partial<typeof personExports.$inferInsert>): Promise<void> {
  await platform.db.transaction(tenantId, (tx) =>
    tx
      .update(personExports)
      .set(values)
      .where(and(eq(personExports.tenantId, tenantId), eq(personExports.id, id))),
  );
}

/** The persons the export's filters select, by name, a page at a time (each its own transaction). */
async function planExport(platform: Platform, row: ExportRow, tenantId: string): Promise<ExportPlan<typeof personExports>> {
  const filters = personQueryOf(tenantId, row.filters as Partial<TPersonFilters>) ?? { idIn: holdersSql(tenantId, []) };
  // the filters' WHERE (the positions its search names are looked up once) and how many it selects
  const { where, total } = await platform.db.transaction(tenantId, async (tx) => {
    const { where } = await personFilters(tx, tenantId, filters);
    const counted = (await tx.execute(sql`SELECT count(*)::int AS total FROM persons p WHERE ${where}`)) as unknown as { rows: { total: number }[] };
    return { where, total: counted.rows[0]?.total ?? 0 };
  });
  let after: { sortName: string; id: string } | null = null;
  return {
    format: row.format,
    key: storageKey(tenantId, row.id, row.format),
    sheet: 'Personas',
    header: exportHeader(row.language),
    total,
    pageSize: PAGE,
    nextPage: async () => {
      const cursor = after;
      const page = await platform.db.transaction(tenantId, async (tx) => {
        const rows = await tx
          .select({ ...personColumns, sortName: persons.sortName })
          .from(persons)
          .where(
            sql`${persons.tenantId} = ${tenantId} AND ${persons.id} IN (SELECT p.id FROM persons p WHERE ${where} ${cursor ? sql`AND (p.sort_name COLLATE "C", p.id) > (${cursor.sortName} COLLATE "C", ${cursor.id}::uuid)` : sql``} ORDER BY p.sort_name COLLATE "C", p.id LIMIT ${PAGE})`,
          )
          .orderBy(sql`${persons.sortName} COLLATE "C"`, persons.id);
        return { rows, names: await namesOf(tx, tenantId, rows) };
      });
      const last = page.rows[page.rows.length - 1];
      if (last) after = { sortName: last.sortName, id: last.id };
      return page.rows.map((person) => cellsOf(person, page.names));
    },
    stored: (file) => ({ storageKey: file.key, size: file.size }),
    finished: async (tx, file) => {
      if (row.createdBy)
        await notify(platform, tx, {
          tenantId,
          personIds: [row.createdBy],
          kind: 'system_update',
          title: 'La exportación de personas está lista',
          body: `${file.rows} personas en ${fileName(row)}.`,
          context: { type: 'PersonExport', action: 'DONE', id: row.id },
        });
    },
  };
}
