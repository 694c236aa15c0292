import { sql, type SQL } from 'drizzle-orm';
import { foldText, isIdentityDocumentType, isValidEmail, normalizeEmail, normalizeIdentityDocument, normalizePhone, type PersonOrigin } from '@faena/domain';
import { AUTH_CHANGED } from '../../platform/auth/caller.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { isModuleDisabled } from '../../platform/tenancy.ts';
import { codeLookup } from '../catalogs/index.ts';
import { findTenantById } from '../tenants/index.ts';
import { diffProblem, type Importer, type ImportRunContext, listed, lookupList, parseBoolean, presumedNew, registerImporter, RowChecks, splitList, uuidv7 } from '../imports/index.ts';
import { addHoldingsSql, dropHoldingsOutside, heldPositionIdsSql, positionLookup, takenDefaultsSql } from '../org-chart/index.ts';
import { grantPermissionsSql } from '../permissions/index.ts';
import { addSearchTerms, dropSearchTerms, searchWordsOf } from './people.repository.ts';

interface Lookups {
  positions: Map<string, { id: string; defaults: string[] }>;
  /** null: the tenant has the module disabled (spec forms §6), so the column takes no values. */
  businessLines: Map<string, string> | null;
  venues: Map<string, string>;
  companies: Map<string, string> | null;
}

const ORIGINS: Record<string, PersonOrigin> = {
  own_organization: 'OWN_ORGANIZATION',
  organizacion_propia: 'OWN_ORGANIZATION',
  propia: 'OWN_ORGANIZATION',
  propio: 'OWN_ORGANIZATION',
  mandante: 'OWN_ORGANIZATION',
  business_partner: 'BUSINESS_PARTNER',
  socio: 'BUSINESS_PARTNER',
  socio_comercial: 'BUSINESS_PARTNER',
  contractor_business: 'CONTRACTOR_BUSINESS',
  contratista: 'CONTRACTOR_BUSINESS',
  empresa_contratista: 'CONTRACTOR_BUSINESS',
};
const originOf = (value: string) =>
  ORIGINS[
    foldText(value)
      .replace(/[^a-z]+/g, '_')
      .replace(/^_|_$/g, '')
  ];

/**
 * People (the spec's /people-upload). A row is found by its e-mail, else by its identity
 * document; both belonging to different persons is an error. `active` = no disables the person
 * (DELETE), = sí enables a disabled one (UNDELETE). Columns absent from the file leave the
 * person's values alone. Positions taken give their default permissions, within what the job's
 * creator holds.
 */
export const peopleImporter: Importer<Lookups> = registerImporter<Lookups>({
  kind: 'people',
  columns: [
    {
      name: 'email',
      headerEs: 'Correo',
      aliases: ['correo', 'e-mail', 'mail', 'primary_email', 'correo electrónico'],
      required: false,
      description: 'Primary e-mail (unique in the organisation): the key of the row.',
      descriptionEs: 'Correo principal (único en la organización): la clave de la fila.',
    },
    { name: 'name', headerEs: 'Nombre', aliases: ['nombre', 'nombre completo', 'full name'], required: true, description: 'Full name.', descriptionEs: 'Nombre completo.' },
    {
      name: 'document_type',
      headerEs: 'Tipo de documento',
      aliases: ['tipo_documento', 'tipo de documento', 'tipo documento'],
      required: false,
      description: 'CL_CI (default), PASSPORT, PE_DNI, CO_CC, MX_CURP, MX_RFS, MX_INE, MX_NSS or SV_DUI.',
      descriptionEs: 'CL_CI (por defecto), PASSPORT, PE_DNI, CO_CC, MX_CURP, MX_RFS, MX_INE, MX_NSS o SV_DUI.',
    },
    {
      name: 'document_number',
      headerEs: 'Número de documento',
      aliases: ['numero_documento', 'número de documento', 'documento', 'rut', 'dni'],
      required: false,
      description: 'Identity document number (the key when there is no e-mail).',
      descriptionEs: 'Número del documento de identidad (la clave cuando no hay correo).',
    },
    {
      name: 'other_emails',
      headerEs: 'Otros correos',
      aliases: ['otros_correos', 'otros correos'],
      required: false,
      description: 'Other e-mails, separated by ;.',
      descriptionEs: 'Otros correos, separados por ;.',
    },
    {
      name: 'phones',
      headerEs: 'Teléfonos',
      aliases: ['telefonos', 'teléfonos', 'telefono', 'teléfono', 'phone'],
      required: false,
      description: 'Phone numbers, separated by ;.',
      descriptionEs: 'Teléfonos, separados por ;.',
    },
    { name: 'address', headerEs: 'Dirección', aliases: ['direccion', 'dirección'], required: false, description: 'Address.', descriptionEs: 'Dirección.' },
    {
      name: 'positions',
      headerEs: 'Cargos',
      aliases: ['position', 'cargo', 'cargos'],
      required: false,
      description: 'Positions (codes or titles), separated by ;.',
      descriptionEs: 'Cargos (códigos o títulos), separados por ;.',
    },
    {
      name: 'business_lines',
      headerEs: 'Líneas de negocio',
      aliases: ['lineas_de_negocio', 'líneas de negocio', 'business line'],
      required: false,
      description: 'Business lines (codes or names), separated by ;.',
      descriptionEs: 'Líneas de negocio (códigos o nombres), separadas por ;.',
    },
    {
      name: 'workspaces',
      headerEs: 'Lugares de trabajo',
      aliases: ['espacios_de_trabajo', 'espacios de trabajo', 'recintos', 'venues'],
      required: false,
      description: 'Venues the person works at (codes or names), separated by ;.',
      descriptionEs: 'Recintos donde trabaja la persona (códigos o nombres), separados por ;.',
    },
    {
      name: 'origin',
      headerEs: 'Origen',
      aliases: ['origen'],
      required: false,
      description: 'Own organization, business partner or contractor business.',
      descriptionEs: 'Organización propia, socio comercial o empresa contratista.',
    },
    { name: 'company', headerEs: 'Empresa', aliases: ['empresa'], required: false, description: 'Company (code or name).', descriptionEs: 'Empresa (código o nombre).' },
    { name: 'roles', headerEs: 'Roles', aliases: ['rol'], required: false, description: 'Roles, separated by ;.', descriptionEs: 'Roles, separados por ;.' },
    { name: 'groups', headerEs: 'Grupos', aliases: ['grupos', 'grupo'], required: false, description: 'Groups, separated by ;.', descriptionEs: 'Grupos, separados por ;.' },
    {
      name: 'active',
      headerEs: 'Activo',
      aliases: ['activo', 'activa', 'habilitado'],
      required: false,
      description: "'no' disables the person, 'sí' enables them.",
      descriptionEs: "'no' deshabilita a la persona; 'sí' la habilita.",
    },
  ],
  keyColumns: ['email', 'document_number'],
  labelColumn: 'name',
  requireAnyOf: ['email', 'document_number'],
  modes: ['upsert'],
  defaultMode: 'upsert',
  prepare: async (tx, ctx) => {
    const tenant = { disabledModules: (await findTenantById(tx, ctx.tenantId))?.disabledModules ?? [] };
    return {
      positions: await positionLookup(tx, ctx.tenantId),
      businessLines: isModuleDisabled(tenant, 'business_line') ? null : await codeLookup(tx, ctx.tenantId, 'business-line'),
      venues: await codeLookup(tx, ctx.tenantId, 'venue'),
      companies: isModuleDisabled(tenant, 'company') ? null : await codeLookup(tx, ctx.tenantId, 'company'),
    };
  },
  parseRow(cells, lookups, ctx) {
    const name = cells.name ?? '';
    const email = cells.email ? normalizeEmail(cells.email) : '';
    const checks = new RowChecks();
    if (!name) checks.fail('FILE_ROW_BLANK_LABEL', 'name');
    else if (name.length > 200) checks.fail('FILE_ROW_TOO_LONG', 'name');
    if (email && !isValidEmail(email)) checks.fail('PERSON_ROW_INVALID_EMAIL', 'email', cells.email);

    const data: Record<string, unknown> = { sort_name: foldText(name) };
    let documentKey: string | null = null;
    const documents: { type: string; number: string }[] = [];
    if (cells.document_number !== undefined) {
      if (cells.document_number) {
        const type = (cells.document_type || 'CL_CI').toUpperCase();
        if (!isIdentityDocumentType(type)) checks.fail('PERSON_ROW_UNKNOWN_DOCUMENT_TYPE', 'document_type', cells.document_type);
        else {
          const number = normalizeIdentityDocument(type, cells.document_number);
          if (!number) checks.fail(type === 'CL_CI' ? 'PERSON_ROW_INVALID_RUT' : 'PERSON_ROW_INVALID_DOCUMENT', 'document_number', cells.document_number);
          else {
            documents.push({ type, number });
            documentKey = `${type}:${number}`;
          }
        }
      }
      data.documents = documents;
    }
    // a key that failed its check is reported as such, not as missing
    if (!email && !cells.document_number) checks.fail('FILE_ROW_BLANK_KEY', 'email');
    const key = email || documentKey;
    if (email) data.email = email;

    const other: string[] = [];
    if (cells.other_emails !== undefined) {
      const invalid: string[] = [];
      for (const value of splitList(cells.other_emails)) {
        const normalized = normalizeEmail(value);
        if (!isValidEmail(normalized)) invalid.push(value);
        else if (normalized !== email && !other.includes(normalized)) other.push(normalized);
      }
      if (invalid.length > 0) checks.fail('PERSON_ROW_INVALID_EMAIL', 'other_emails', listed(invalid));
      data.other_emails = other;
    }
    const phones: { number: string; label: null }[] = [];
    if (cells.phones !== undefined) {
      const invalid: string[] = [];
      for (const value of splitList(cells.phones)) {
        const number = normalizePhone(value);
        if (!number) invalid.push(value);
        else if (!phones.some((phone) => phone.number === number)) phones.push({ number, label: null });
      }
      if (invalid.length > 0) checks.fail('PERSON_ROW_INVALID_PHONE', 'phones', listed(invalid));
      data.phones = phones;
    }
    if (cells.address !== undefined) {
      if (cells.address.length > 500) checks.fail('FILE_ROW_TOO_LONG', 'address');
      data.address = cells.address || null;
    }
    if (cells.origin !== undefined) {
      const origin = cells.origin ? originOf(cells.origin) : null;
      if (origin === undefined) checks.fail('PERSON_ROW_INVALID_ORIGIN', 'origin', cells.origin);
      data.origin = origin;
    }
    /** A list of codes or names as ids (sorted, once each); the parts no record has are a problem of the column. */
    const refs = (column: string, map: ReadonlyMap<string, string>): string[] => {
      const { found, unknown } = lookupList(cells[column], map);
      if (unknown.length > 0) checks.fail('FILE_ROW_UNKNOWN_REFERENCE', column, listed(unknown));
      return found.sort();
    };
    // a disabled module's column (spec forms §6) must be empty and leaves the person's values alone
    if (cells.business_lines !== undefined) {
      if (!lookups.businessLines) {
        if (cells.business_lines) checks.fail('FILE_ROW_MODULE_DISABLED', 'business_lines');
      } else data.business_line_ids = refs('business_lines', lookups.businessLines);
    }
    if (cells.workspaces !== undefined) data.workspace_ids = refs('workspaces', lookups.venues);
    if (cells.company !== undefined) {
      if (!lookups.companies) {
        if (cells.company) checks.fail('FILE_ROW_MODULE_DISABLED', 'company');
      } else {
        const id = cells.company ? lookups.companies.get(cells.company.toLowerCase()) : null;
        if (id === undefined) checks.fail('FILE_ROW_UNKNOWN_REFERENCE', 'company', cells.company);
        data.company_id = id;
      }
    }
    if (cells.positions !== undefined) {
      const { found, named, unknown } = lookupList(cells.positions, lookups.positions);
      // privilege ceiling: a position's defaults are given to the person
      const creator = ctx.creator;
      const allowed = found.map((position) => !creator || position.defaults.every((permission) => creator.permissions.has(permission)));
      const beyond = named.filter((_, i) => !allowed[i]);
      if (unknown.length > 0) checks.fail('FILE_ROW_UNKNOWN_REFERENCE', 'positions', listed(unknown));
      if (beyond.length > 0) checks.fail('PERSON_ROW_POSITION_NOT_ALLOWED', 'positions', listed(beyond));
      data.position_ids = found
        .filter((_, i) => allowed[i])
        .map((position) => position.id)
        .sort();
    }
    for (const column of ['roles', 'groups'] as const) {
      if (cells[column] === undefined) continue;
      const values = [...new Set(splitList(cells[column]))];
      if (values.some((value) => value.length > 100)) checks.fail('FILE_ROW_TOO_LONG', column);
      data[column] = values;
    }
    const active = parseBoolean(cells.active);
    if (active === null) checks.fail('FILE_ROW_INVALID_BOOLEAN', 'active', cells.active);
    if (checks.failed || !key || active === null) return checks.result({ key: email || cells.document_number || '', label: name, data: {} });
    if (active !== undefined) data.active = active;
    // complete for a new person; an update recomputes them from the stored values (apply)
    const words = searchWordsOf({ name, primaryEmail: email || null, otherEmails: other, documents, phones });
    data.search_text = words.join(' ');
    data.terms = words;
    // time-ordered: a large import appends to the indexes of persons, documents and positions
    const newId = uuidv7();
    data.new_id = newId;
    data.new_passport = uuidv7();
    // most rows of a large file are new people: the diff's update of them changes nothing, which
    // import_rows' trigger skips (migration 0011)
    return { key, altKey: email && documentKey ? documentKey : null, label: name, data, presumed: presumedNew(newId, active) };
  },

  async diff(tx, ctx, range) {
    const has = (field: string) => sql`s.data ? ${field}`;
    /** The file's column `column` when the staged `field` differs from the stored value. */
    const differs = (column: string, field: string, different: SQL) => sql`CASE WHEN ${has(field)} AND ${different} THEN ${column} END`;
    /** The same for a stored array column named like its staged field. */
    const differsArray = (column: string, field: string, type: 'text' | 'uuid') =>
      differs(column, field, sql`m.${sql.identifier(field)} IS DISTINCT FROM ARRAY(SELECT jsonb_array_elements_text(s.data->${field}))::${sql.raw(type)}[]`);
    // One correlated lookup per staged row, by index: the plan does not depend on the staging
    // table's statistics. The values looked up are taken out of the JSON first (OFFSET 0 keeps
    // them values): under row-level security no index compares a column with `data->>…` (the
    // operator is not leakproof), so a direct comparison scans every person for every row.
    // A row of a stored person names the file's columns that would change it (`changes`: the
    // preview says what an update does — an empty cell clears a value); none is NO_CHANGE.
    await tx.execute(sql`
      UPDATE import_rows s SET (operation, target_id, error_code, error_column, errors, changes) = (
        SELECT
          o.operation,
          COALESCE(m.id, (s.data->>'new_id')::uuid),
          e.err,
          ${diffProblem(sql`e.err`, 'document_number', sql`(SELECT string_agg(doc->>'number', '; ') FROM jsonb_array_elements(s.data->'documents') doc)`)},
          CASE WHEN o.operation IN ('UPDATE', 'UNDELETE') THEN NULLIF(c.changed, '{}') END
        FROM (SELECT s.data->>'email' AS email OFFSET 0) v
        LEFT JOIN LATERAL (SELECT p.id FROM persons p WHERE p.tenant_id = s.tenant_id AND p.primary_email = v.email) a ON true
        LEFT JOIN LATERAL (
          SELECT array_agg(DISTINCT x.person_id) AS ids FROM (
            SELECT (SELECT d.person_id FROM person_documents d WHERE d.tenant_id = s.tenant_id AND d.type = y.type AND d.number = y.number) AS person_id
            FROM (SELECT doc->>'type' AS type, doc->>'number' AS number FROM jsonb_array_elements(COALESCE(s.data->'documents', '[]'::jsonb)) doc OFFSET 0) y
          ) x WHERE x.person_id IS NOT NULL
        ) b ON true
        LEFT JOIN LATERAL (SELECT COALESCE(a.id, b.ids[1]) AS id OFFSET 0) k ON true
        LEFT JOIN LATERAL (SELECT * FROM persons m WHERE m.tenant_id = s.tenant_id AND m.id = k.id) m ON true
        LEFT JOIN LATERAL (SELECT array_remove(ARRAY[
            CASE WHEN m.name <> s.label THEN 'name' END,
            ${differs('email', 'email', sql`m.primary_email IS DISTINCT FROM s.data->>'email'`)},
            ${differs(
              'document_number',
              'documents',
              sql`(SELECT COALESCE(jsonb_agg(jsonb_build_object('type', d.type, 'number', d.number) ORDER BY d.position), '[]'::jsonb)
              FROM person_documents d WHERE d.tenant_id = m.tenant_id AND d.person_id = m.id) <> s.data->'documents'`,
            )},
            ${differsArray('other_emails', 'other_emails', 'text')},
            ${differs('phones', 'phones', sql`${phoneNumbers(sql`m.phones`)} IS DISTINCT FROM ${phoneNumbers(sql`s.data->'phones'`)}`)},
            ${differs('address', 'address', sql`m.address IS DISTINCT FROM s.data->>'address'`)},
            ${differs(
              'positions',
              'position_ids',
              sql`${heldPositionIdsSql(sql`m.tenant_id`, sql`m.id`)}
              <> ARRAY(SELECT v::uuid FROM jsonb_array_elements_text(s.data->'position_ids') v ORDER BY 1)`,
            )},
            ${differsArray('business_lines', 'business_line_ids', 'uuid')},
            ${differsArray('workspaces', 'workspace_ids', 'uuid')},
            ${differs('origin', 'origin', sql`m.origin IS DISTINCT FROM s.data->>'origin'`)},
            ${differs('company', 'company_id', sql`m.company_id IS DISTINCT FROM (s.data->>'company_id')::uuid`)},
            ${differsArray('roles', 'roles', 'text')},
            ${differsArray('groups', 'groups', 'text')}
          ]::text[], NULL) AS changed WHERE m.id IS NOT NULL OFFSET 0) c ON true
        CROSS JOIN LATERAL (SELECT CASE
          WHEN cardinality(b.ids) > 1 THEN 'PERSON_ROW_DOCUMENT_IN_USE'
          WHEN a.id IS NOT NULL AND b.ids IS NOT NULL AND b.ids[1] <> a.id THEN 'PERSON_ROW_EMAIL_DOCUMENT_MISMATCH'
        END AS err OFFSET 0) e
        CROSS JOIN LATERAL (SELECT CASE
          WHEN e.err IS NOT NULL THEN 'ERROR'
          WHEN (s.data->>'active') = 'false' THEN CASE WHEN m.id IS NOT NULL AND NOT m.is_disabled THEN 'DELETE' ELSE 'NO_CHANGE' END
          WHEN m.id IS NULL THEN 'ADD'
          WHEN m.is_disabled AND (s.data->>'active') = 'true' THEN 'UNDELETE'
          WHEN cardinality(c.changed) = 0 THEN 'NO_CHANGE'
          ELSE 'UPDATE'
        END AS operation OFFSET 0) o
      )
      WHERE ${ctx.jobRows('s')} AND s.parsed_ok AND s.id BETWEEN ${range.from} AND ${range.to}`);
  },

  async apply(tx, ctx, counts) {
    await applyPeople(tx, ctx, counts);
  },
  tables: ['persons', 'person_documents', 'person_search_terms', 'position_people', 'person_permissions'],
});

const textArray = (field: string) => sql`ARRAY(SELECT jsonb_array_elements_text(r.data->${field}))::text[]`;
const uuidArray = (field: string) => sql`ARRAY(SELECT jsonb_array_elements_text(r.data->${field}))::uuid[]`;
/** An updated person's value of `column`: the file's where it has `field`, else the stored one (`p` is the row before the update). */
const chosen = (field: string, value: SQL, column: string) => sql`CASE WHEN r.data ? ${field} THEN ${value} ELSE p.${sql.identifier(column)} END`;
const keep = (field: string, value: SQL, column: string) => sql`${sql.identifier(column)} = ${chosen(field, value, column)}`;
/**
 * An updated person's phones: the file's numbers in its order, each keeping the label the person
 * already has for that number (a file has no labels: "Móvil" must not be lost by re-uploading).
 */
const labelledPhones = sql`(SELECT COALESCE(jsonb_agg(jsonb_build_object('number', f.ph->>'number', 'label',
      (SELECT o->'label' FROM jsonb_array_elements(p.phones) o WHERE o->>'number' = f.ph->>'number' LIMIT 1)) ORDER BY f.i), '[]'::jsonb)
    FROM jsonb_array_elements(r.data->'phones') WITH ORDINALITY AS f(ph, i))`;
/** The numbers of a list of phones (what an import compares: it has no labels). */
const phoneNumbers = (phones: SQL) => sql`ARRAY(SELECT ph->>'number' FROM jsonb_array_elements(${phones}) ph)`;

/**
 * An updated person's `search_text`, as `searchTextOf` makes it, from the values the same update
 * writes: the new name's words, e-mails, document numbers (the file's list, which replaces the
 * stored one, or the stored one) and the phones' last eight digits.
 */
const updatedSearchText = (tenantId: string) => sql`concat_ws(' ', r.data->>'sort_name',
      (SELECT string_agg(e, ' ') FROM unnest(array_prepend(${chosen('email', sql`r.data->>'email'`, 'primary_email')}, ${chosen('other_emails', textArray('other_emails'), 'other_emails')})) e WHERE e IS NOT NULL),
      (SELECT string_agg(regexp_replace(lower(n), '[^0-9a-z]', '', 'g'), ' ') FROM unnest(CASE WHEN r.data ? 'documents'
        THEN ARRAY(SELECT doc->>'number' FROM jsonb_array_elements(r.data->'documents') doc)
        ELSE ARRAY(SELECT d.number FROM person_documents d WHERE d.tenant_id = ${tenantId} AND d.person_id = p.id) END) n),
      (SELECT string_agg(right(regexp_replace(ph->>'number', '[^0-9]', '', 'g'), 8), ' ') FROM jsonb_array_elements(${chosen('phones', sql`r.data->'phones'`, 'phones')}) ph))`;

/**
 * The final, set-based step: persons, documents, search text, positions and their default
 * permissions, each write over the job's rows in ranges (`ctx.inRanges`). A statement whose
 * operations no staged row has is skipped (a first load is all ADD; each statement would still
 * scan the job's rows to find none).
 */
async function applyPeople(tx: Drizzle, ctx: ImportRunContext, counts: Readonly<Record<string, number>>): Promise<void> {
  const t = ctx.tenantId;
  const each = (write: (rows: (alias: string) => SQL) => Promise<unknown>) => ctx.inRanges(tx, write);
  const adds = (counts.ADD ?? 0) > 0;
  const changes = (counts.UPDATE ?? 0) + (counts.UNDELETE ?? 0) > 0;
  const deletes = (counts.DELETE ?? 0) > 0;
  if (adds)
    await each((job) =>
      tx.execute(sql`
    INSERT INTO persons (tenant_id, id, passport, name, primary_email, other_emails, phones, address, origin, company_id, business_line_ids, workspace_ids, roles, groups, is_disabled, sort_name, search_text)
    SELECT ${t}, r.target_id, COALESCE(r.data->>'new_passport', gen_random_uuid()::text), r.label, r.data->>'email',
      COALESCE(${textArray('other_emails')}, '{}'), COALESCE(r.data->'phones', '[]'::jsonb), r.data->>'address', r.data->>'origin', (r.data->>'company_id')::uuid,
      COALESCE(${uuidArray('business_line_ids')}, '{}'), COALESCE(${uuidArray('workspace_ids')}, '{}'), COALESCE(${textArray('roles')}, '{}'), COALESCE(${textArray('groups')}, '{}'),
      false, r.data->>'sort_name', r.data->>'search_text'
    FROM import_rows r WHERE ${job('r')} AND r.operation = 'ADD'
    ORDER BY r.target_id`),
    );
  const updated = (job: (alias: string) => SQL) => sql`SELECT r.target_id FROM import_rows r WHERE ${job('r')} AND r.operation IN ('UPDATE', 'UNDELETE')`;
  if (changes) await each((job) => dropSearchTerms(tx, t, updated(job)));
  if (changes)
    await each((job) =>
      tx.execute(sql`
    UPDATE persons p SET name = r.label, sort_name = r.data->>'sort_name',
      ${keep('email', sql`r.data->>'email'`, 'primary_email')},
      ${keep('other_emails', textArray('other_emails'), 'other_emails')},
      ${keep('phones', labelledPhones, 'phones')},
      ${keep('address', sql`r.data->>'address'`, 'address')},
      ${keep('origin', sql`r.data->>'origin'`, 'origin')},
      ${keep('company_id', sql`(r.data->>'company_id')::uuid`, 'company_id')},
      ${keep('business_line_ids', uuidArray('business_line_ids'), 'business_line_ids')},
      ${keep('workspace_ids', uuidArray('workspace_ids'), 'workspace_ids')},
      ${keep('roles', textArray('roles'), 'roles')},
      ${keep('groups', textArray('groups'), 'groups')},
      is_disabled = CASE WHEN r.operation = 'UNDELETE' THEN false ELSE p.is_disabled END,
      search_text = ${updatedSearchText(t)},
      updated_at = now()
    FROM import_rows r WHERE ${job('r')} AND r.operation IN ('UPDATE', 'UNDELETE') AND p.tenant_id = ${t} AND p.id = r.target_id`),
    );
  if (deletes)
    await each((job) =>
      tx.execute(sql`
    UPDATE persons p SET is_disabled = true, updated_at = now()
    FROM import_rows r WHERE ${job('r')} AND r.operation = 'DELETE' AND p.tenant_id = ${t} AND p.id = r.target_id`),
    );

  // identity documents: the file's list replaces the person's
  if (changes)
    await each((job) =>
      tx.execute(sql`
    DELETE FROM person_documents d USING import_rows r
    WHERE ${job('r')} AND r.operation IN ('UPDATE', 'UNDELETE') AND r.data ? 'documents' AND d.tenant_id = ${t} AND d.person_id = r.target_id`),
    );
  if (adds || changes)
    await each((job) =>
      tx.execute(sql`
    INSERT INTO person_documents (tenant_id, person_id, type, number, position)
    SELECT ${t}, r.target_id, doc.value->>'type', doc.value->>'number', (doc.ordinality - 1)::int
    FROM import_rows r CROSS JOIN LATERAL jsonb_array_elements(r.data->'documents') WITH ORDINALITY AS doc(value, ordinality)
    WHERE ${job('r')} AND r.operation IN ('ADD', 'UPDATE', 'UNDELETE') AND r.data ? 'documents'
    ORDER BY r.target_id`),
    );

  // search words: a new person's were made while parsing; an updated person's from the search text its update wrote
  if (adds)
    await each((job) =>
      tx.execute(sql`
    INSERT INTO person_search_terms (tenant_id, term, sort_name, person_id)
    SELECT ${t}, term, r.data->>'sort_name', r.target_id FROM import_rows r CROSS JOIN LATERAL jsonb_array_elements_text(r.data->'terms') AS term
    WHERE ${job('r')} AND r.operation = 'ADD'
    -- in index order (a range's, on PGlite): the btree fills page after page instead of touching pages at random
    ORDER BY term COLLATE "C", r.data->>'sort_name' COLLATE "C"`),
    );
  if (changes) await each((job) => addSearchTerms(tx, t, updated(job)));

  // positions: the file's list replaces the person's (org-chart writes its holdings); positions
  // taken give their defaults (permissions writes the grant), in one statement per range
  const positionLists = (job: (alias: string) => SQL, operations: SQL) =>
    sql`SELECT r.target_id AS person_id, r.data->'position_ids' AS position_ids FROM import_rows r WHERE ${job('r')} AND r.operation IN ${operations} AND r.data ? 'position_ids'`;
  if (changes) await each((job) => dropHoldingsOutside(tx, t, positionLists(job, sql`('UPDATE', 'UNDELETE')`)));
  if (!adds && !changes && !deletes) return;
  let granted = 0;
  await each(async (job) => {
    const result = (await tx.execute(sql`
    WITH added AS (${addHoldingsSql(t, positionLists(job, sql`('ADD', 'UPDATE', 'UNDELETE')`))}
    ), wanted AS (
      SELECT pe.passport, array_agg(DISTINCT d.k ORDER BY d.k) AS keys
      FROM (${takenDefaultsSql(t, sql`added`)}) d
      JOIN persons pe ON pe.tenant_id = ${t} AND pe.id = d.person_id
      GROUP BY pe.passport
    )
    ${grantPermissionsSql(t, sql`SELECT passport, keys FROM wanted`)}`)) as unknown as { rows: unknown[] };
    granted += result.rows.length;
  });

  // a person disabled or enabled again changes who may sign in, as granted permissions do
  const standing = deletes || (counts.UNDELETE ?? 0) > 0;
  if (granted > 0 || standing) await ctx.platform.bus.publish(tx, { topic: AUTH_CHANGED, tenantId: t });
}
