import { sql, type SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { presumedNew, registerImporter, ROW_ERROR_VALUE_MAX, type ColumnSpec, type CurrentScope, type ImportMode, type Importer, type ImportRunContext, type ParsedRow } from './importer.ts';
import { uuidv7 } from './uuidv7.ts';

export type FieldType = 'text' | 'float' | 'int' | 'uuid' | 'uuid[]' | 'text[]' | 'jsonb' | 'bool';

/** A value of `data` written to a column. Absent from a row's data: the column keeps its value (or gets `insertDefault`). */
export interface FieldSpec {
  field: string;
  column: string;
  type: FieldType;
  insertDefault?: SQL;
}

/**
 * An importer for a table whose rows are found by a text key (a code), with set-based diff and
 * apply generated from the field list:
 *
 * - a row matches the table's row with the same key (an active one first, else the latest);
 * - `data.active === false` deletes (soft) an active match; otherwise ADD (new id pre-made in
 *   `data.new_id`, so rows of the file can point at each other), UNDELETE an inactive match, or
 *   UPDATE / NO_CHANGE by comparing only the fields the file has;
 * - replace mode deletes the active rows whose key the file lacks.
 */
export interface KeyedSpec<L> {
  kind: string;
  columns: ColumnSpec[];
  keyColumns: string[];
  labelColumn: string;
  modes: ImportMode[];
  defaultMode: ImportMode;
  table: string;
  keyColumn: string;
  /** The table's column shown as the label of DELETE rows. */
  labelColumn_db: string;
  /** Narrows the table (e.g. `kind = 'store'`); `t` is the table's alias. */
  scope?: (ctx: ImportRunContext, t: string) => SQL;
  /** Extra columns of inserted rows (e.g. kind). */
  insertExtra?: (ctx: ImportRunContext) => { column: string; value: SQL }[];
  fields: FieldSpec[];
  /** false for tables without is_active (hard rows): no DELETE / UNDELETE. */
  softDelete: boolean;
  prepare(tx: Drizzle, ctx: ImportRunContext): Promise<L>;
  parseRow(cells: Readonly<Record<string, string>>, lookups: L, ctx: ImportRunContext): ParsedRow;
  /** Runs first in each diff range: fills data fields that point at other rows (of the table or of the file). */
  resolve?(tx: Drizzle, ctx: ImportRunContext, range: { from: number; to: number }): Promise<void>;
  /**
   * A problem only the diff sees (a parent neither stored nor in the file), over the staged row `s`
   * and its match `m`: an expression giving its error code or NULL, the column at fault, and an
   * expression giving the value at fault (read only for rows in error).
   */
  problem?: (s: string, m: string) => { code: SQL; column: string; value: SQL };
  /** More to compare than the fields (e.g. a position's parents); true when equal. */
  sameExtra?: (s: string, m: string) => SQL;
  /** After the rows are written, in the same transaction (links, cycle checks). */
  afterApply?(tx: Drizzle, ctx: ImportRunContext): Promise<void>;
  /** The current records in the file's columns (Importer.current). */
  current?(scope: CurrentScope): SQL;
}

const id = (name: string) => sql.identifier(name);

export function extract(alias: string, field: FieldSpec): SQL {
  const value = sql`${id(alias)}.data`;
  switch (field.type) {
    case 'text':
      return sql`(${value}->>${field.field})`;
    case 'float':
      return sql`(${value}->>${field.field})::float8`;
    case 'int':
      return sql`(${value}->>${field.field})::int`;
    case 'bool':
      return sql`(${value}->>${field.field})::boolean`;
    case 'uuid':
      return sql`(${value}->>${field.field})::uuid`;
    case 'uuid[]':
      return sql`ARRAY(SELECT jsonb_array_elements_text(${value}->${field.field}))::uuid[]`;
    case 'text[]':
      return sql`ARRAY(SELECT jsonb_array_elements_text(${value}->${field.field}))::text[]`;
    case 'jsonb':
      return sql`(${value}->${field.field})`;
  }
}

const has = (alias: string, field: string) => sql`(${id(alias)}.data ? ${field})`;

/** A list field is a set (a position's permissions, a venue's categories): compared in one order, so a file that lists them otherwise changes nothing. */
const comparable = (value: SQL, field: FieldSpec): SQL => (field.type === 'text[]' || field.type === 'uuid[]' ? sql`ARRAY(SELECT DISTINCT unnest(${value}) ORDER BY 1)` : value);

export function keyedImporter<L>(spec: KeyedSpec<L>): Importer<L> {
  const table = id(spec.table);
  const key = id(spec.keyColumn);
  const scope = (ctx: ImportRunContext, alias: string) => (spec.scope ? sql` AND ${spec.scope(ctx, alias)}` : sql``);
  const same = (s: string, m: string) =>
    sql.join(
      [
        ...spec.fields.map((field) => sql`(NOT ${has(s, field.field)} OR ${comparable(sql`${id(m)}.${id(field.column)}`, field)} IS NOT DISTINCT FROM ${comparable(extract(s, field), field)})`),
        ...(spec.sameExtra ? [spec.sameExtra(s, m)] : []),
      ],
      sql` AND `,
    );
  const activeOf = (alias: string) => (spec.softDelete ? sql`${id(alias)}.is_active` : sql`true`);

  return registerImporter<L>({
    kind: spec.kind,
    columns: spec.columns,
    keyColumns: spec.keyColumns,
    labelColumn: spec.labelColumn,
    modes: spec.modes,
    defaultMode: spec.defaultMode,
    prepare: (tx, ctx) => spec.prepare(tx, ctx),
    tables: [spec.table],
    ...(spec.current ? { current: spec.current } : {}),
    parseRow: (cells, lookups, ctx) => {
      const parsed = spec.parseRow(cells, lookups, ctx);
      if (parsed.error) return parsed;
      // the id a new row will get, known before apply so that rows of the file can point at it
      const newId = uuidv7();
      parsed.data.new_id = newId;
      // staged as a new row: the diff's update of a row it leaves so is skipped (migration 0011)
      return { ...parsed, presumed: presumedNew(newId, parsed.data.active !== false) };
    },
    async diff(tx, ctx, range) {
      if (spec.resolve) await spec.resolve(tx, ctx, range);
      const problem = spec.problem?.('s', 'm');
      const error = problem ? problem.code : sql`NULL::text`;
      const told = problem ? diffProblem(sql`e.err`, problem.column, problem.value) : sql`NULL::text, NULL::jsonb`;
      // one correlated lookup per staged row, by index: the plan does not depend on the staging
      // table's statistics; the error is worked out once (OFFSET 0), not in each branch that reads it
      await tx.execute(sql`
        UPDATE import_rows s SET (operation, target_id, error_code, error_column, errors) = (
          SELECT
            CASE
              WHEN e.err IS NOT NULL THEN 'ERROR'
              WHEN (s.data->>'active') = 'false' THEN CASE WHEN m.id IS NOT NULL AND ${activeOf('m')} THEN 'DELETE' ELSE 'NO_CHANGE' END
              WHEN m.id IS NULL THEN 'ADD'
              WHEN NOT ${activeOf('m')} THEN 'UNDELETE'
              WHEN ${same('s', 'm')} THEN 'NO_CHANGE'
              ELSE 'UPDATE'
            END,
            COALESCE(m.id, (s.data->>'new_id')::uuid),
            e.err,
            ${told}
          FROM (SELECT 1) one
          LEFT JOIN LATERAL (
            SELECT t.* FROM ${table} t WHERE t.tenant_id = s.tenant_id AND t.${key} = s.key ${scope(ctx, 't')}
            ORDER BY ${spec.softDelete ? sql`t.is_active DESC, t.updated_at DESC` : sql`t.updated_at DESC`} LIMIT 1
          ) m ON true
          CROSS JOIN LATERAL (SELECT ${error} AS err OFFSET 0) e
        )
        WHERE ${ctx.jobRows('s')} AND s.parsed_ok AND s.id BETWEEN ${range.from} AND ${range.to}`);
    },
    ...(spec.softDelete
      ? {
          async deletes(tx: Drizzle, ctx: ImportRunContext, nextId: number) {
            await tx.execute(sql`
              INSERT INTO import_rows (tenant_id, job_id, id, row, key, label, operation, data, target_id, parsed_ok)
              SELECT ${ctx.tenantId}, ${ctx.jobId}, ${nextId - 1} + row_number() OVER (ORDER BY t.${key}), NULL, t.${key}, t.${id(spec.labelColumn_db)}, 'DELETE', '{}'::jsonb, t.id, true
              FROM ${table} t
              WHERE t.tenant_id = ${ctx.tenantId} AND t.is_active ${scope(ctx, 't')}
                AND NOT EXISTS (SELECT 1 FROM import_rows s WHERE ${ctx.jobRows('s')} AND s.row IS NOT NULL AND s.key = t.${key})`);
          },
        }
      : {}),
    async apply(tx, ctx) {
      const extra = spec.insertExtra?.(ctx) ?? [];
      const columns = [sql`tenant_id`, sql`id`, key, ...extra.map((e) => id(e.column)), ...spec.fields.map((field) => id(field.column))];
      const values = [
        sql`${ctx.tenantId}::uuid`,
        sql`r.target_id`,
        sql`r.key`,
        ...extra.map((e) => e.value),
        ...spec.fields.map((field) => (field.insertDefault ? sql`CASE WHEN ${has('r', field.field)} THEN ${extract('r', field)} ELSE ${field.insertDefault} END` : extract('r', field))),
      ];
      await ctx.inRanges(tx, (rows) =>
        tx.execute(sql`
        INSERT INTO ${table} (${sql.join(columns, sql`, `)})
        SELECT ${sql.join(values, sql`, `)} FROM import_rows r WHERE ${rows('r')} AND r.operation = 'ADD'`),
      );
      const sets = spec.fields.map((field) => sql`${id(field.column)} = CASE WHEN ${has('r', field.field)} THEN ${extract('r', field)} ELSE t.${id(field.column)} END`);
      await ctx.inRanges(tx, (rows) =>
        tx.execute(sql`
        UPDATE ${table} t SET ${sql.join(sets, sql`, `)}, ${spec.softDelete ? sql`is_active = true, ` : sql``}updated_at = now()
        FROM import_rows r WHERE ${rows('r')} AND r.operation IN ('UPDATE', 'UNDELETE') AND t.tenant_id = ${ctx.tenantId} AND t.id = r.target_id`),
      );
      if (spec.softDelete) {
        await ctx.inRanges(tx, (rows) =>
          tx.execute(sql`
          UPDATE ${table} t SET is_active = false, updated_at = now()
          FROM import_rows r WHERE ${rows('r')} AND r.operation = 'DELETE' AND t.tenant_id = ${ctx.tenantId} AND t.id = r.target_id`),
        );
      }
      await spec.afterApply?.(tx, ctx);
    },
  });
}

// ------------------------------------------------------------------------------------------
// Cell helpers shared by importers

/** 'sí', 'si', 'yes', 'true', '1', 'activo', 'x' → true; 'no', 'false', '0', 'inactivo' → false; '' → undefined; else null (invalid). */
export function parseBoolean(value: string | undefined): boolean | undefined | null {
  if (value === undefined || value === '') return undefined;
  const folded = value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  if (['si', 's', 'yes', 'y', 'true', '1', 'activo', 'activa', 'x', 'verdadero'].includes(folded)) return true;
  if (['no', 'n', 'false', '0', 'inactivo', 'inactiva', 'falso'].includes(folded)) return false;
  return null;
}

/**
 * A row's `error_column` and `errors` (two values of a diff's row update) for the problem the diff
 * found, both NULL when `code` is: the SQL twin of what staging writes for the importer's checks,
 * the value clipped as `RowChecks` clips it (`clip`) and read only for a row in error.
 */
export function diffProblem(code: SQL, column: string, value: SQL): SQL {
  return sql`CASE WHEN ${code} IS NULL THEN NULL ELSE ${column}::text END,
    CASE WHEN ${code} IS NULL THEN NULL ELSE jsonb_build_array(jsonb_strip_nulls(jsonb_build_object('code', ${code}, 'column', ${column}::text, 'value',
      (SELECT CASE WHEN length(v) > ${ROW_ERROR_VALUE_MAX} THEN left(v, ${ROW_ERROR_VALUE_MAX - 1}) || '…' ELSE NULLIF(v, '') END FROM (SELECT (${value})::text AS v) x)))) END`;
}

/** The parts of a list cell a problem is about, as a row error's value. */
export const listed = (parts: readonly string[]): string => parts.join('; ');

/** "a; b | c, d" → ['a', 'b', 'c', 'd'] (separators ; | and, when there is no ; or |, commas). */
export function splitList(value: string | undefined): string[] {
  if (!value) return [];
  const separator = /[;|]/.test(value) ? /[;|]/ : /,/;
  return value
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * The parts of a list cell, each looked up (by code or name, case folded): what they name, once
 * each in the cell's order, with the part as typed that first named each (`named[i]` for
 * `found[i]`, for problems about an item), and the parts nothing has (a problem of the column).
 */
export function lookupList<T>(value: string | undefined, lookup: ReadonlyMap<string, T>): { found: T[]; named: string[]; unknown: string[] } {
  const found: T[] = [];
  const named: string[] = [];
  const unknown: string[] = [];
  for (const part of splitList(value)) {
    const item = lookup.get(part.toLowerCase());
    if (item === undefined) unknown.push(part);
    else if (!found.includes(item)) {
      found.push(item);
      named.push(part);
    }
  }
  return { found, named, unknown };
}

export function parseNumber(value: string): number | null {
  const normalized = value.replace(/\s/g, '').replace(/,(?=\d{1,2}$)/, '.');
  if (!/^-?\d+(\.\d+)?$/.test(normalized)) return null;
  const number = Number(normalized);
  return Number.isFinite(number) ? number : null;
}
