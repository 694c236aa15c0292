import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { FormField } from '@faena/domain';
import type { Drizzle } from '../../platform/db/database.ts';
import { formResponses, forms, formVersions } from './forms.table.ts';

export interface FormVersionRow {
  id: string;
  name: string;
  version: number;
  definition: FormField[];
  createdAt: Date;
  updatedAt: Date;
}

export async function insertForm(tx: Drizzle, tenantId: string, input: { name: string; definition: FormField[]; personId: string }): Promise<FormVersionRow> {
  const [form] = await tx.insert(forms).values({ tenantId, name: input.name, createdByPersonId: input.personId }).returning();
  await tx.insert(formVersions).values({ tenantId, formId: form!.id, version: 1, name: input.name, definition: input.definition, createdByPersonId: input.personId });
  return { id: form!.id, name: form!.name, version: 1, definition: input.definition, createdAt: form!.createdAt, updatedAt: form!.updatedAt };
}

/** A form's version as read: the form's id and dates, the version's name and definition. */
const versionColumns = {
  id: forms.id,
  name: formVersions.name,
  version: formVersions.version,
  definition: formVersions.definition,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};
/** The forms joined to one version each: `version`, or the form's latest. */
const withVersion = (version?: number) => and(eq(formVersions.tenantId, forms.tenantId), eq(formVersions.formId, forms.id), eq(formVersions.version, version ?? forms.latestVersion));
const asVersionRow = <T extends { definition: unknown }>(row: T) => ({ ...row, definition: row.definition as FormField[] });

/** The latest version, locked for update when a new version is about to be written. */
export async function findFormVersion(tx: Drizzle, tenantId: string, formId: string, version?: number, options: { lock?: boolean } = {}): Promise<FormVersionRow | null> {
  const query = tx
    .select(versionColumns)
    .from(forms)
    .innerJoin(formVersions, withVersion(version))
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, formId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update', { of: forms }) : await query;
  return row ? asVersionRow(row) : null;
}

/** The latest version of each of the given forms (absent ones are simply missing). */
export async function findLatestFormVersions(tx: Drizzle, tenantId: string, formIds: readonly string[]): Promise<FormVersionRow[]> {
  const wanted = [...new Set(formIds)];
  if (wanted.length === 0) return [];
  const rows = await tx
    .select(versionColumns)
    .from(forms)
    .innerJoin(formVersions, withVersion())
    .where(and(eq(forms.tenantId, tenantId), inArray(forms.id, wanted)));
  return rows.map(asVersionRow);
}

export async function insertFormVersion(tx: Drizzle, tenantId: string, formId: string, input: { version: number; name: string; definition: FormField[]; personId: string }): Promise<void> {
  await tx.insert(formVersions).values({ tenantId, formId, version: input.version, name: input.name, definition: input.definition, createdByPersonId: input.personId });
  await tx
    .update(forms)
    .set({ name: input.name, latestVersion: input.version, updatedAt: new Date() })
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, formId)));
}

/** The forms whose latest version has a data_source field (at any depth) reading this data source, by name. */
export async function formsUsingDataSource(tx: Drizzle, tenantId: string, dataSourceId: string): Promise<{ id: string; name: string }[]> {
  const result = (await tx.execute(sql`
    SELECT f.id, v.name FROM forms f
    JOIN form_versions v ON v.tenant_id = f.tenant_id AND v.form_id = f.id AND v.version = f.latest_version
    WHERE f.tenant_id = ${tenantId}
      AND jsonb_path_exists(v.definition, '$.** ? (@.data_source_id == $id)', jsonb_build_object('id', ${dataSourceId}::text))
    ORDER BY v.name, f.id`)) as unknown as { rows: { id: string; name: string }[] };
  return result.rows;
}

export async function listForms(tx: Drizzle, tenantId: string, query: { search?: string | undefined; limit: number; offset: number }) {
  const filters: SQL[] = [eq(forms.tenantId, tenantId)];
  if (query.search?.trim()) filters.push(ilike(forms.name, `%${query.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  const rows = await tx
    .select({ id: forms.id, name: forms.name, version: forms.latestVersion, createdAt: forms.createdAt, updatedAt: forms.updatedAt, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(forms)
    .where(and(...filters))
    .orderBy(desc(forms.updatedAt), forms.id)
    .limit(query.limit)
    .offset(query.offset);
  return { count: rows[0]?.total ?? 0, rows };
}

export type ResponseRow = typeof formResponses.$inferSelect;

export async function insertResponse(tx: Drizzle, values: { tenantId: string; formId: string; formVersion: number; response: Record<string, unknown>; personId: string }): Promise<ResponseRow> {
  const [row] = await tx.insert(formResponses).values(values).returning();
  return row!;
}

export async function findResponse(tx: Drizzle, tenantId: string, formId: string, id: string): Promise<ResponseRow | null> {
  const [row] = await tx
    .select()
    .from(formResponses)
    .where(and(eq(formResponses.tenantId, tenantId), eq(formResponses.formId, formId), eq(formResponses.id, id)))
    .limit(1);
  return row ?? null;
}

export async function listResponses(tx: Drizzle, tenantId: string, formId: string, query: { personId?: string | undefined; limit: number; offset: number }) {
  const filters: SQL[] = [eq(formResponses.tenantId, tenantId), eq(formResponses.formId, formId)];
  if (query.personId) filters.push(eq(formResponses.personId, query.personId));
  const rows = await tx
    .select({ row: formResponses, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(formResponses)
    .where(and(...filters))
    .orderBy(desc(formResponses.createdAt), desc(formResponses.id))
    .limit(query.limit)
    .offset(query.offset);
  return { count: rows[0]?.total ?? 0, rows: rows.map((r) => r.row) };
}
