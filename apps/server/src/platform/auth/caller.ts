import { sql } from 'drizzle-orm';
import type { Database } from '../db/database.ts';

type Row = {
  revoked: boolean;
  expired: boolean;
  disabled: boolean;
  passport: string;
  permissions: string[];
  is_staff: boolean;
  impersonator_allowed: boolean;
};
import { BUS_RESYNC, type EventBus } from '../events.ts';
import type { IdTokenClaims } from './tokens.ts';

/** Who is calling: resolved once per request from the id token and the session's live state. */
export interface Caller {
  tenantId: string;
  userId: string;
  personId: string;
  passport: string;
  sessionId: string;
  permissions: ReadonlySet<string>;
  isStaff: boolean;
  impersonator: { userId: string; personId: string } | null;
}

export interface SessionState {
  revoked: boolean;
  expired: boolean;
  disabled: boolean;
  passport: string;
  permissions: string[];
  isStaff: boolean;
  /** An impersonation lives only while its impersonator is enabled and holds IMPERSONATE_USERS. */
  impersonatorAllowed: boolean;
}

/** Published whenever a session, a person's standing or a permission set changes. */
export const AUTH_CHANGED = 'auth.changed';
const TTL_MS = 60_000;

/**
 * Session state (revoked, disabled, permissions) cached per session for a minute at most; any
 * change anywhere drops the tenant's entries in every process, so permission changes take
 * effect on the next request.
 */
export class SessionStates {
  private readonly cache = new Map<string, { tenantId: string; state: SessionState | null; at: number }>();

  private readonly db: Database;
  constructor(db: Database, bus: EventBus) {
    this.db = db;
    bus.on(AUTH_CHANGED, (event) => this.forgetTenant(event.tenantId));
    // After a dropped LISTEN connection, revocations may have been missed: forget everything.
    bus.on(BUS_RESYNC, () => this.forgetTenant(null));
  }

  async get(claims: IdTokenClaims): Promise<SessionState | null> {
    const hit = this.cache.get(claims.sid);
    if (hit && hit.tenantId === claims.tid && Date.now() - hit.at < TTL_MS) return hit.state;
    const state = await this.load(claims.tid, claims.sid);
    this.cache.set(claims.sid, { tenantId: claims.tid, state, at: Date.now() });
    return state;
  }

  forgetTenant(tenantId: string | null): void {
    for (const [sid, entry] of this.cache) if (tenantId === null || entry.tenantId === tenantId) this.cache.delete(sid);
  }

  private async load(tenantId: string, sessionId: string): Promise<SessionState | null> {
    // One statement: a read, no transaction.
    return this.db.read(tenantId, async (tx) => {
      const result = (await tx.execute<Row>(sql`
        SELECT s.revoked_at IS NOT NULL AS revoked, s.expires_at < now() AS expired,
               p.is_disabled AS disabled, p.passport,
               COALESCE(pp.permissions, '{}') AS permissions, COALESCE(pp.is_staff, false) AS is_staff,
               (s.impersonator_person_id IS NULL
                 OR (ip.is_disabled = false AND 'IMPERSONATE_USERS' = ANY (COALESCE(ipp.permissions, '{}')))) AS impersonator_allowed
        FROM sessions s
        JOIN persons p ON p.tenant_id = s.tenant_id AND p.id = s.person_id
        LEFT JOIN person_permissions pp ON pp.tenant_id = p.tenant_id AND pp.passport = p.passport
        LEFT JOIN persons ip ON ip.tenant_id = s.tenant_id AND ip.id = s.impersonator_person_id
        LEFT JOIN person_permissions ipp ON ipp.tenant_id = ip.tenant_id AND ipp.passport = ip.passport
        WHERE s.tenant_id = ${tenantId} AND s.id = ${sessionId}`)) as unknown as { rows: Row[] };
      const row = result.rows[0];
      if (!row) return null;
      return {
        revoked: row.revoked,
        expired: row.expired,
        disabled: row.disabled,
        passport: row.passport,
        permissions: row.permissions,
        isStaff: row.is_staff,
        impersonatorAllowed: row.impersonator_allowed === true,
      };
    });
  }
}
