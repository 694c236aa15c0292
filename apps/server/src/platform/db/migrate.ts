import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { APP_ROLE, type Database } from './database.ts';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../migrations', import.meta.url));

/**
 * Tables without tenant_id, on purpose: the tenant registry, the identity service's users and
 * its rate-limit counters (an e-mail is global), and platform secrets. Every other table must
 * carry tenant_id, and gets forced RLS from `enforceTenantIsolation` — a test keeps this list
 * honest.
 */
export const GLOBAL_TABLES = ['tenants', 'users', 'sign_in_failures', 'platform_secrets'] as const;

/** Applies pending migrations, then (re)asserts the role, grants and tenant policies. */
export async function migrate(db: Database): Promise<void> {
  // One migrator at a time across processes (PostgreSQL; PGlite is single-process by its lock).
  // Lock, migrations and unlock share one connection: a session lock belongs to its connection.
  await db.ownerDrizzle(async (drizzle) => {
    if (db.engine === 'postgres') await drizzle.execute(sql`SELECT pg_advisory_lock(727274)`);
    try {
      // Only the engine's own migrator is loaded (every module file counts at start-up).
      if (db.engine === 'pglite') await (await import('drizzle-orm/pglite/migrator')).migrate(drizzle as never, { migrationsFolder: MIGRATIONS_FOLDER });
      else await (await import('drizzle-orm/node-postgres/migrator')).migrate(drizzle as never, { migrationsFolder: MIGRATIONS_FOLDER });
      await drizzle.execute(sql.raw(TENANT_ISOLATION_SQL));
    } finally {
      if (db.engine === 'postgres') await drizzle.execute(sql`SELECT pg_advisory_unlock(727274)`);
    }
  });
}

/**
 * Every table with a tenant_id column gets RLS enabled and FORCED and one policy tying rows to
 * `app.tenant_id`. Done by discovery after each migration run, so a new module's table cannot
 * forget it.
 */
export async function enforceTenantIsolation(db: Database): Promise<void> {
  await db.ownerExec(TENANT_ISOLATION_SQL);
}

/** The policy's condition, for reading and for writing; the policy's comment repeats it (below). */
const TENANT_CONDITION = `tenant_id = NULLIF(current_setting('app.tenant_id', true), '')::uuid`;
/** The condition inside a SQL string literal (quotes doubled). */
const CONDITION_IN_LITERAL = TENANT_CONDITION.replaceAll("'", "''");

/**
 * Changes only what is missing: the role, a grant, a table's RLS flags, a policy. Every boot runs
 * it, and re-creating everything each time was not free: ALTER TABLE and DROP/CREATE POLICY take
 * an ACCESS EXCLUSIVE lock on every table, so on PostgreSQL a booting server queued behind any
 * long transaction (an import's apply) and every query of the other servers queued behind it.
 * A policy carries its condition as its comment: one whose condition changes here, or one made
 * before the comment, is re-created on the next boot (one changed by hand with ALTER POLICY
 * keeps its comment and is not noticed unless its two conditions differ).
 */
const TENANT_ISOLATION_SQL = `
    DO $$
    DECLARE t record;
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '${APP_ROLE}') THEN
        BEGIN
          CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
        EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
        END;
      END IF;
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AND NOT pg_has_role(current_user, '${APP_ROLE}', 'MEMBER') THEN
        EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
      END IF;
      IF NOT has_schema_privilege('${APP_ROLE}', 'public', 'USAGE') THEN
        GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
      END IF;
      FOR t IN
        SELECT c.oid, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity,
               EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped) AS tenant_owned,
               EXISTS (SELECT 1 FROM pg_policy p
                       WHERE p.polrelid = c.oid AND p.polname = 'tenant_isolation' AND p.polcmd = '*' AND p.polpermissive
                         AND p.polroles = '{0}' AND obj_description(p.oid, 'pg_policy') = '${CONDITION_IN_LITERAL}'
                         AND pg_get_expr(p.polqual, p.polrelid) = pg_get_expr(p.polwithcheck, p.polrelid)) AS has_policy
        FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v', 'm', 'f', 'S')
      LOOP
        IF t.relkind = 'S' THEN
          IF NOT (has_sequence_privilege('${APP_ROLE}', t.oid, 'USAGE') AND has_sequence_privilege('${APP_ROLE}', t.oid, 'SELECT')) THEN
            EXECUTE format('GRANT USAGE, SELECT ON SEQUENCE public.%I TO ${APP_ROLE}', t.relname);
          END IF;
          CONTINUE;
        END IF;
        IF NOT (has_table_privilege('${APP_ROLE}', t.oid, 'SELECT') AND has_table_privilege('${APP_ROLE}', t.oid, 'INSERT')
                AND has_table_privilege('${APP_ROLE}', t.oid, 'UPDATE') AND has_table_privilege('${APP_ROLE}', t.oid, 'DELETE')) THEN
          EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON public.%I TO ${APP_ROLE}', t.relname);
        END IF;
        CONTINUE WHEN NOT t.tenant_owned OR t.relkind NOT IN ('r', 'p');
        IF NOT t.relrowsecurity THEN
          EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t.relname);
        END IF;
        IF NOT t.relforcerowsecurity THEN
          EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', t.relname);
        END IF;
        IF NOT t.has_policy THEN
          EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON public.%I', t.relname);
          EXECUTE format('CREATE POLICY tenant_isolation ON public.%I USING (${CONDITION_IN_LITERAL}) WITH CHECK (${CONDITION_IN_LITERAL})', t.relname);
          EXECUTE format('COMMENT ON POLICY tenant_isolation ON public.%I IS %L', t.relname, '${CONDITION_IN_LITERAL}');
        END IF;
      END LOOP;
    END $$;
`;
