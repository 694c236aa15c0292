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

const TENANT_ISOLATION_SQL = `
    DO $$
    DECLARE t record;
    BEGIN
      BEGIN
        CREATE ROLE ${APP_ROLE} NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
      EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL;
      END;
      IF NOT (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        EXECUTE format('GRANT ${APP_ROLE} TO %I', current_user);
      END IF;
      GRANT USAGE ON SCHEMA public TO ${APP_ROLE};
      GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${APP_ROLE};
      GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${APP_ROLE};
      FOR t IN
        SELECT c.relname FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace
        JOIN pg_attribute a ON a.attrelid = c.oid AND a.attname = 'tenant_id' AND NOT a.attisdropped
        WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      LOOP
        EXECUTE format('ALTER TABLE public.%I ENABLE ROW LEVEL SECURITY', t.relname);
        EXECUTE format('ALTER TABLE public.%I FORCE ROW LEVEL SECURITY', t.relname);
        EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON public.%I', t.relname);
        EXECUTE format(
          'CREATE POLICY tenant_isolation ON public.%I USING (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid) WITH CHECK (tenant_id = NULLIF(current_setting(''app.tenant_id'', true), '''')::uuid)',
          t.relname);
      END LOOP;
    END $$;
`;
