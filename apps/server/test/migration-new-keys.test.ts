import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/platform/db/migrate.ts';
import { engines, freshDatabase } from './harness.ts';

const MIGRATION = readFileSync(join(import.meta.dirname, '../migrations/0031_full_administrators_get_new_keys.sql'), 'utf8');
const SPEC_KEYS = [
  'VIEW_HOME',
  'VIEW_NOTIFICATIONS',
  'VIEW_REPORTS',
  'MANAGE_REPORTS',
  'VIEW_WF',
  'MANAGE_WF',
  'VIEW_TASKS',
  'VIEW_PEOPLE',
  'MANAGE_PEOPLE',
  'IMPERSONATE_USERS',
  'VIEW_ORG_CHART',
  'MANAGE_ORG_CHART',
  'VIEW_ASSETS',
  'MANAGE_ASSETS',
  'ADMIN_ASSETS',
  'MANAGE_DATA_SOURCES',
  'MANAGE_DOCUMENTATIONS',
  'VIEW_SETTINGS',
];

describe.each(engines())('migration 0031 (full administrators get the new keys) on %s', (engine) => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    database = await freshDatabase(engine);
    await migrate(database.db);
  });
  afterAll(() => database?.drop());

  it('adds MANAGE_TASKS, MANAGE_POSTS and the checklist keys to whoever holds every spec key, once, and leaves everyone else as they were', async () => {
    const { db } = database;
    const full = `'{${SPEC_KEYS.join(',')}}'`;
    await db.ownerExec(`
      INSERT INTO tenants (id, subdomain, name) VALUES ('00000000-0000-4000-8000-000000000031', 'migra', 'Migra');
      INSERT INTO person_permissions (tenant_id, passport, permissions) VALUES
        ('00000000-0000-4000-8000-000000000031', 'admin', ${full}),
        ('00000000-0000-4000-8000-000000000031', 'admin-with-one', ${full.replace("'{", "'{MANAGE_POSTS,")}),
        ('00000000-0000-4000-8000-000000000031', 'worker', '{VIEW_HOME,VIEW_TASKS,VIEW_WF}');`);
    await db.ownerExec(MIGRATION);
    await db.ownerExec(MIGRATION);
    const result = (await db.transaction('00000000-0000-4000-8000-000000000031', (tx) => tx.execute(sql`SELECT passport, permissions FROM person_permissions ORDER BY passport`))) as unknown as {
      rows: { passport: string; permissions: string[] }[];
    };
    const byPassport = Object.fromEntries(result.rows.map((row) => [row.passport, row.permissions]));
    const expected = [...SPEC_KEYS, 'MANAGE_TASKS', 'MANAGE_POSTS', 'VIEW_CHECKLISTS', 'MANAGE_CHECKLISTS'].sort();
    expect(byPassport.admin).toEqual(expected);
    expect(byPassport['admin-with-one']).toEqual(expected);
    expect(byPassport.worker).toEqual(['VIEW_HOME', 'VIEW_TASKS', 'VIEW_WF']);
  });
});
