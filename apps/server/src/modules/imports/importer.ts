import type { SQL } from 'drizzle-orm';
import type { TFileLanguage } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import type { Platform } from '../../platform/platform.ts';
import { clip } from '../../platform/text.ts';
import type { RowErrorCode } from './imports.codes.ts';

export type ImportMode = 'upsert' | 'replace';

export interface ColumnSpec {
  /** The canonical header (English: the API's, and what English files write). */
  name: string;
  /**
   * The header Spanish files write (templates, current records, the people export; the product's
   * first language), accepted on upload like the name and the aliases.
   */
  headerEs: string;
  /** Other headers accepted for it (compared without case, accents or spacing). */
  aliases?: string[];
  required: boolean;
  description: string;
  /** The same in Spanish (the product's first language): what the upload screen shows. */
  descriptionEs: string;
}

/** A column's header in a file written in `language`. */
export const headerOf = (column: Pick<ColumnSpec, 'name' | 'headerEs'>, language: TFileLanguage) => (language === 'es' ? column.headerEs : column.name);

/** What an importer's SQL steps know about the job they serve. */
export interface ImportRunContext {
  platform: Platform;
  tenantId: string;
  jobId: number;
  kind: string;
  /** The kind's scope (a data source's id), or null. */
  scope: string | null;
  mode: ImportMode;
  /** Who created the job and the permissions they held when the run started (privilege ceilings). */
  creator: { personId: string; permissions: ReadonlySet<string> } | null;
  /** `import_rows` of this job as a subquery-ready table reference: `FROM ${ctx.rows} r`. */
  rows: SQL;
  /** Restricts a statement to this job's rows (`WHERE ${ctx.jobRows('r')}`). */
  jobRows(alias: string): SQL;
  /**
   * Runs one write of the apply over the job's rows in ranges: `rows(alias)` restricts it like
   * `jobRows`, to one range of staged rows. On PostgreSQL one range holds them all (the statement
   * runs in the database's process); on PGlite, whose engine runs on the server's thread, ranges of
   * a few thousand rows, so no statement holds the event loop for seconds (the loop turns before
   * each statement: health checks, static files and live streams are served in between). Each
   * write must only touch its own rows' records: the ranges of one write all run before the next.
   */
  inRanges(tx: Drizzle, write: (rows: (alias: string) => SQL) => Promise<unknown>): Promise<void>;
}

/** A problem of a row: its code, the column at fault and, where it helps to find it, the value the cell holds. */
export interface RowError {
  code: RowErrorCode;
  column?: string;
  /** The offending value (the one unknown position of a list, the invalid RUT), clipped to 100 characters. */
  value?: string;
}

/** A data row after the importer's checks: its key and label (what the preview shows) and what apply will write. */
export interface ParsedRow {
  key: string;
  /** A second identity that must be unique in the file too (a person's document when the key is the e-mail). */
  altKey?: string | null;
  label: string;
  data: Record<string, unknown>;
  /** The row's first problem: its `error_code`. */
  error?: RowError | null;
  /** Every further problem the row's checks found: a file is mended in one pass, not one error per upload. */
  moreErrors?: readonly RowError[];
  /**
   * What the row is staged as before the diff compares it (default NO_CHANGE, no target). The
   * diff's update of a row it leaves as it was is skipped (import_rows' trigger, migration 0011):
   * presuming the usual outcome (a new person is ADD with its new id) keeps a first load from
   * being written a second time.
   */
  presumed?: { operation: 'ADD' | 'NO_CHANGE'; targetId?: string | null };
}

/** The most characters of a row error's value that are kept (`clip`). */
export const ROW_ERROR_VALUE_MAX = 100;

/** A row that failed: its problems (the first is its error code) and no data. */
export function failedRow(row: Pick<ParsedRow, 'key' | 'label'>, errors: readonly RowError[]): ParsedRow {
  const [first, ...more] = errors;
  return { key: row.key, label: row.label, data: {}, error: first ?? null, ...(more.length > 0 ? { moreErrors: more } : {}) };
}

/** Every problem of a parsed row, its error first. */
export const errorsOf = (row: ParsedRow): RowError[] => (row.error ? [row.error, ...(row.moreErrors ?? [])] : []);

/**
 * A row's problems, collected: every check of a row runs (a check that needs an earlier value
 * skips when that value failed), so the preview lists everything the row needs at once.
 */
export class RowChecks {
  readonly found: RowError[] = [];

  fail(code: RowErrorCode, column: string, value?: string): void {
    this.add({ code, column, value });
  }

  add({ code, column, value }: RowError): void {
    this.found.push({ code, ...(column ? { column } : {}), ...(value ? { value: clip(value, ROW_ERROR_VALUE_MAX) } : {}) });
  }

  get failed(): boolean {
    return this.found.length > 0;
  }

  /** The row as parsed, or failed with everything found. */
  result(row: ParsedRow): ParsedRow {
    return this.found.length > 0 ? failedRow(row, this.found) : row;
  }
}

/**
 * The outcome a row of a new key is presumed to have: ADD with the id it will get (none when the
 * database gives it), or NO_CHANGE when the file says it is inactive (deleting what does not
 * exist changes nothing). The diff corrects it where current data says otherwise.
 */
export function presumedNew(targetId: string | null, active = true): NonNullable<ParsedRow['presumed']> {
  return { operation: active ? 'ADD' : 'NO_CHANGE', targetId };
}

/**
 * A plug-in of the import engine (decision 008). The engine reads the file, maps headers to
 * `columns`, calls `parseRow` for every data row (pure: normalise and check one row, with the
 * lookups `prepare` loaded once), stages rows, flags duplicate keys, then calls the SQL steps:
 *
 * - `diff(tx, ctx, range)` sets `operation` (ADD / UPDATE / UNDELETE / NO_CHANGE / ERROR),
 *   `error_code` and `target_id` of the staged rows with `id` in the range whose parse succeeded
 *   (`parsed_ok`), against the tenant's current data; it runs again before apply.
 * - `deletes(tx, ctx, nextId)` (replace mode) stages `DELETE` rows for what the file lacks.
 * - `afterDiff(tx, ctx)` then sees the whole staged file at once (a manual order's moves).
 * - `apply(tx, ctx, counts)` writes everything, set-based, in the one final transaction (each
 *   write through `ctx.inRanges`);
 *   `counts` are the staged rows by operation (a statement for an operation no row has can be skipped).
 */
export interface Importer<L = unknown> {
  kind: string;
  columns: ColumnSpec[];
  /** The columns that give a row its key in the preview when the row fails before parsing (first non-empty). */
  keyColumns: string[];
  labelColumn: string;
  /** At least one of these columns must be in the header (besides the required ones). */
  requireAnyOf?: string[];
  modes: ImportMode[];
  defaultMode: ImportMode;
  prepare(tx: Drizzle, ctx: ImportRunContext): Promise<L>;
  parseRow(cells: Readonly<Record<string, string>>, lookups: L, ctx: ImportRunContext): ParsedRow;
  diff(tx: Drizzle, ctx: ImportRunContext, range: { from: number; to: number }): Promise<void>;
  deletes?(tx: Drizzle, ctx: ImportRunContext, nextId: number): Promise<void>;
  /**
   * After the diff (and replace mode's deletions), in one transaction: marks what a row-by-row
   * compare cannot see, such as rows a file moves in a manual order (decision 018).
   */
  afterDiff?(tx: Drizzle, ctx: ImportRunContext): Promise<void>;
  apply(tx: Drizzle, ctx: ImportRunContext, counts: Readonly<Record<string, number>>): Promise<void>;
  /** The tables `apply` writes: after a large apply their statistics are refreshed (Database.maintain). */
  tables?: readonly string[];
  /**
   * The tenant's current records as this kind's file would bring them: a SELECT whose columns are
   * named like `columns` (text; references by code, lists joined by `;`), in the order a sheet
   * lists them — downloaded, edited and uploaded back (decision 008). Kinds without it offer no
   * such download (people have their own export, a background job).
   */
  current?(scope: CurrentScope): SQL;
}

/** Whose current records `Importer.current` selects. */
export interface CurrentScope {
  tenantId: string;
  /** The kind's scope (a data source's id), or null. */
  scope: string | null;
}

/** Every importer, by kind: the engine's job handler finds the importer of a job here. */
export const IMPORTERS = new Map<string, Importer<unknown>>();

export function registerImporter<L>(importer: Importer<L>): Importer<L> {
  IMPORTERS.set(importer.kind, importer as unknown as Importer<unknown>);
  return importer;
}
