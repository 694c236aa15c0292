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

const FIRST = [
  'Sofía',
  'Benjamín',
  'Isidora',
  'Vicente',
  'Florencia',
  'Agustín',
  'Antonia',
  'Joaquín',
  'Emilia',
  'Tomás',
  'Martina',
  'Lucas',
  'Catalina',
  'Diego',
  'Josefa',
  'Maximiliano',
  'Fernanda',
  'Cristóbal',
  'Javiera',
  'Felipe',
  'Ximena',
  'Alonso',
  'Renata',
  'Gaspar',
];
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
 * Columns the application derives when it writes a person (a folded sort key, the search words),
 * filled the way the migrations back-fill older rows — only where the schema has them, so the
 * seed works before and after those migrations. (These persons have a name and an e-mail only:
 * their words are the name's words and the e-mail, as searchWordsOf makes them.)
 */
export function derivedColumnsSql(tenantId: string): string {
  checkTenant(tenantId);
  return `
    DO $$
    BEGIN
      IF EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'persons' AND column_name = 'sort_name')
         AND EXISTS (SELECT 1 FROM information_schema.columns WHERE table_name = 'persons' AND column_name = 'search_text') THEN
        UPDATE persons SET
          sort_name = translate(lower(name), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'),
          search_text = concat_ws(' ', translate(lower(name), 'áàâäãéèêëíìîïóòôöõúùûüñç', 'aaaaaeeeeiiiiooooouuuunc'), primary_email)
        WHERE tenant_id = '${tenantId}' AND sort_name = '';
      END IF;
      -- the words of the persons seeded here (set-based seeds write no words of their own)
      IF EXISTS (SELECT 1 FROM information_schema.tables WHERE table_name = 'person_search_terms') THEN
        DELETE FROM person_search_terms WHERE tenant_id = '${tenantId}';
        INSERT INTO person_search_terms (tenant_id, term, sort_name, person_id)
        SELECT DISTINCT p.tenant_id, t.term, p.sort_name, p.id FROM persons p
        CROSS JOIN LATERAL unnest(string_to_array(p.search_text, ' ')) AS t(term)
        WHERE p.tenant_id = '${tenantId}' AND t.term <> '';
      END IF;
    END $$`;
}
