import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { invites } from './auth.table.ts';

/** For a query of another module, in SQL: an invitation to `email` is open in the tenant (neither accepted nor expired). */
export function openInviteSql(tenantId: string, email: SQL | AnyColumn): SQL {
  return sql`EXISTS (SELECT 1 FROM ${invites} i WHERE i.tenant_id = ${tenantId} AND i.email = ${email} AND i.accepted_at IS NULL AND i.expires_at > now())`;
}
