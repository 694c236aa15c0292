import { sql } from 'drizzle-orm';
import { auditLog } from '../../platform/audit/audit.table.ts';
import type { Drizzle } from '../../platform/db/database.ts';
import { personNameSql } from '../people/index.ts';

export interface SubjectEntry {
  id: string;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
  actor: { id: string; name: string } | null;
  impersonator: { id: string; name: string } | null;
}

/** The audit entries about one record (`subject_id`), newest first, with the names of who wrote them. */
export async function subjectHistory(tx: Drizzle, tenantId: string, subjectId: string, limit: number, offset: number): Promise<{ count: number; entries: SubjectEntry[] }> {
  const result = (await tx.execute(sql`
    SELECT a.id, a.action, a.details, a.created_at, a.actor_person_id, ${personNameSql(sql`a.tenant_id`, sql`a.actor_person_id`)} AS actor_name,
           a.impersonator_person_id, ${personNameSql(sql`a.tenant_id`, sql`a.impersonator_person_id`)} AS impersonator_name,
           count(*) OVER () AS total
    FROM ${auditLog} a
    WHERE a.tenant_id = ${tenantId} AND a.subject_id = ${subjectId}
    ORDER BY a.created_at DESC, a.id DESC
    LIMIT ${limit} OFFSET ${offset}`)) as unknown as {
    rows: {
      id: string;
      action: string;
      details: Record<string, unknown> | null;
      created_at: string | Date;
      actor_person_id: string | null;
      actor_name: string | null;
      impersonator_person_id: string | null;
      impersonator_name: string | null;
      total: number | string;
    }[];
  };
  const person = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);
  return {
    count: Number(result.rows[0]?.total ?? 0),
    entries: result.rows.map((row) => ({
      id: row.id,
      action: row.action,
      details: row.details,
      createdAt: new Date(row.created_at),
      actor: person(row.actor_person_id, row.actor_name),
      impersonator: person(row.impersonator_person_id, row.impersonator_name),
    })),
  };
}
