import { sql } from 'drizzle-orm';
import { isPermissionKey } from '@faena/domain';
import { FileError, keyedImporter, listed, parseBoolean, RowChecks, splitList } from '../imports/index.ts';

/**
 * Positions (bulk load of positions, MANAGE_ORG_CHART). Found by code; parents are codes of
 * existing positions or of rows of the file; default permissions are keys the job's creator holds.
 * A position is never deleted by an import.
 */
export const positionsImporter = keyedImporter<null>({
  kind: 'positions',
  columns: [
    {
      name: 'code',
      headerEs: 'Código',
      aliases: ['codigo', 'código', 'key'],
      required: true,
      description: 'Unique code of the position (the key of the row).',
      descriptionEs: 'Código único del cargo (la clave de la fila).',
    },
    { name: 'title', headerEs: 'Título', aliases: ['titulo', 'título', 'cargo', 'nombre', 'name'], required: true, description: 'Title.', descriptionEs: 'Título.' },
    { name: 'department', headerEs: 'Departamento', aliases: ['departamento', 'area', 'área'], required: false, description: 'Department.', descriptionEs: 'Departamento.' },
    {
      name: 'parents',
      headerEs: 'Superiores',
      aliases: ['parent', 'superior', 'superiores', 'padres', 'reporta a'],
      required: false,
      description: 'Codes of the positions above, separated by ;.',
      descriptionEs: 'Códigos de los cargos superiores, separados por ;.',
    },
    {
      name: 'default_permissions',
      headerEs: 'Permisos por defecto',
      aliases: ['permisos', 'default_permission_list', 'permisos por defecto'],
      required: false,
      description: 'Permission keys given to who takes the position, separated by ;.',
      descriptionEs: 'Permisos que recibe quien ocupa el cargo, separados por ;.',
    },
    {
      name: 'is_root',
      headerEs: 'Raíz',
      aliases: ['raiz', 'raíz', 'root'],
      required: false,
      description: "'sí' for a top position (no parents).",
      descriptionEs: "'sí' para un cargo superior (sin cargos por encima).",
    },
  ],
  keyColumns: ['code'],
  labelColumn: 'title',
  modes: ['upsert'],
  defaultMode: 'upsert',
  table: 'positions',
  keyColumn: 'code',
  labelColumn_db: 'title',
  // a position made by hand may have no code: it comes with a blank one (and is named by no parent cell)
  current: ({ tenantId }) => sql`
    SELECT p.code, p.title, p.department,
      (SELECT string_agg(u.code, ';' ORDER BY u.code) FROM position_parents e JOIN positions u ON u.tenant_id = e.tenant_id AND u.id = e.parent_id
        WHERE e.tenant_id = p.tenant_id AND e.position_id = p.id AND u.code IS NOT NULL) AS parents,
      array_to_string(p.default_permission_list, ';') AS default_permissions,
      CASE WHEN p.is_root THEN 'sí' ELSE '' END AS is_root
    FROM positions p WHERE p.tenant_id = ${tenantId}
    ORDER BY p.code NULLS LAST, p.title`,
  fields: [
    { field: 'title', column: 'title', type: 'text' },
    { field: 'department', column: 'department', type: 'text' },
    { field: 'is_root', column: 'is_root', type: 'bool', insertDefault: sql`false` },
    { field: 'default_permission_list', column: 'default_permission_list', type: 'text[]', insertDefault: sql`'{}'::text[]` },
  ],
  softDelete: false,
  prepare: async () => null,
  parseRow(cells, _lookups, ctx) {
    const key = cells.code ?? '';
    const label = cells.title ?? '';
    const checks = new RowChecks();
    if (!key) checks.fail('FILE_ROW_BLANK_KEY', 'code');
    if (!label) checks.fail('FILE_ROW_BLANK_LABEL', 'title');
    if (key.length > 100) checks.fail('FILE_ROW_TOO_LONG', 'code');
    if (label.length > 200) checks.fail('FILE_ROW_TOO_LONG', 'title');
    const data: Record<string, unknown> = { title: label };
    if (cells.department !== undefined) data.department = cells.department || null;
    const isRoot = parseBoolean(cells.is_root);
    if (isRoot === null) checks.fail('FILE_ROW_INVALID_BOOLEAN', 'is_root', cells.is_root);
    if (isRoot !== undefined) data.is_root = isRoot;
    if (cells.parents !== undefined) {
      const parents = [...new Set(splitList(cells.parents))].sort();
      if (parents.includes(key)) checks.fail('POSITION_ROW_CYCLE', 'parents', key);
      if (isRoot && parents.length > 0) checks.fail('FILE_ROW_INVALID_VALUE', 'is_root', cells.is_root);
      data.parent_codes = parents;
    }
    if (cells.default_permissions !== undefined) {
      const keys = [...new Set(splitList(cells.default_permissions).map((value) => value.toUpperCase()))].sort();
      const unknown = keys.filter((value) => !isPermissionKey(value));
      const beyond = ctx.creator ? keys.filter((value) => isPermissionKey(value) && !ctx.creator!.permissions.has(value)) : [];
      if (unknown.length > 0) checks.fail('POSITION_ROW_UNKNOWN_PERMISSION', 'default_permissions', listed(unknown));
      if (beyond.length > 0) checks.fail('POSITION_ROW_PERMISSION_NOT_ALLOWED', 'default_permissions', listed(beyond));
      data.default_permission_list = keys;
    }
    if (checks.failed) return checks.result({ key, label, data: {} });
    return { key, label, data };
  },
  problem: (s) => {
    const row = sql.identifier(s);
    // one lookup by index per parent code (scalar subqueries: as joins, a planner guessing 100
    // codes per row would hash every position of the tenant for each row)
    const unknownParents = sql`FROM jsonb_array_elements_text(${row}.data->'parent_codes') c
      WHERE (SELECT true FROM positions p WHERE p.tenant_id = ${row}.tenant_id AND p.code = c LIMIT 1) IS NULL
        AND (SELECT true FROM import_rows f WHERE f.tenant_id = ${row}.tenant_id AND f.job_id = ${row}.job_id AND f.row IS NOT NULL AND f.parsed_ok AND f.key = c LIMIT 1) IS NULL`;
    return {
      code: sql`CASE WHEN ${row}.data ? 'parent_codes' AND EXISTS (SELECT 1 ${unknownParents}) THEN 'POSITION_ROW_UNKNOWN_PARENT' END`,
      column: 'parents',
      value: sql`(SELECT string_agg(c, '; ' ORDER BY c) ${unknownParents})`,
    };
  },
  sameExtra: (s, m) => {
    const row = sql.identifier(s);
    const match = sql.identifier(m);
    return sql`(NOT ${row}.data ? 'parent_codes' OR ARRAY(
        SELECT p.code FROM position_parents pp JOIN positions p ON p.tenant_id = pp.tenant_id AND p.id = pp.parent_id
        WHERE pp.tenant_id = ${match}.tenant_id AND pp.position_id = ${match}.id ORDER BY 1)
      = ARRAY(SELECT jsonb_array_elements_text(${row}.data->'parent_codes') ORDER BY 1))`;
  },
  async afterApply(tx, ctx) {
    await ctx.inRanges(tx, (rows) =>
      tx.execute(sql`
      DELETE FROM position_parents pp USING import_rows r
      WHERE ${rows('r')} AND r.operation IN ('ADD', 'UPDATE') AND r.data ? 'parent_codes' AND pp.tenant_id = ${ctx.tenantId} AND pp.position_id = r.target_id`),
    );
    await ctx.inRanges(tx, (rows) =>
      tx.execute(sql`
      INSERT INTO position_parents (tenant_id, position_id, parent_id)
      SELECT DISTINCT ${ctx.tenantId}::uuid, x.position_id, x.parent_id FROM (
        SELECT r.target_id AS position_id, (SELECT p.id FROM positions p WHERE p.tenant_id = ${ctx.tenantId} AND p.code = c) AS parent_id
        FROM import_rows r CROSS JOIN LATERAL jsonb_array_elements_text(r.data->'parent_codes') c
        WHERE ${rows('r')} AND r.operation IN ('ADD', 'UPDATE') AND r.data ? 'parent_codes'
      ) x WHERE x.parent_id IS NOT NULL`),
    );
    // a cycle through a written position: walked up from each of them (in ranges: each start is its own walk)
    let cycles = 0;
    await ctx.inRanges(tx, async (rows) => {
      const result = (await tx.execute(sql`
        WITH RECURSIVE walk(start, id, depth) AS (
          SELECT pp.position_id, pp.parent_id, 1 FROM position_parents pp JOIN import_rows r ON ${rows('r')} AND r.target_id = pp.position_id
          WHERE pp.tenant_id = ${ctx.tenantId} AND r.operation IN ('ADD', 'UPDATE')
          UNION
          SELECT w.start, pp.parent_id, w.depth + 1 FROM walk w JOIN position_parents pp ON pp.tenant_id = ${ctx.tenantId} AND pp.position_id = w.id
          WHERE w.id <> w.start AND w.depth < 200
        )
        SELECT count(*)::int AS cycles FROM walk WHERE id = start`)) as unknown as { rows: { cycles: number }[] };
      cycles += result.rows[0]?.cycles ?? 0;
    });
    if (cycles > 0) throw new FileError('FILE_WITH_ERROR_IN_ROWS', 'Los cargos superiores del archivo forman un ciclo: ningún cargo puede estar bajo sí mismo.');
  },
});
