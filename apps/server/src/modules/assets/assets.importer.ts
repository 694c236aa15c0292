import { sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { codeLookup } from '../catalogs/index.ts';
import { keyedImporter, parseNumber, RowChecks, type FieldSpec, type RowError } from '../imports/index.ts';
import { assetTypes } from './assets.table.ts';
import { eq } from 'drizzle-orm';

interface AssetLookups {
  /** Type name (lower case) → its id and category. */
  types: Map<string, { id: string; categoryId: string }>;
  venues: Map<string, string>;
  /** Passport or e-mail (lower case) → person id. */
  persons: Map<string, string>;
}

const column = (name: string, headerEs: string, aliases: string[], description: string, descriptionEs: string, required = false) => ({ name, headerEs, aliases, required, description, descriptionEs });

async function personLookup(tx: Drizzle, tenantId: string): Promise<Map<string, string>> {
  const rows = (await tx.execute(sql`SELECT id, passport, lower(primary_email) AS email FROM persons WHERE tenant_id = ${tenantId}`)) as unknown as {
    rows: { id: string; passport: string; email: string | null }[];
  };
  const out = new Map<string, string>();
  for (const row of rows.rows) {
    out.set(row.passport.toLowerCase(), row.id);
    if (row.email) out.set(row.email, row.id);
  }
  return out;
}

const text = (field: string): FieldSpec => ({ field, column: field, type: 'text', insertDefault: sql`''` });
const numberIn = (cells: Readonly<Record<string, string>>, name: string, data: Record<string, unknown>, field: string, check: (n: number) => boolean): RowError | undefined => {
  const cell = cells[name];
  if (cell === undefined) return undefined;
  if (!cell) {
    data[field] = null;
    return undefined;
  }
  const value = parseNumber(cell);
  if (value === null || !check(value)) return { code: 'FILE_ROW_INVALID_NUMBER', column: name, value: cell };
  data[field] = value;
  return undefined;
};

/**
 * Bulk load of assets through the imports engine (decision 008's keyed importer): rows found by
 * code; type by name (its category follows), venue by code or name, responsible by passport or
 * e-mail. The columns are the export's first ones, so an export loads back. Assets are never
 * deleted by a file (upsert only).
 */
export const assetsImporter = keyedImporter<AssetLookups>({
  kind: 'assets',
  columns: [
    column('code', 'Código', ['codigo', 'código'], 'Unique code of the asset (the key of the row).', 'Código único del activo (la clave de la fila).', true),
    column('name', 'Nombre', ['nombre'], 'Name.', 'Nombre.', true),
    column('type', 'Tipo', ['tipo', 'asset_type'], 'Asset type (its name); required for a new asset.', 'Tipo de activo (su nombre); obligatorio para un activo nuevo.'),
    column('manufacturer', 'Fabricante', ['fabricante', 'marca'], 'Manufacturer.', 'Fabricante.'),
    column('model', 'Modelo', ['modelo'], 'Model.', 'Modelo.'),
    column('venue', 'Sede', ['sede', 'recinto'], 'Venue (code or name).', 'Sede (código o nombre).'),
    column('responsible', 'Responsable', ['responsable'], 'Responsible person (passport or e-mail).', 'Responsable (identificador o correo).'),
    column('description', 'Descripción', ['descripcion', 'descripción'], 'Description.', 'Descripción.'),
    column('purchase_cost', 'Costo de compra', ['costo', 'costo_de_compra'], 'Purchase cost (a number ≥ 0).', 'Costo de compra (un número ≥ 0).'),
    column('useful_life_years', 'Vida útil (años)', ['vida_util', 'vida útil'], 'Useful life in whole years (1–100).', 'Vida útil en años enteros (1 a 100).'),
    column('salvage_value', 'Valor residual', ['valor_residual'], 'Salvage value (a number ≥ 0).', 'Valor residual (un número ≥ 0).'),
    column('latitude', 'Latitud', ['latitud', 'lat'], 'Latitude (−90 to 90).', 'Latitud (−90 a 90).'),
    column('longitude', 'Longitud', ['longitud', 'lng', 'lon'], 'Longitude (−180 to 180).', 'Longitud (−180 a 180).'),
  ],
  keyColumns: ['code'],
  labelColumn: 'name',
  modes: ['upsert'],
  defaultMode: 'upsert',
  table: 'assets',
  keyColumn: 'code',
  labelColumn_db: 'name',
  softDelete: false,
  // a new asset's label token: 128 random bits, URL-safe (as newLabelToken)
  insertExtra: () => [{ column: 'label_token', value: sql`translate(encode(uuid_send(gen_random_uuid()), 'base64'), '+/=', '-_')` }],
  current: ({ tenantId }) => sql`
    SELECT a.code, a.name, (SELECT t.name FROM asset_types t WHERE t.tenant_id = a.tenant_id AND t.id = a.type_id) AS type,
      a.manufacturer, a.model,
      (SELECT coalesce(v.code, v.name) FROM venues v WHERE v.tenant_id = a.tenant_id AND v.id = a.venue_id) AS venue,
      (SELECT p.passport FROM persons p WHERE p.tenant_id = a.tenant_id AND p.id = a.responsible_person_id) AS responsible,
      a.description, a.purchase_cost::text AS purchase_cost, a.useful_life_years::text AS useful_life_years, a.salvage_value::text AS salvage_value,
      a.lat::text AS latitude, a.lng::text AS longitude
    FROM assets a WHERE a.tenant_id = ${tenantId}
    ORDER BY a.code`,
  fields: [
    { field: 'name', column: 'name', type: 'text' },
    text('manufacturer'),
    text('model'),
    text('description'),
    { field: 'type_id', column: 'type_id', type: 'uuid' },
    { field: 'category_id', column: 'category_id', type: 'uuid' },
    { field: 'venue_id', column: 'venue_id', type: 'uuid' },
    { field: 'responsible_person_id', column: 'responsible_person_id', type: 'uuid' },
    { field: 'purchase_cost', column: 'purchase_cost', type: 'float' },
    { field: 'useful_life_years', column: 'useful_life_years', type: 'int' },
    { field: 'salvage_value', column: 'salvage_value', type: 'float' },
    { field: 'lat', column: 'lat', type: 'float' },
    { field: 'lng', column: 'lng', type: 'float' },
  ],
  prepare: async (tx, ctx) => {
    const types = await tx.select({ id: assetTypes.id, name: assetTypes.name, categoryId: assetTypes.categoryId }).from(assetTypes).where(eq(assetTypes.tenantId, ctx.tenantId));
    return {
      types: new Map(types.map((t) => [t.name.toLowerCase(), { id: t.id, categoryId: t.categoryId }])),
      venues: await codeLookup(tx, ctx.tenantId, 'venue'),
      persons: await personLookup(tx, ctx.tenantId),
    };
  },
  parseRow(cells, lookups) {
    const checks = new RowChecks();
    const key = cells.code ?? '';
    const label = cells.name ?? '';
    if (!key) checks.fail('FILE_ROW_BLANK_KEY', 'code');
    else if (key.length > 64 || !/^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key)) checks.fail('FILE_ROW_TOO_LONG', 'code', key);
    if (!label) checks.fail('FILE_ROW_BLANK_LABEL', 'name');
    if (label.length > 200) checks.fail('FILE_ROW_TOO_LONG', 'name');
    const data: Record<string, unknown> = { name: label };
    for (const name of ['manufacturer', 'model', 'description'] as const) {
      const cell = cells[name];
      if (cell === undefined) continue;
      if (cell.length > (name === 'description' ? 10_000 : 200)) checks.fail('FILE_ROW_TOO_LONG', name);
      data[name] = cell;
    }
    const steps: (() => RowError | undefined)[] = [
      () => {
        const cell = cells.type;
        if (cell === undefined || cell === '') return undefined;
        const type = lookups.types.get(cell.toLowerCase());
        if (!type) return { code: 'FILE_ROW_UNKNOWN_REFERENCE', column: 'type', value: cell };
        data.type_id = type.id;
        data.category_id = type.categoryId;
        return undefined;
      },
      () => {
        const cell = cells.venue;
        if (cell === undefined) return undefined;
        const id = cell ? lookups.venues.get(cell.toLowerCase()) : null;
        if (id === undefined) return { code: 'FILE_ROW_UNKNOWN_REFERENCE', column: 'venue', value: cell };
        data.venue_id = id;
        return undefined;
      },
      () => {
        const cell = cells.responsible;
        if (cell === undefined) return undefined;
        const id = cell ? lookups.persons.get(cell.toLowerCase()) : null;
        if (id === undefined) return { code: 'FILE_ROW_UNKNOWN_REFERENCE', column: 'responsible', value: cell };
        data.responsible_person_id = id;
        return undefined;
      },
      () => numberIn(cells, 'purchase_cost', data, 'purchase_cost', (n) => n >= 0 && n <= 1e12),
      () => numberIn(cells, 'useful_life_years', data, 'useful_life_years', (n) => Number.isInteger(n) && n >= 1 && n <= 100),
      () => numberIn(cells, 'salvage_value', data, 'salvage_value', (n) => n >= 0 && n <= 1e12),
      () => numberIn(cells, 'latitude', data, 'lat', (n) => n >= -90 && n <= 90),
      () => numberIn(cells, 'longitude', data, 'lng', (n) => n >= -180 && n <= 180),
    ];
    for (const step of steps) {
      const error = step();
      if (error) checks.add(error);
    }
    return checks.result({ key, label, data });
  },
  // a new asset needs a type (the table's type is not null): a row that adds one without it is refused
  problem: (s, m) => ({
    code: sql`CASE WHEN ${sql.identifier(m)}.id IS NULL AND NOT (${sql.identifier(s)}.data ? 'type_id') THEN 'FILE_ROW_UNKNOWN_REFERENCE' END`,
    column: 'type',
    value: sql`''`,
  }),
});
