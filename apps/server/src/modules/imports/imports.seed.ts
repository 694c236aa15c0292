import { sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';

/** Import history: the sizes loaded from a file (applied), and a people file with errors to preview. */
export async function seedImportHistory(tx: Drizzle, tenantId: string, sizesId: string, sizeRows: [string, string][], adminId: string, hrId: string): Promise<void> {
  const applied = (await tx.execute(sql`
    INSERT INTO import_jobs (tenant_id, kind, scope, mode, file_uid, file_name, status, phase, percent, rows_read, counts, created_by, applied_at, created_at, updated_at)
    VALUES (${tenantId}, 'data-source-rows', ${sizesId}, 'replace', 'demo-tallas-csv', 'tallas.csv', 'APPLY_OK', 'done', 100, ${sizeRows.length},
            ${JSON.stringify({ ADD: sizeRows.length, UPDATE: 0, DELETE: 0, UNDELETE: 0, NO_CHANGE: 0, ERROR: 0 })}::jsonb, ${adminId}, now() - interval '2 days', now() - interval '2 days', now() - interval '2 days')
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  const appliedId = Number(applied.rows[0]!.id);
  for (const [i, [key, label]] of sizeRows.entries()) {
    await tx.execute(
      sql`INSERT INTO import_rows (tenant_id, job_id, id, row, key, label, operation, data) VALUES (${tenantId}, ${appliedId}, ${i + 1}, ${i + 2}, ${key}, ${label}, 'ADD', '{}'::jsonb)`,
    );
  }
  const failed = (await tx.execute(sql`
    INSERT INTO import_jobs (tenant_id, kind, mode, file_uid, file_name, status, phase, percent, rows_read, counts, error_code, fail_description, created_by, created_at, updated_at)
    VALUES (${tenantId}, 'people', 'upsert', 'demo-personas-xlsx', 'personas-nuevas.xlsx', 'VALIDATION_FAILED', 'done', 100, 4,
            '{"ADD":2,"UPDATE":0,"DELETE":0,"UNDELETE":0,"NO_CHANGE":0,"ERROR":2}'::jsonb, 'FILE_WITH_ERROR_IN_ROWS', '2 filas con errores.', ${hrId}, now() - interval '1 day', now() - interval '1 day')
    RETURNING id`)) as unknown as { rows: { id: string }[] };
  const failedId = Number(failed.rows[0]!.id);
  const people: [string, string, string, string | null, string | null][] = [
    ['paula.vera@faena.test', 'Paula Vera', 'ADD', null, null],
    ['', '', 'ERROR', 'FILE_ROW_BLANK_LABEL', 'name'],
    ['ignacio.rios@faena.test', 'Ignacio Ríos', 'ERROR', 'PERSON_ROW_INVALID_RUT', 'document_number'],
    ['carla.mena@faena.test', 'Carla Mena', 'ADD', null, null],
  ];
  for (const [i, [key, label, operation, code, column]] of people.entries()) {
    await tx.execute(sql`INSERT INTO import_rows (tenant_id, job_id, id, row, key, label, operation, error_code, error_column, parsed_ok, data)
      VALUES (${tenantId}, ${failedId}, ${i + 1}, ${i + 2}, ${key}, ${label}, ${operation}, ${code}, ${column}, ${code === null}, '{}'::jsonb)`);
  }
}
