import { randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { TImportStatus } from '@faena/contracts';
import { headerKey, otherHeaders } from '@faena/domain';
import type { Drizzle } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/pg-errors.ts';
import type { JobInfo } from '../../platform/jobs.ts';
import type { Platform } from '../../platform/platform.ts';
import { clip } from '../../platform/text.ts';
import { findStoredFile } from '../documents/index.ts';
import { notify } from '../notifications/index.ts';
import { findPerson } from '../people/index.ts';
import { findPassportPermissions } from '../permissions/index.ts';
import { errorsOf, failedRow, IMPORTERS, RowChecks, type Importer, type ImportRunContext, type ParsedRow } from './importer.ts';
import { FILE_ERROR_TEXTS } from './imports.codes.ts';
import { checkUnzippedSize, FileError, readSheet, rowsWithin, sheetFormatOf } from './imports.reader.ts';
import { countOperations, deleteJobRows, maxRowId, PGLITE_ROWS, StagedChunk, stageRows, type StagedRow } from './imports.repository.ts';
import { claimableBy, stepOf } from './imports.state.ts';

/** The queue that runs import steps (validate, apply), one at a time per process. */
export const RUN_QUEUE = 'imports.run';
/** Re-sends a step whose run died without releasing its lease (a crashed server). */
export const WATCHDOG_QUEUE = 'imports.watchdog';
/** Event (ids only) sent with every progress step, for live screens. */
export const IMPORTS_PROGRESS = 'imports.progress';
/** Larger files are refused when the job is created (413 file-too-large). */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Rows parsed and staged per statement and transaction. */
const stageChunk = (platform: Platform) => (platform.db.engine === 'pglite' ? PGLITE_ROWS : 5000);
/** Chunks being staged at once on PostgreSQL while the next one is parsed. */
const STAGING_IN_FLIGHT = 2;
/** Staged rows compared with current data per statement (and transaction). */
const diffRange = (platform: Platform) => (platform.db.engine === 'pglite' ? PGLITE_ROWS : 5000);
/** Rows written by an apply from which the written tables' statistics are refreshed right away. */
const MAINTAIN_AFTER_ROWS = 1000;
/**
 * Sort memory of the apply's transaction on PostgreSQL: its statements write rows in index order,
 * and with the default 4 MB each sort of a large import spills to temporary files. PGlite keeps
 * its default (the engine's memory is the server's).
 */
const APPLY_WORK_MEM = '64MB';

/**
 * PostgreSQL's JIT off for the diff and the apply: their statements look up row by row, which the
 * planner costs high enough to compile, and compiling took 0.65 s of a 0.85 s statement for each
 * 5,000 rows (PGlite has no JIT).
 */
async function withoutJit(platform: Platform, tx: Drizzle): Promise<void> {
  if (platform.db.engine === 'postgres') await tx.execute(sql`SET LOCAL jit = off`);
}
/** The longest a file's reader may take to give the next row (the parser of a sound file is never this slow). */
const READ_STALL_MS = 300_000;
/** Runs after a failure (then the job fails with UNHANDLED_ERROR). */
const RETRY_LIMIT = 3;

export interface RunJob {
  tenantId: string;
  importId: number;
  step: 'validate' | 'apply';
}
export interface WatchdogJob {
  tenantId: string;
  importId: number;
}

class LeaseLost extends Error {
  override name = 'LeaseLost';
}
class Aborted extends Error {
  override name = 'Aborted';
}

const defined = new WeakMap<object, Promise<void>>();

/** Defines the import queues once per job queue (apps built over one platform share them). */
export function defineImportJobs(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = (async () => {
      await platform.jobs.define<RunJob>(RUN_QUEUE, (data, info) => runStep(platform, data, info), {
        retryLimit: RETRY_LIMIT,
        retryDelay: 1,
        retryBackoff: true,
        retryDelayMax: 60,
        expireInSeconds: 4 * 3600,
        concurrency: 1,
        pollingIntervalSeconds: 1,
      });
      await platform.jobs.define<WatchdogJob>(WATCHDOG_QUEUE, (data) => watchdog(platform, data), { retryLimit: 10, retryDelay: 5, expireInSeconds: 60, concurrency: 2 });
    })();
    defined.set(platform.jobs, done);
  }
  return done;
}

const leaseSeconds = (platform: Platform) => platform.config.IMPORT_LEASE_SECONDS;

/** Enqueues a step and its watchdog inside the caller's transaction (they exist only if it commits). */
export async function scheduleStep(platform: Platform, tx: Drizzle, job: RunJob): Promise<void> {
  await platform.jobs.send(tx, RUN_QUEUE, job);
  await platform.jobs.send<WatchdogJob>(tx, WATCHDOG_QUEUE, { tenantId: job.tenantId, importId: job.importId }, { startAfter: 2 * leaseSeconds(platform) });
}

async function watchdog(platform: Platform, data: WatchdogJob): Promise<void> {
  const state = await platform.db.transaction(data.tenantId, async (tx) => {
    const result = (await tx.execute(sql`
      SELECT status, (lease_until IS NULL OR lease_until < now()) AS lapsed FROM import_jobs
      WHERE tenant_id = ${data.tenantId} AND id = ${data.importId}`)) as unknown as { rows: { status: TImportStatus; lapsed: boolean }[] };
    return result.rows[0] ?? null;
  });
  const step = state ? stepOf(state.status) : null;
  if (!state || !step) return;
  if (state.lapsed) {
    platform.log.warn({ tenantId: data.tenantId, importId: data.importId, step }, 'import step without a live run: sending it again');
    await platform.jobs.send<RunJob>(null, RUN_QUEUE, { ...data, step });
    platform.jobs.wake(RUN_QUEUE);
  }
  await platform.jobs.send<WatchdogJob>(null, WATCHDOG_QUEUE, data, { startAfter: 2 * leaseSeconds(platform) });
}

interface Claimed {
  id: number;
  kind: string;
  scope: string | null;
  mode: 'upsert' | 'replace';
  file_uid: string;
  created_by: string | null;
  status: TImportStatus;
}

/** Takes the job's lease for this run, moving PENDING to VALIDATING; null when another run holds it or nothing is left to do. */
async function claim(platform: Platform, data: RunJob, token: string): Promise<Claimed | null> {
  return platform.db.transaction(data.tenantId, async (tx) => {
    const reset =
      data.step === 'validate' ? sql`, phase = 'reading', percent = 0, rows_read = 0, counts = '{}'::jsonb, error_code = NULL, fail_description = NULL` : sql`, phase = 'checking', percent = 0`;
    const result = (await tx.execute(sql`
      UPDATE import_jobs SET lease_token = ${token}, lease_until = now() + make_interval(secs => ${leaseSeconds(platform)}),
        status = CASE WHEN status = 'PENDING' THEN 'VALIDATING' ELSE status END, attempts = attempts + 1, updated_at = now() ${reset}
      WHERE tenant_id = ${data.tenantId} AND id = ${data.importId}
        AND status = ANY(${sql.param(claimableBy(data.step))}::text[])
        AND (lease_until IS NULL OR lease_until < now())
      RETURNING id, kind, scope, mode, file_uid, created_by, status`)) as unknown as { rows: Claimed[] };
    const claimed = result.rows[0] ?? null;
    if (claimed) await publishProgress(platform, tx, data.tenantId, Number(claimed.id), claimed.status, data.step === 'validate' ? 'reading' : 'checking', 0);
    return claimed ? { ...claimed, id: Number(claimed.id) } : null;
  });
}

async function publishProgress(platform: Platform, tx: Drizzle, tenantId: string, importId: number, status: string, phase: string, percent: number): Promise<void> {
  await platform.bus.publish(tx, { topic: IMPORTS_PROGRESS, tenantId, importId, status, phase, percent });
}

/** Renews the lease and records progress in one statement; a run that lost its lease stops. */
async function heartbeat(platform: Platform, tx: Drizzle, ctx: ImportRunContext, token: string, progress: { phase: string; percent: number; rows?: number; status: TImportStatus }): Promise<void> {
  const result = (await tx.execute(sql`
    UPDATE import_jobs SET lease_until = now() + make_interval(secs => ${leaseSeconds(platform)}), phase = ${progress.phase},
      -- chunks staged side by side may commit out of order: progress within a phase never goes back
      percent = CASE WHEN phase = ${progress.phase} THEN GREATEST(percent, ${progress.percent}) ELSE ${progress.percent} END,
      rows_read = GREATEST(COALESCE(${progress.rows ?? null}::int, rows_read), rows_read), updated_at = now()
    WHERE tenant_id = ${ctx.tenantId} AND id = ${ctx.jobId} AND lease_token = ${token}
    RETURNING id`)) as unknown as { rows: unknown[] };
  if (result.rows.length === 0) throw new LeaseLost();
  await publishProgress(platform, tx, ctx.tenantId, ctx.jobId, progress.status, progress.phase, progress.percent);
}

/**
 * The longest a run may go without recording progress (a heartbeat, its claim) and still have its
 * lease renewed by its keeper: twice the reader's stall guard. A run silent for longer is taken
 * as stuck, and its lease is left to lapse so the watchdog can send the step again.
 */
const SILENCE_LIMIT_SECONDS = (2 * READ_STALL_MS) / 1000;

/**
 * Renews a run's lease between its heartbeats, every third of the lease, while the run lasts.
 * Heartbeats come with chunks; some stretches of a step reach none for longer than the lease: the
 * zip check of a large XLSX file, a workbook's shared strings read before its first row, the
 * lookups an importer prepares. Without renewal there, the watchdog would take such a run for a
 * crashed one and another process would start the step over beside it. A renewal skips a row
 * that is locked (the run's own transaction is writing it, and holds it while it does) and asks
 * nothing of the run: losing the lease is still found, and acted on, at the run's next heartbeat.
 */
function keepLease(platform: Platform, tenantId: string, importId: number, token: string): { stop(): Promise<void> } {
  let renewing: Promise<void> | null = null;
  const renew = () =>
    platform.db.transaction(tenantId, async (tx) => {
      await tx.execute(sql`
        UPDATE import_jobs SET lease_until = now() + make_interval(secs => ${leaseSeconds(platform)})
        WHERE tenant_id = ${tenantId} AND id = (
          SELECT id FROM import_jobs WHERE tenant_id = ${tenantId} AND id = ${importId} AND lease_token = ${token}
            AND updated_at > now() - make_interval(secs => ${SILENCE_LIMIT_SECONDS})
          FOR UPDATE SKIP LOCKED)`);
    });
  const timer = setInterval(
    () => {
      renewing ??= renew()
        .catch((error: unknown) => platform.log.warn({ err: error, tenantId, importId }, 'renewing an import lease failed'))
        .finally(() => {
          renewing = null;
        });
    },
    (leaseSeconds(platform) * 1000) / 3,
  );
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await renewing;
    },
  };
}

async function release(platform: Platform, tenantId: string, importId: number, token: string): Promise<void> {
  await platform.db
    .transaction(tenantId, (tx) => tx.execute(sql`UPDATE import_jobs SET lease_token = NULL, lease_until = NULL WHERE tenant_id = ${tenantId} AND id = ${importId} AND lease_token = ${token}`))
    .catch(() => undefined);
}

function runContext(platform: Platform, job: Claimed, creator: ImportRunContext['creator'], tenantId: string): ImportRunContext {
  const jobRows = (alias: string) => sql`${sql.identifier(alias)}.tenant_id = ${tenantId} AND ${sql.identifier(alias)}.job_id = ${job.id}`;
  return {
    platform,
    tenantId,
    jobId: job.id,
    kind: job.kind,
    scope: job.scope,
    mode: job.mode,
    creator,
    rows: sql`import_rows`,
    jobRows,
    inRanges: async (tx, write) => {
      if (platform.db.engine !== 'pglite') {
        await write(jobRows);
        return;
      }
      // (PGlite's every statement lets the event loop turn first: openPglite)
      const lastId = await maxRowId(tx, tenantId, job.id);
      for (let from = 1; from <= lastId; from += PGLITE_ROWS) {
        const to = from + PGLITE_ROWS - 1;
        await write((alias) => sql`${jobRows(alias)} AND ${sql.identifier(alias)}.id BETWEEN ${from} AND ${to}`);
      }
    },
  };
}

async function creatorOf(tx: Drizzle, tenantId: string, personId: string | null): Promise<ImportRunContext['creator']> {
  if (!personId) return null;
  const person = await findPerson(tx, tenantId, personId);
  if (!person) return null;
  const permissions = await findPassportPermissions(tx, tenantId, person.passport);
  return { personId, permissions: new Set(person.isDisabled ? [] : (permissions?.permissions ?? [])) };
}

/** The pg-boss handler of RUN_QUEUE. */
async function runStep(platform: Platform, data: RunJob, info: JobInfo): Promise<void> {
  const token = randomUUID();
  const claimed = await claim(platform, data, token);
  if (!claimed) return;
  const keeper = keepLease(platform, data.tenantId, claimed.id, token);
  try {
    await runClaimed(platform, data, info, claimed, token);
  } finally {
    await keeper.stop();
  }
}

async function runClaimed(platform: Platform, data: RunJob, info: JobInfo, claimed: Claimed, token: string): Promise<void> {
  const importer = IMPORTERS.get(claimed.kind);
  const creator = await platform.db.transaction(data.tenantId, (tx) => creatorOf(tx, data.tenantId, claimed.created_by));
  const ctx = runContext(platform, claimed, creator, data.tenantId);
  const failed: TImportStatus = data.step === 'validate' ? 'VALIDATION_FAILED' : 'APPLY_FAILED';
  try {
    if (!importer) throw new FileError('UNHANDLED_ERROR', `No hay un importador para ${claimed.kind}.`);
    if (data.step === 'validate') await validate(platform, ctx, importer, claimed, token, info.signal);
    else await apply(platform, ctx, importer, token, info.signal);
  } catch (error) {
    if (error instanceof LeaseLost) return;
    if (error instanceof FileError) {
      // the file failed whole: the rows read before the failure are no preview of anything (gone
      // before the job says it ended; left to the retention if this fails)
      if (data.step === 'validate')
        await deleteJobRows(platform.db, data.tenantId, claimed.id).catch((e: unknown) => platform.log.warn({ err: e, importId: claimed.id }, 'removing the rows of a failed file failed'));
      await finish(platform, ctx, token, failed, { errorCode: error.code, failDescription: error.description }).catch((e: unknown) => {
        if (!(e instanceof LeaseLost)) throw e;
      });
      return;
    }
    if (info.signal.aborted || error instanceof Aborted || info.retryCount < RETRY_LIMIT) {
      // the server is stopping, or a passing failure: let the queue run the step again
      await release(platform, data.tenantId, claimed.id, token);
      throw error;
    }
    platform.log.error({ err: error, tenantId: data.tenantId, importId: claimed.id }, 'import step failed');
    await finish(platform, ctx, token, failed, { errorCode: 'UNHANDLED_ERROR', failDescription: 'Error no manejado al procesar el archivo.' }).catch(() => undefined);
  }
}

// ------------------------------------------------------------------------------------------
// Validation

/** Lets the event loop serve requests between two stretches of parsing (synchronous work on it). */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));
/**
 * Rows parsed between two breaths. Parsing is synchronous work on the event loop: without a
 * breath the staging of the previous chunk could not even begin its transaction (its replies wait
 * for the loop) until the whole next chunk was parsed, so the database and the parser took turns
 * instead of working side by side; requests waited as long.
 */
const YIELD_EVERY = 250;

const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');
const MAX_CELL = 10_000;

function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      (counter as Transform & { bytes: number }).bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

async function openFile(platform: Platform, ctx: ImportRunContext, fileUid: string): Promise<{ stream: Readable; size: number; format: 'csv' | 'xlsx' }> {
  const file = await platform.db.transaction(ctx.tenantId, (tx) => findStoredFile(tx, ctx.tenantId, fileUid));
  if (!file) throw new FileError('FILE_NOT_REACHABLE', 'El archivo no existe o ya no está disponible: súbelo de nuevo.');
  if (file.size > IMPORT_MAX_BYTES) throw new FileError('FILE_TYPE_NOT_SUPPORTED', `El archivo pesa más de ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  let format = sheetFormatOf(file.contentType);
  // Excel's "Unicode text" is UTF-16 with a BOM, which byte sniffing may take for audio (FF FB/FE)
  if (!format && (await startsWithUtf16Bom(platform, file.storageKey))) format = 'csv';
  if (!format) throw new FileError('FILE_TYPE_NOT_SUPPORTED', `Los archivos de tipo ${file.contentType} no se pueden importar: usa CSV o XLSX.`);
  const open = async () => {
    try {
      return await platform.storage.get(file.storageKey);
    } catch {
      throw new FileError('FILE_NOT_REACHABLE', 'No se pudo leer el archivo desde el almacenamiento.');
    }
  };
  if (format === 'xlsx') await checkUnzippedSize(await open(), platform.config.IMPORT_MAX_UNZIPPED_BYTES);
  return { stream: await open(), size: Math.max(1, file.size), format };
}

async function startsWithUtf16Bom(platform: Platform, key: string): Promise<boolean> {
  try {
    const head: Buffer[] = [];
    for await (const chunk of await platform.storage.get(key, { start: 0, end: 1 })) head.push(chunk as Buffer);
    const bytes = Buffer.concat(head);
    return (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
  } catch {
    return false;
  }
}

/** A missing column as the file could have written it, its Spanish header first: "Nombre (o name, nombre completo, full name)". */
function withAliases(column: { name: string; headerEs?: string | undefined; aliases?: string[] | undefined }): string {
  const main = column.headerEs ?? column.name;
  const others = otherHeaders(main, [column.name, ...(column.aliases ?? [])]);
  return others.length > 0 ? `${main} (o ${others.join(', ')})` : main;
}

/** Header cells → the importer's column names (by index); missing required columns fail the file. */
function mapHeader(importer: Importer<unknown>, cells: readonly string[]): Map<number, string> {
  const names = new Map<string, string>();
  for (const column of importer.columns) {
    for (const header of [column.name, column.headerEs, ...(column.aliases ?? [])]) names.set(headerKey(header), column.name);
  }
  const mapping = new Map<number, string>();
  const taken = new Set<string>();
  cells.forEach((cell, index) => {
    const name = names.get(headerKey(cell));
    if (name && !taken.has(name)) {
      mapping.set(index, name);
      taken.add(name);
    }
  });
  const missing = importer.columns.filter((column) => column.required && !taken.has(column.name));
  if (missing.length > 0) throw new FileError('FILE_WITHOUT_REQUIRED_HEADERS', `Faltan las columnas: ${missing.map(withAliases).join('; ')}. La primera fila debe tener los encabezados.`);
  if (importer.requireAnyOf && !importer.requireAnyOf.some((name) => taken.has(name))) {
    const named = importer.requireAnyOf.map((name) => importer.columns.find((column) => column.name === name) ?? { name });
    throw new FileError('FILE_WITHOUT_REQUIRED_HEADERS', `El archivo necesita al menos una de estas columnas: ${named.map(withAliases).join('; ')}.`);
  }
  return mapping;
}

/** Keeps the file's header cell of each column it brought: the preview names columns as the file does. */
async function recordFileColumns(platform: Platform, ctx: ImportRunContext, token: string, mapping: Map<number, string>, cells: readonly string[]): Promise<void> {
  const written = Object.fromEntries([...mapping].map(([index, name]) => [name, cells[index]!.replace(/^\uFEFF/, '').trim()]));
  await platform.db.transaction(ctx.tenantId, async (tx) => {
    const result = (await tx.execute(sql`
      UPDATE import_jobs SET file_columns = ${JSON.stringify(written)}::jsonb
      WHERE tenant_id = ${ctx.tenantId} AND id = ${ctx.jobId} AND lease_token = ${token}
      RETURNING id`)) as unknown as { rows: unknown[] };
    if (result.rows.length === 0) throw new LeaseLost();
  });
}

async function validate(platform: Platform, ctx: ImportRunContext, importer: Importer<unknown>, job: Claimed, token: string, signal: AbortSignal): Promise<void> {
  await deleteJobRows(platform.db, ctx.tenantId, ctx.jobId);
  const file = await openFile(platform, ctx, job.file_uid);
  const counter = byteCounter();
  file.stream.on('error', (error) => counter.destroy(error));
  file.stream.pipe(counter);
  const lookups = await platform.db.transaction(ctx.tenantId, (tx) => importer.prepare(tx, ctx));

  let mapping: Map<number, string> | null = null;
  const chunk = stageChunk(platform);
  let nextId = 0;
  const maxRows = platform.config.IMPORT_MAX_ROWS;
  // On PostgreSQL chunks are staged while the next ones are parsed: the database and this process
  // work side by side, with STAGING_IN_FLIGHT chunks in flight at most (each in its own
  // transaction, on its own connection; rows carry their ids, so the order they commit in does
  // not matter). PGlite runs on this thread: there each chunk is staged before the next is parsed.
  const depth = platform.db.engine === 'postgres' ? STAGING_IN_FLIGHT : 0;
  const free = Array.from({ length: depth }, () => new StagedChunk());
  const inflight: Promise<StagedChunk>[] = [];
  let batch = new StagedChunk();
  const seen = new Set<string>();
  const stage = async (rows: StagedChunk, percent: number, read: number) => {
    await platform.db.transaction(ctx.tenantId, async (tx) => {
      await stageRows(tx, ctx.tenantId, ctx.jobId, rows, platform.db.engine);
      await heartbeat(platform, tx, ctx, token, { phase: 'reading', percent, rows: read, status: 'VALIDATING' });
    });
    rows.clear();
    return rows;
  };
  const flush = async () => {
    const percent = Math.min(80, Math.floor((counter.bytes / file.size) * 80));
    if (depth === 0) {
      await stage(batch, percent, nextId);
    } else {
      if (inflight.length >= depth) free.push(await inflight.shift()!);
      const staging = stage(batch, percent, nextId);
      staging.catch(() => undefined); // its failure surfaces where it is awaited: a later flush, or the end
      inflight.push(staging);
      batch = free.pop()!;
    }
    await breathe();
  };

  try {
    const stop = () => {
      counter.destroy();
      file.stream.destroy();
    };
    for await (const sheetRow of rowsWithin(readSheet(counter, file.format), READ_STALL_MS, stop)) {
      if (signal.aborted) throw new Aborted();
      if (isBlank(sheetRow.cells)) continue;
      if (!mapping) {
        mapping = mapHeader(importer, sheetRow.cells);
        await recordFileColumns(platform, ctx, token, mapping, sheetRow.cells);
        continue;
      }
      if (nextId >= maxRows) throw new FileError('FILE_TYPE_NOT_SUPPORTED', `El archivo tiene más de ${maxRows.toLocaleString('es-CL')} filas de datos: divídelo en archivos más pequeños.`);
      nextId++;
      batch.add(parseOne(importer, lookups, ctx, mapping, sheetRow.cells, sheetRow.formulas, sheetRow.row, nextId, seen));
      if (batch.rows >= chunk) await flush();
      else if (nextId % YIELD_EVERY === 0) await breathe();
    }
    if (!mapping) throw new FileError('FILE_WITHOUT_REQUIRED_HEADERS', 'El archivo está vacío: la primera fila debe tener los encabezados.');
    await flush();
    await Promise.all(inflight);
  } catch (error) {
    // chunks still being staged finish (or fail) before the step ends
    await Promise.allSettled(inflight);
    throw error;
  }
  // The staged rows are new to the planner: statistics that still count a job's rows as one make it
  // scan all of them for every row it looks up (a 5,000-position file took seconds per chunk).
  if (nextId >= MAINTAIN_AFTER_ROWS)
    await platform.db.maintain(['import_rows'], 'analyze').catch((error: unknown) => platform.log.warn({ err: error }, 'statistics refresh of the staged rows failed'));
  await diffAll(platform, ctx, importer, token, nextId, 'VALIDATING', signal);
  await finishValidation(platform, ctx, token);
}

function parseOne(
  importer: Importer<unknown>,
  lookups: unknown,
  ctx: ImportRunContext,
  mapping: Map<number, string>,
  cells: readonly string[],
  formulas: Set<number> | null,
  row: number,
  id: number,
  seen: Set<string>,
): StagedRow {
  const record: Record<string, string> = {};
  // cells that fail before the importer sees them (a formula, a value over the limit)
  const early = new RowChecks();
  for (const [index, name] of mapping) {
    // an apostrophe before =, +, -, @ is how exports (ours, and spreadsheets) keep text from being a formula: undo it
    const value = (cells[index] ?? '').trim().replace(/^'(?=[=+\-@])/, '');
    record[name] = value;
    if (value.startsWith('=')) early.fail('FILE_ROW_FORMULA', name, value);
    else if (formulas?.has(index)) early.fail('FILE_ROW_FORMULA', name);
    else if (value.length > MAX_CELL) early.fail('FILE_ROW_TOO_LONG', name);
  }
  // ...are left out of what the importer checks, so it finds the row's other problems without
  // telling those cells again (a formula in the name is not also a blank name)
  // (built only for such a row: the 100,000-row path allocates nothing more)
  const faulty = early.failed ? new Set(early.found.map((error) => error.column)) : null;
  const checked = faulty ? Object.fromEntries(Object.entries(record).filter(([name]) => !faulty.has(name))) : record;
  const rawKey = () => importer.keyColumns.map((name) => record[name] ?? '').find(Boolean) ?? '';
  let parsed: ParsedRow;
  try {
    parsed = importer.parseRow(checked, lookups, ctx);
  } catch {
    parsed = failedRow({ key: rawKey(), label: record[importer.labelColumn] ?? '' }, [{ code: 'UNHANDLED_ERROR' }]);
  }
  if (faulty) parsed = failedRow({ key: rawKey(), label: record[importer.labelColumn] ?? '' }, [...early.found, ...errorsOf(parsed).filter((error) => !error.column || !faulty.has(error.column))]);
  // A key seen on an earlier row, even one with an error of its own, makes this row a duplicate;
  // a row with problems of its own is told this one too: fixing a row's errors must not reveal a
  // second round of them on the next upload.
  const keys = [parsed.key, parsed.altKey].filter((key): key is string => Boolean(key));
  if (keys.some((key) => seen.has(key))) parsed = failedRow(parsed, [...errorsOf(parsed), { code: 'FILE_ROW_DUPLICATE_KEY', column: importer.keyColumns[0]! }]);
  for (const key of keys) seen.add(key);
  return {
    id,
    row,
    key: clip(parsed.key, 500),
    altKey: parsed.altKey ?? null,
    label: clip(parsed.label, 500),
    operation: parsed.error ? 'ERROR' : (parsed.presumed?.operation ?? 'NO_CHANGE'),
    targetId: parsed.error ? null : (parsed.presumed?.targetId ?? null),
    errorCode: parsed.error?.code ?? null,
    errorColumn: parsed.error?.column ?? null,
    errors: parsed.error ? errorsOf(parsed) : null,
    data: parsed.error ? {} : parsed.data,
    parsedOk: !parsed.error,
  };
}

/** Compares the staged rows with current data, a range at a time; replace mode then stages the deletions, and the importer marks what needs the whole file. */
async function diffAll(platform: Platform, ctx: ImportRunContext, importer: Importer<unknown>, token: string, lastId: number, status: TImportStatus, signal: AbortSignal): Promise<void> {
  const range = diffRange(platform);
  for (let from = 1; from <= lastId; from += range) {
    if (signal.aborted) throw new Aborted();
    const to = Math.min(lastId, from + range - 1);
    await platform.db.transaction(ctx.tenantId, async (tx) => {
      await withoutJit(platform, tx);
      await importer.diff(tx, ctx, { from, to });
      await heartbeat(platform, tx, ctx, token, { phase: 'checking', percent: 80 + Math.floor((to / Math.max(1, lastId)) * 19), status });
    });
  }
  const deletes = ctx.mode === 'replace' && importer.deletes !== undefined;
  if (deletes || importer.afterDiff) {
    await platform.db.transaction(ctx.tenantId, async (tx) => {
      await withoutJit(platform, tx);
      if (deletes) {
        await tx.execute(sql`DELETE FROM import_rows r WHERE ${ctx.jobRows('r')} AND r.row IS NULL`);
        await importer.deletes!(tx, ctx, lastId + 1);
      }
      await importer.afterDiff?.(tx, ctx);
    });
  }
}

// ------------------------------------------------------------------------------------------
// Endings

interface Ending {
  errorCode?: string | null;
  failDescription?: string | null;
  counts?: Record<string, number>;
  appliedAt?: boolean;
}

const TITLES: Partial<Record<TImportStatus, string>> = {
  VALIDATION_OK: 'La carga masiva está lista para aplicarse',
  VALIDATION_FAILED: 'La carga masiva tiene errores',
  APPLY_OK: 'La carga masiva se aplicó',
  APPLY_FAILED: 'La carga masiva no se pudo aplicar',
};

const BODIES: Partial<Record<TImportStatus, string>> = {
  VALIDATION_OK: 'Revisa la vista previa y aplícala: el archivo se aplica completo, en una sola operación.',
  VALIDATION_FAILED: 'No se aplicó ningún cambio: el archivo se aplica solo cuando todas sus filas son válidas. Corrige las filas y vuelve a subirlo.',
  APPLY_FAILED: 'No se aplicó ningún cambio.',
};

/** Ends a step: the status, its error, the counts; releases the lease; tells the creator. In the caller's transaction when given. */
async function finish(platform: Platform, ctx: ImportRunContext, token: string, status: TImportStatus, ending: Ending, tx?: Drizzle): Promise<void> {
  const work = async (t: Drizzle) => {
    const result = (await t.execute(sql`
      UPDATE import_jobs SET status = ${status}, error_code = ${ending.errorCode ?? null}, fail_description = ${ending.failDescription ?? null},
        counts = COALESCE(${ending.counts ? JSON.stringify(ending.counts) : null}::jsonb, counts), phase = 'done', percent = 100,
        applied_at = CASE WHEN ${ending.appliedAt === true} THEN now() ELSE applied_at END,
        lease_token = NULL, lease_until = NULL, updated_at = now()
      WHERE tenant_id = ${ctx.tenantId} AND id = ${ctx.jobId} AND lease_token = ${token}
      RETURNING id`)) as unknown as { rows: unknown[] };
    if (result.rows.length === 0) throw new LeaseLost();
    await publishProgress(platform, t, ctx.tenantId, ctx.jobId, status, 'done', 100);
    if (ctx.creator) {
      const problem = ending.errorCode
        ? `${FILE_ERROR_TEXTS[ending.errorCode as keyof typeof FILE_ERROR_TEXTS] ?? ending.errorCode}${ending.failDescription ? `: ${ending.failDescription}` : ''}`
        : '';
      // all or nothing (decision 008): the text says so, as the import screen does
      const text = [problem, BODIES[status]].filter(Boolean).join(' ');
      await notify(platform, t, {
        tenantId: ctx.tenantId,
        personIds: [ctx.creator.personId],
        kind: 'system_update',
        title: TITLES[status] ?? 'Carga masiva',
        body: text,
        context: { type: 'Import', action: status, id: String(ctx.jobId) },
        visibility: 0,
      });
    }
  };
  if (tx) await work(tx);
  else await platform.db.transaction(ctx.tenantId, work);
}

async function finishValidation(platform: Platform, ctx: ImportRunContext, token: string): Promise<void> {
  await platform.db.transaction(ctx.tenantId, async (tx) => {
    const counts = await countOperations(tx, ctx.tenantId, ctx.jobId);
    const failed = (counts.ERROR ?? 0) > 0;
    await finish(
      platform,
      ctx,
      token,
      failed ? 'VALIDATION_FAILED' : 'VALIDATION_OK',
      failed ? { errorCode: 'FILE_WITH_ERROR_IN_ROWS', failDescription: `${counts.ERROR} filas con errores.`, counts } : { counts },
      tx,
    );
  });
}

// ------------------------------------------------------------------------------------------
// Apply

/**
 * Writes everything in one short transaction, optimistically: the preview's operations are
 * applied as they are. A unique index that fires there (someone took an e-mail or a code since
 * the preview) rolls it all back; the rows are then compared with the data as it is now and the
 * write is tried once more, after which the job fails. Nothing is ever half-applied.
 */
async function apply(platform: Platform, ctx: ImportRunContext, importer: Importer<unknown>, token: string, signal: AbortSignal): Promise<void> {
  let written = 0;
  for (let attempt = 0; ; attempt++) {
    if (attempt > 0) {
      const lastId = await platform.db.transaction(ctx.tenantId, (tx) => maxRowId(tx, ctx.tenantId, ctx.jobId, true));
      await diffAll(platform, ctx, importer, token, lastId, 'APPLYING', signal);
    }
    if (signal.aborted) throw new Aborted();
    try {
      await platform.db.transaction(ctx.tenantId, async (tx) => {
        await heartbeat(platform, tx, ctx, token, { phase: 'applying', percent: 90, status: 'APPLYING' });
        const counts = await countOperations(tx, ctx.tenantId, ctx.jobId);
        if ((counts.ERROR ?? 0) > 0) {
          await finish(
            platform,
            ctx,
            token,
            'APPLY_FAILED',
            { errorCode: 'FILE_WITH_ERROR_IN_ROWS', failDescription: `${counts.ERROR} filas quedaron con errores frente a los datos actuales.`, counts },
            tx,
          );
          return;
        }
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`import:${ctx.tenantId}:${ctx.kind}:${ctx.scope ?? ''}`}))`);
        if (platform.db.engine === 'postgres') await tx.execute(sql.raw(`SET LOCAL work_mem = '${APPLY_WORK_MEM}'`));
        await withoutJit(platform, tx);
        await importer.apply(tx, ctx, counts);
        await finish(platform, ctx, token, 'APPLY_OK', { counts, appliedAt: true }, tx);
        written = (counts.ADD ?? 0) + (counts.UPDATE ?? 0) + (counts.DELETE ?? 0) + (counts.UNDELETE ?? 0);
      });
      if (written >= MAINTAIN_AFTER_ROWS && importer.tables) {
        await platform.db.maintain(importer.tables).catch((error: unknown) => platform.log.warn({ err: error, tables: importer.tables }, 'statistics refresh after an import failed'));
      }
      return;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (attempt >= 1) throw new FileError('UNHANDLED_ERROR', 'Los datos cambiaron mientras se aplicaba la carga (un código, correo o documento quedó repetido). Vuelve a subir el archivo.');
    }
  }
}
