/**
 * Set-based seeding shared by the platform under test and the bare baseline, so both list the
 * same kind of rows. One statement per batch (INSERT … SELECT generate_series), never row by row.
 */

export const BENCH_SUBDOMAIN = 'bench';
export const BENCH_DOMAIN = 'app.localhost';
export const BENCH_PASSWORD = 'bench-password';
export const BENCH_ADMIN = 'admin@bench.test';
/** Persons in the tenant, the administrator and the sign-in users included. */
export const PERSONS = 10_000;
/** Distinct members the sign-in benchmark rotates through (no artificial hot row). */
export const SIGN_IN_USERS = 64;
export const signInEmail = (i: number) => `member${i}@bench.test`;

const FIRST = ['Sofía', 'Benjamín', 'Isidora', 'Vicente', 'Florencia', 'Agustín', 'Antonia', 'Joaquín', 'Emilia', 'Tomás', 'Martina', 'Lucas', 'Catalina', 'Diego', 'Josefa', 'Maximiliano', 'Fernanda', 'Cristóbal', 'Javiera', 'Felipe', 'Ximena', 'Alonso', 'Renata', 'Gaspar'];
const LAST = ['Pérez', 'Silva', 'Contreras', 'Díaz', 'Morales', 'Araya', 'Fuentes', 'Castillo', 'Espinoza', 'Tapia', 'Reyes', 'Gutiérrez', 'Vargas', 'Hernández', 'López', 'Ramírez'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const literalArray = (values: string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

function checkTenant(tenantId: string): void {
  if (!UUID.test(tenantId)) throw new Error(`not a uuid: ${tenantId}`);
}

/** `count` generated persons (no account) named like people, e-mails person{i}@bench.test. */
export function personsSql(tenantId: string, count: number): string {
  checkTenant(tenantId);
  if (!Number.isInteger(count) || count < 0) throw new Error('count must be a natural number');
  return `
    INSERT INTO persons (tenant_id, passport, name, primary_email)
    SELECT '${tenantId}'::uuid, gen_random_uuid()::text,
           (${literalArray(FIRST)})[1 + (i * 7) % ${FIRST.length}] || ' ' ||
           (${literalArray(LAST)})[1 + (i * 11) % ${LAST.length}] || ' ' ||
           (${literalArray(LAST)})[1 + (i * 5 + i / 97) % ${LAST.length}],
           'person' || i || '@bench.test'
    FROM generate_series(1, ${count}) AS i`;
}

/** `count` identities sharing one password hash, each a member (person with user_id) of the tenant. */
export function membersSql(tenantId: string, count: number, passwordHash: string): string {
  checkTenant(tenantId);
  if (!/^\$argon2id\$[A-Za-z0-9$=,+/.-]+$/.test(passwordHash)) throw new Error('unexpected password hash format');
  return `
    WITH u AS (
      INSERT INTO users (email, name, password_hash)
      SELECT 'member' || i || '@bench.test', 'Miembro ' || i, '${passwordHash}'
      FROM generate_series(1, ${count}) AS i
      RETURNING id, email, name
    )
    INSERT INTO persons (tenant_id, passport, name, primary_email, user_id)
    SELECT '${tenantId}'::uuid, gen_random_uuid()::text, name, email, id FROM u`;
}

/**
 * The exact statement of GET /api/audiences/v3/persons/ (apps/server/src/modules/people/
 * people.repository.ts listPersons, as Drizzle renders it — it leaves out OFFSET 0): one page
 * plus a window count. Parameters: tenant id, limit[, offset].
 */
export function listSql(offset: number): string {
  const base = `select "id", "passport", "name", "primary_email", "user_id", "picture", "is_disabled", "last_sign_in_at", "created_at", "updated_at", count(*) OVER () from "persons" where "persons"."tenant_id" = $1 order by lower("persons"."name") asc, "persons"."id" asc limit $2`;
  return offset > 0 ? `${base} offset $3` : base;
}
