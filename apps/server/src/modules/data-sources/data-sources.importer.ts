import { sql } from 'drizzle-orm';
import { type Importer, type ImportRunContext, presumedNew, registerImporter, RowChecks } from '../imports/index.ts';
import { lockDataSource, nextRowPosition } from './data-sources.repository.ts';
import { rowsThatStay } from './row-order.ts';

/** A replace-mode import of a manually ordered source puts the source in the file's order (decision 018). */
const takesFileOrder = (ctx: ImportRunContext, source: { rowOrder: string } | null) => ctx.mode === 'replace' && source?.rowOrder === 'manual';

/**
 * Key/label rows of one data source (scope = the data source's id). Replace mode by default:
 * the file is the whole catalogue, so keys it lacks are DELETEd (soft) and deleted keys it brings
 * back are UNDELETEd; in a manually ordered source the file's order becomes the source's, and a
 * row the file moves counts as an UPDATE. Upsert mode leaves the rows where they are and puts
 * new ones last, in the file's order.
 */
export const dataSourceRowsImporter: Importer<null> = registerImporter<null>({
  kind: 'data-source-rows',
  columns: [
    {
      name: 'key',
      headerEs: 'Clave',
      aliases: ['clave', 'codigo', 'código', 'id'],
      required: true,
      description: 'The stored value (unique in the data source).',
      descriptionEs: 'El valor que se guarda (único en la fuente de datos).',
    },
    {
      name: 'label',
      headerEs: 'Etiqueta',
      aliases: ['etiqueta', 'nombre', 'valor', 'descripcion', 'descripción'],
      required: true,
      description: 'What pickers show.',
      descriptionEs: 'Lo que muestran los selectores.',
    },
  ],
  keyColumns: ['key'],
  labelColumn: 'label',
  modes: ['replace', 'upsert'],
  defaultMode: 'replace',
  prepare: async () => null,
  parseRow(cells) {
    const key = cells.key ?? '';
    const label = cells.label ?? '';
    const checks = new RowChecks();
    if (!key) checks.fail('FILE_ROW_BLANK_KEY', 'key');
    if (!label) checks.fail('FILE_ROW_BLANK_LABEL', 'label');
    if (key.length > 200) checks.fail('FILE_ROW_TOO_LONG', 'key');
    if (label.length > 500) checks.fail('FILE_ROW_TOO_LONG', 'label');
    if (checks.failed) return checks.result({ key, label, data: {} });
    // staged as the new row it usually is: the diff's update of a row it leaves so is skipped (migration 0011)
    return { key, label, data: {}, presumed: presumedNew(null) };
  },
  // one correlated lookup per staged row, by index: the plan does not depend on the staging table's statistics
  async diff(tx, ctx, range) {
    await tx.execute(sql`
      UPDATE import_rows s SET (operation, target_id, error_code, error_column) = (
        SELECT CASE WHEN d.id IS NULL THEN 'ADD' WHEN NOT d.is_active THEN 'UNDELETE' WHEN d.label = s.label THEN 'NO_CHANGE' ELSE 'UPDATE' END, d.id, NULL, NULL
        FROM (SELECT 1) one
        LEFT JOIN data_source_rows d ON d.tenant_id = s.tenant_id AND d.data_source_id = ${ctx.scope}::uuid AND d.key = s.key
      )
      WHERE ${ctx.jobRows('s')} AND s.parsed_ok AND s.id BETWEEN ${range.from} AND ${range.to}`);
  },
  async deletes(tx, ctx, nextId) {
    await tx.execute(sql`
      INSERT INTO import_rows (tenant_id, job_id, id, row, key, label, operation, data, target_id, parsed_ok)
      SELECT ${ctx.tenantId}, ${ctx.jobId}, ${nextId - 1} + row_number() OVER (ORDER BY d.key), NULL, d.key, d.label, 'DELETE', '{}'::jsonb, d.id, true
      FROM data_source_rows d
      WHERE d.tenant_id = ${ctx.tenantId} AND d.data_source_id = ${ctx.scope}::uuid AND d.is_active
        AND NOT EXISTS (SELECT 1 FROM import_rows s WHERE ${ctx.jobRows('s')} AND s.row IS NOT NULL AND s.key = d.key)`);
  },
  tables: ['data_source_rows'],
  // in the source's own order when it is manual (decision 018), else by key
  current: ({ tenantId, scope }) => sql`
    SELECT key, label FROM data_source_rows
    WHERE tenant_id = ${tenantId} AND data_source_id = ${scope}::uuid AND is_active
    ORDER BY CASE WHEN (SELECT row_order FROM data_sources WHERE tenant_id = ${tenantId} AND id = ${scope}::uuid) = 'manual' THEN position END, key`,
  // the fewest rows that must move for the source to read as the file does: UPDATE, even with the same label
  async afterDiff(tx, ctx) {
    // under the source's lock, so no move by hand lands between reading the positions and marking the rows
    if (ctx.mode !== 'replace' || !ctx.scope || !takesFileOrder(ctx, await lockDataSource(tx, ctx.tenantId, ctx.scope))) return;
    // one correlated lookup per staged row, by index: the plan does not depend on the staging table's statistics
    const result = (await tx.execute(sql`
      SELECT s.id, (SELECT d.position FROM data_source_rows d WHERE d.tenant_id = s.tenant_id AND d.data_source_id = ${ctx.scope}::uuid AND d.key = s.key AND d.is_active) AS position
      FROM import_rows s
      WHERE ${ctx.jobRows('s')} AND s.row IS NOT NULL AND s.operation IN ('NO_CHANGE', 'UPDATE')
      ORDER BY s.row`)) as unknown as { rows: { id: number; position: number | null }[] };
    const matched = result.rows.filter((row) => row.position !== null);
    const stays = rowsThatStay(matched.map((row) => Number(row.position)));
    const moved = matched.filter((_, i) => !stays[i]).map((row) => row.id);
    if (!moved.length) return;
    await tx.execute(sql`
      UPDATE import_rows s SET operation = 'UPDATE'
      WHERE ${ctx.jobRows('s')} AND s.operation = 'NO_CHANGE' AND s.id = ANY(${sql.param(moved)}::int[])`);
  },
  async apply(tx, ctx) {
    // new rows go after the last one, in the file's order; the rows there keep their places (unless the file's order is taken, below)
    const scope = ctx.scope;
    if (!scope) throw new Error('a data-source import without its data source');
    const source = await lockDataSource(tx, ctx.tenantId, scope);
    // (a range's new rows go after the previous range's: the next position is read by each statement)
    await ctx.inRanges(tx, (rows) =>
      tx.execute(sql`
      INSERT INTO data_source_rows (tenant_id, data_source_id, key, label, position)
      SELECT ${ctx.tenantId}, ${ctx.scope}::uuid, r.key, r.label, ${nextRowPosition(ctx.tenantId, scope)} + row_number() OVER (ORDER BY r.row, r.id) - 1
      FROM import_rows r WHERE ${rows('r')} AND r.operation = 'ADD'`),
    );
    await ctx.inRanges(tx, (rows) =>
      tx.execute(sql`
      UPDATE data_source_rows d SET label = r.label, is_active = true, updated_at = now()
      FROM import_rows r WHERE ${rows('r')} AND r.operation IN ('UPDATE', 'UNDELETE') AND d.tenant_id = ${ctx.tenantId} AND d.id = r.target_id`),
    );
    await ctx.inRanges(tx, (rows) =>
      tx.execute(sql`
      UPDATE data_source_rows d SET is_active = false, updated_at = now()
      FROM import_rows r WHERE ${rows('r')} AND r.operation = 'DELETE' AND d.tenant_id = ${ctx.tenantId} AND d.id = r.target_id`),
    );
    if (takesFileOrder(ctx, source)) {
      // The file's rows take their row numbers and the deleted ones follow in their old order, so
      // the same file uploaded again writes nothing. Single-table statements with lookups by index:
      // the rows just written have no statistics yet, and a planner that believes in one row
      // would join 50,000 by 50,000.
      const inFile = sql`coalesce((SELECT r.row FROM import_rows r WHERE ${ctx.jobRows('r')} AND r.key = d.key AND r.row IS NOT NULL AND r.operation <> 'DELETE' LIMIT 1), d.position)`;
      await tx.execute(sql`
        UPDATE data_source_rows d SET position = ${inFile}
        WHERE d.tenant_id = ${ctx.tenantId} AND d.data_source_id = ${scope}::uuid AND d.is_active AND d.position <> ${inFile}`);
      const afterFile = sql`(SELECT coalesce(max(r.row), 0) FROM import_rows r WHERE ${ctx.jobRows('r')}) + d.position - (SELECT min(position) FROM data_source_rows WHERE tenant_id = ${ctx.tenantId} AND data_source_id = ${scope}::uuid AND NOT is_active) + 1`;
      await tx.execute(sql`
        UPDATE data_source_rows d SET position = ${afterFile}
        WHERE d.tenant_id = ${ctx.tenantId} AND d.data_source_id = ${scope}::uuid AND NOT d.is_active AND d.position <> ${afterFile}`);
    }
    await tx.execute(sql`UPDATE data_sources SET updated_at = now() WHERE tenant_id = ${ctx.tenantId} AND id = ${ctx.scope}::uuid`);
  },
});
