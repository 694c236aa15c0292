import { sql } from 'drizzle-orm';
import type { TCatalog, TGenericCatalog } from '@faena/contracts';
import { type FieldSpec, FileError, type Importer, keyedImporter, type KeyedSpec, listed, lookupList, parseBoolean, type ParsedRow, parseNumber, RowChecks, type RowError } from '../imports/index.ts';
import { codeLookup, type ItemKind } from './catalogs.repository.ts';
import { ITEM_KIND, isValidCountry, isValidTimezone } from './catalogs.service.ts';

const codeColumn = {
  name: 'code',
  headerEs: 'Código',
  aliases: ['codigo', 'código', 'key', 'clave'],
  required: true,
  description: 'Unique code (the key of the row).',
  descriptionEs: 'Código único (la clave de la fila).',
};
const nameColumn = { name: 'name', headerEs: 'Nombre', aliases: ['nombre', 'label', 'etiqueta'], required: true, description: 'Name.', descriptionEs: 'Nombre.' };
const descriptionColumn = { name: 'description', headerEs: 'Descripción', aliases: ['descripcion', 'descripción'], required: false, description: 'Description.', descriptionEs: 'Descripción.' };
const activeColumn = {
  name: 'active',
  headerEs: 'Activo',
  aliases: ['activo', 'activa', 'is_active'],
  required: false,
  description: "'no' deletes (deactivates) the row; 'sí' restores it.",
  descriptionEs: "'no' elimina (desactiva) la fila; 'sí' la restaura.",
};

/** Code, name, description and active of any catalogue row; its problems go to `checks`. */
function basics(cells: Readonly<Record<string, string>>, checks: RowChecks): ParsedRow {
  const key = cells.code ?? '';
  const label = cells.name ?? '';
  if (!key) checks.fail('FILE_ROW_BLANK_KEY', 'code');
  if (!label) checks.fail('FILE_ROW_BLANK_LABEL', 'name');
  if (key.length > 100) checks.fail('FILE_ROW_TOO_LONG', 'code');
  if (label.length > 200) checks.fail('FILE_ROW_TOO_LONG', 'name');
  const active = parseBoolean(cells.active);
  if (active === null) checks.fail('FILE_ROW_INVALID_BOOLEAN', 'active', cells.active);
  const data: Record<string, unknown> = { name: label };
  if (cells.description !== undefined) {
    if (cells.description.length > 2000) checks.fail('FILE_ROW_TOO_LONG', 'description');
    data.description = cells.description || null;
  }
  if (active === false) data.active = false;
  return { key, label, data };
}

const legacyIdColumn = {
  name: 'legacy_id',
  headerEs: 'Id legado',
  aliases: ['id_legado'],
  required: false,
  description: 'Id in a former system (integer).',
  descriptionEs: 'Id en un sistema anterior (número entero).',
};

/** A cell naming one catalogue row by code or name: its id, null when blank, undefined when unknown. */
function referenceOf(cell: string, lookup: ReadonlyMap<string, string>): string | null | undefined {
  return cell ? lookup.get(cell.toLowerCase()) : null;
}

/** A legacy id cell: a non-negative 32-bit integer, null when blank, undefined when invalid. */
function legacyIdOf(cell: string): number | null | undefined {
  if (!cell) return null;
  const legacy = parseNumber(cell);
  return legacy !== null && Number.isInteger(legacy) && legacy >= 0 && legacy <= 2_147_483_647 ? legacy : undefined;
}

/** What every catalogue import shares: rows found by code, labelled by name, soft-deleted; upsert unless replace is asked for. */
const CODED_CATALOG = {
  keyColumns: ['code'],
  labelColumn: 'name',
  modes: ['upsert', 'replace'],
  defaultMode: 'upsert',
  keyColumn: 'code',
  labelColumn_db: 'name',
  softDelete: true,
} as const satisfies Partial<KeyedSpec<unknown>>;

/** The basics of a catalogue row and then its own steps, each filling its data or finding a problem; failed with every problem found. */
function withSteps(cells: Readonly<Record<string, string>>, steps: (row: ParsedRow) => (() => RowError | undefined)[]): ParsedRow {
  const checks = new RowChecks();
  const row = basics(cells, checks);
  for (const step of steps(row)) {
    const error = step();
    if (error) checks.add(error);
  }
  return checks.result(row);
}

/** A step: an optional cell naming a catalogue row (by code or name) sets `data[field]` to its id, null when blank. */
function referenceStep(data: Record<string, unknown>, cells: Readonly<Record<string, string>>, column: string, lookup: ReadonlyMap<string, string>, field: string) {
  return (): RowError | undefined => {
    const cell = cells[column];
    if (cell === undefined) return undefined;
    const id = referenceOf(cell, lookup);
    if (id === undefined) return { code: 'FILE_ROW_UNKNOWN_REFERENCE', column, value: cell };
    data[field] = id;
    return undefined;
  };
}

/** A step: the optional legacy_id cell. */
function legacyIdStep(data: Record<string, unknown>, cells: Readonly<Record<string, string>>) {
  return (): RowError | undefined => {
    if (cells.legacy_id === undefined) return undefined;
    const legacy = legacyIdOf(cells.legacy_id);
    if (legacy === undefined) return { code: 'FILE_ROW_INVALID_NUMBER', column: 'legacy_id', value: cells.legacy_id };
    data.legacy_id = legacy;
    return undefined;
  };
}

const nameField: FieldSpec = { field: 'name', column: 'name', type: 'text' };
const descriptionField: FieldSpec = { field: 'description', column: 'description', type: 'text' };

function itemImporter(catalog: TGenericCatalog): Importer<null> {
  const kind: ItemKind = ITEM_KIND[catalog];
  return keyedImporter<null>({
    kind: catalog,
    columns: [codeColumn, nameColumn, descriptionColumn, activeColumn],
    ...CODED_CATALOG,
    table: 'catalog_items',
    scope: (_ctx, t) => sql`${sql.identifier(t)}.kind = ${kind}`,
    // a row made by hand may have no code: it comes with a blank one, which the upload asks for
    current: ({ tenantId }) => sql`
      SELECT code, name, description FROM catalog_items
      WHERE tenant_id = ${tenantId} AND kind = ${kind} AND is_active
      ORDER BY code NULLS LAST, name`,
    insertExtra: () => [{ column: 'kind', value: sql`${kind}` }],
    fields: [nameField, descriptionField],
    prepare: async () => null,
    parseRow: (cells) => withSteps(cells, () => []),
  });
}

interface VenueLookups {
  businessLines: Map<string, string>;
  categories: Map<string, string>;
}

const venuesImporter = keyedImporter<VenueLookups>({
  kind: 'venues',
  columns: [
    codeColumn,
    nameColumn,
    { name: 'address', headerEs: 'Dirección', aliases: ['direccion', 'dirección'], required: false, description: 'Address.', descriptionEs: 'Dirección.' },
    descriptionColumn,
    {
      name: 'business_line',
      headerEs: 'Línea de negocio',
      aliases: ['linea_de_negocio', 'línea de negocio', 'business line'],
      required: false,
      description: 'Business line (code or name).',
      descriptionEs: 'Línea de negocio (código o nombre).',
    },
    { name: 'country', headerEs: 'País', aliases: ['pais', 'país'], required: false, description: 'ISO 3166 code, e.g. CL.', descriptionEs: 'Código ISO 3166, por ejemplo CL.' },
    {
      name: 'timezone',
      headerEs: 'Zona horaria',
      aliases: ['zona_horaria', 'zona horaria', 'time zone'],
      required: false,
      description: 'IANA time zone, e.g. America/Santiago.',
      descriptionEs: 'Zona horaria IANA, por ejemplo America/Santiago.',
    },
    { name: 'gla', headerEs: 'Superficie', aliases: ['superficie', 'area'], required: false, description: 'Gross leasable area (m²).', descriptionEs: 'Superficie arrendable bruta (m²).' },
    {
      name: 'categories',
      headerEs: 'Categorías',
      aliases: ['categorias', 'categorías'],
      required: false,
      description: 'Venue categories (codes or names, separated by ;).',
      descriptionEs: 'Categorías del recinto (códigos o nombres, separados por ;).',
    },
    legacyIdColumn,
    activeColumn,
  ],
  ...CODED_CATALOG,
  table: 'venues',
  // references by code (by name where the row has none), as the file brings them; categories in their stored order
  current: ({ tenantId }) => sql`
    SELECT v.code, v.name, v.address, v.description,
      (SELECT coalesce(b.code, b.name) FROM catalog_items b WHERE b.tenant_id = v.tenant_id AND b.id = v.business_line_id) AS business_line,
      v.country, v.timezone, v.gla::text AS gla,
      (SELECT string_agg(coalesce(c.code, c.name), ';' ORDER BY array_position(v.category_ids, c.id)) FROM catalog_items c WHERE c.tenant_id = v.tenant_id AND c.id = ANY (v.category_ids)) AS categories,
      v.legacy_id::text AS legacy_id
    FROM venues v WHERE v.tenant_id = ${tenantId} AND v.is_active
    ORDER BY v.code`,
  fields: [
    nameField,
    descriptionField,
    { field: 'address', column: 'address', type: 'text' },
    { field: 'business_line_id', column: 'business_line_id', type: 'uuid' },
    { field: 'country', column: 'country', type: 'text' },
    { field: 'timezone', column: 'timezone', type: 'text' },
    { field: 'gla', column: 'gla', type: 'float' },
    { field: 'category_ids', column: 'category_ids', type: 'uuid[]', insertDefault: sql`'{}'::uuid[]` },
    { field: 'legacy_id', column: 'legacy_id', type: 'int' },
  ],
  prepare: async (tx, ctx) => ({ businessLines: await codeLookup(tx, ctx.tenantId, 'business-line'), categories: await codeLookup(tx, ctx.tenantId, 'venue-category') }),
  parseRow(cells, lookups) {
    return withSteps(cells, ({ data }) => [
      () => {
        if (cells.address !== undefined) data.address = cells.address || null;
        return undefined;
      },
      referenceStep(data, cells, 'business_line', lookups.businessLines, 'business_line_id'),
      () => {
        if (cells.country === undefined) return undefined;
        const country = cells.country.toUpperCase() || null;
        if (country && !isValidCountry(country)) return { code: 'CATALOG_ROW_INVALID_COUNTRY', column: 'country', value: cells.country };
        data.country = country;
        return undefined;
      },
      () => {
        if (cells.timezone === undefined) return undefined;
        if (cells.timezone && !isValidTimezone(cells.timezone)) return { code: 'CATALOG_ROW_INVALID_TIMEZONE', column: 'timezone', value: cells.timezone };
        data.timezone = cells.timezone || null;
        return undefined;
      },
      () => {
        if (cells.gla === undefined) return undefined;
        const gla = cells.gla ? parseNumber(cells.gla) : null;
        if (cells.gla && (gla === null || gla < 0)) return { code: 'FILE_ROW_INVALID_NUMBER', column: 'gla', value: cells.gla };
        data.gla = gla;
        return undefined;
      },
      legacyIdStep(data, cells),
      () => {
        if (cells.categories === undefined) return undefined;
        const { found, unknown } = lookupList(cells.categories, lookups.categories);
        if (unknown.length > 0) return { code: 'FILE_ROW_UNKNOWN_REFERENCE', column: 'categories', value: listed(unknown) };
        data.category_ids = found;
        return undefined;
      },
    ]);
  },
});

interface LocationLookups {
  venues: Map<string, string>;
  blueprints: Map<string, string>;
}

const locationsImporter = keyedImporter<LocationLookups>({
  kind: 'locations',
  columns: [
    codeColumn,
    nameColumn,
    descriptionColumn,
    { name: 'venue', headerEs: 'Sede', aliases: ['recinto', 'sede', 'local'], required: false, description: 'Venue (code or name).', descriptionEs: 'Recinto (código o nombre).' },
    {
      name: 'parent',
      headerEs: 'Ubicación superior',
      aliases: ['padre', 'ubicacion_padre', 'ubicación superior'],
      required: false,
      description: 'Parent location code (existing, or a row of this file).',
      descriptionEs: 'Código de la ubicación superior (existente, o una fila de este archivo).',
    },
    { name: 'blueprint', headerEs: 'Plano', aliases: ['plano', 'blue_print'], required: false, description: 'Blueprint (code or name).', descriptionEs: 'Plano (código o nombre).' },
    legacyIdColumn,
    activeColumn,
  ],
  ...CODED_CATALOG,
  table: 'locations',
  // parents before their sub-locations is not needed: a file's row may point at a later one
  current: ({ tenantId }) => sql`
    SELECT l.code, l.name, l.description,
      (SELECT v.code FROM venues v WHERE v.tenant_id = l.tenant_id AND v.id = l.venue_id) AS venue,
      (SELECT p.code FROM locations p WHERE p.tenant_id = l.tenant_id AND p.id = l.parent_id) AS parent,
      (SELECT coalesce(b.code, b.name) FROM catalog_items b WHERE b.tenant_id = l.tenant_id AND b.id = l.blueprint_id) AS blueprint,
      l.legacy_id::text AS legacy_id
    FROM locations l WHERE l.tenant_id = ${tenantId} AND l.is_active
    ORDER BY l.code`,
  fields: [
    nameField,
    descriptionField,
    { field: 'venue_id', column: 'venue_id', type: 'uuid' },
    { field: 'parent_id', column: 'parent_id', type: 'uuid' },
    { field: 'blueprint_id', column: 'blueprint_id', type: 'uuid' },
    { field: 'legacy_id', column: 'legacy_id', type: 'int' },
  ],
  prepare: async (tx, ctx) => ({ venues: await codeLookup(tx, ctx.tenantId, 'venue'), blueprints: await codeLookup(tx, ctx.tenantId, 'blueprint') }),
  parseRow(cells, lookups) {
    return withSteps(cells, (row) => [
      referenceStep(row.data, cells, 'venue', lookups.venues, 'venue_id'),
      referenceStep(row.data, cells, 'blueprint', lookups.blueprints, 'blueprint_id'),
      () => {
        if (cells.parent === undefined) return undefined;
        if (cells.parent === row.key) return { code: 'LOCATION_ROW_CYCLE', column: 'parent', value: cells.parent };
        if (cells.parent) row.data.parent_code = cells.parent;
        else row.data.parent_id = null;
        return undefined;
      },
      legacyIdStep(row.data, cells),
    ]);
  },
  // a parent is an active location of the tenant, or another row of the file
  async resolve(tx, ctx, range) {
    // the code is taken out of the JSON first (OFFSET 0 keeps it a value): row-level security lets
    // no index compare a column with `data->>…` (the operator is not leakproof), which would scan
    // every location for every row
    await tx.execute(sql`
      UPDATE import_rows s SET data = s.data || jsonb_build_object('parent_id', (
        SELECT COALESCE(
          (SELECT l.id::text FROM locations l WHERE l.tenant_id = ${ctx.tenantId} AND l.is_active AND l.code = v.code LIMIT 1),
          (SELECT p.data->>'new_id' FROM import_rows p WHERE ${ctx.jobRows('p')} AND p.row IS NOT NULL AND p.parsed_ok AND p.key = v.code LIMIT 1))
        FROM (SELECT s.data->>'parent_code' AS code OFFSET 0) v))
      WHERE ${ctx.jobRows('s')} AND s.parsed_ok AND s.id BETWEEN ${range.from} AND ${range.to} AND s.data ? 'parent_code'`);
  },
  problem: (s) => ({
    code: sql`CASE WHEN ${sql.identifier(s)}.data ? 'parent_code' AND ${sql.identifier(s)}.data->>'parent_id' IS NULL THEN 'FILE_ROW_UNKNOWN_REFERENCE' END`,
    column: 'parent',
    value: sql`${sql.identifier(s)}.data->>'parent_code'`,
  }),
  async afterApply(tx, ctx) {
    // a cycle through a written location: walked up from each of them (in ranges: each start is its own walk)
    let cycles = 0;
    await ctx.inRanges(tx, async (rows) => {
      const result = (await tx.execute(sql`
        WITH RECURSIVE walk(start, id, depth) AS (
          SELECT l.id, l.parent_id, 1 FROM import_rows r JOIN locations l ON l.tenant_id = ${ctx.tenantId} AND l.id = r.target_id
          WHERE ${rows('r')} AND r.operation IN ('ADD', 'UPDATE', 'UNDELETE') AND l.parent_id IS NOT NULL
          UNION ALL
          SELECT w.start, l.parent_id, w.depth + 1 FROM walk w JOIN locations l ON l.tenant_id = ${ctx.tenantId} AND l.id = w.id
          WHERE w.id <> w.start AND w.depth < 200 AND l.parent_id IS NOT NULL
        )
        SELECT count(*)::int AS cycles FROM walk WHERE id = start`)) as unknown as { rows: { cycles: number }[] };
      cycles += result.rows[0]?.cycles ?? 0;
    });
    if (cycles > 0) throw new FileError('FILE_WITH_ERROR_IN_ROWS', 'Las ubicaciones superiores del archivo forman un ciclo: ninguna ubicación puede estar dentro de sí misma.');
  },
});

/** The importer of each catalogue, by the catalogue's URL segment. */
export const CATALOG_IMPORTERS: Record<TCatalog, Importer<unknown>> = {
  venues: venuesImporter as Importer<unknown>,
  locations: locationsImporter as Importer<unknown>,
  'venue-categories': itemImporter('venue-categories') as Importer<unknown>,
  'business-lines': itemImporter('business-lines') as Importer<unknown>,
  blueprints: itemImporter('blueprints') as Importer<unknown>,
  companies: itemImporter('companies') as Importer<unknown>,
  stores: itemImporter('stores') as Importer<unknown>,
};
