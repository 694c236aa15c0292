import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { csv, RES, rowsOf, startImport, unzipParts, waitForJob, xlsx } from './directory.helpers.ts';
import { zipOf } from './documents.helpers.ts';

/**
 * The limits of one import file beyond its size in bytes: how many data rows it may have, and how
 * much an XLSX file may hold once unzipped (a zip bomb). Lowered here (IMPORT_MAX_ROWS,
 * IMPORT_MAX_UNZIPPED_BYTES) so a test file can cross them.
 */
const MAX_ROWS = 5500;
const MAX_UNZIPPED = 1024 * 1024;

describe.each(engines())('import file limits on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let tenantId: string;
  let base: string;
  beforeAll(async () => {
    server = await startServer(engine, { env: { IMPORT_MAX_ROWS: String(MAX_ROWS), IMPORT_MAX_UNZIPPED_BYTES: String(MAX_UNZIPPED) } });
    const { tenant, adminEmail, adminPassword } = await makeTenant(server, 'limites');
    tenantId = tenant.id;
    token = (await signIn(server, 'limites', adminEmail, adminPassword)).id_token;
    const source = await body<{ id: string }>(await server.api('limites', `${RES}/data-sources/`, { method: 'POST', token, json: { name: 'Códigos' } }));
    base = `${RES}/data-sources/${source.id}/imports/`;
  });
  afterAll(() => server?.close());

  const validated = async (file: Buffer, name: string) => {
    const job = await startImport(server, 'limites', token, base, file, name, 'upsert');
    return waitForJob(server, 'limites', token, base, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
  };
  const stagedRows = async (jobId: number) =>
    server.running.platform.db.transaction(tenantId, async (tx) => {
      const result = (await tx.execute(sql`SELECT count(*)::int AS n FROM import_rows WHERE tenant_id = ${tenantId} AND job_id = ${jobId}`)) as unknown as { rows: { n: number }[] };
      return result.rows[0]!.n;
    });
  const rows = (count: number) => [['key', 'label'], ...Array.from({ length: count }, (_, i) => [`k${i}`, `Valor ${i}`])];

  it('a file of more data rows than IMPORT_MAX_ROWS fails whole, keeping none of the rows it read; one of exactly that many validates', async () => {
    // the limit the upload card states is this server's
    expect((await body<{ limits: unknown }>(await server.api('limites', `${RES}/imports/kinds`, { token }))).limits).toEqual({ max_bytes: 50 * 1024 * 1024, max_rows: MAX_ROWS });
    // blank lines are not data rows
    const exact = Buffer.concat([csv(rows(MAX_ROWS)), Buffer.from('\n\n,\n')]);
    const ok = await validated(exact, 'justo.csv');
    expect(ok).toMatchObject({ status: 'VALIDATION_OK', counts: { ADD: MAX_ROWS, ERROR: 0 } });

    // past the first staged chunk (2,000 rows on PGlite, 5,000 on PostgreSQL): rows were stored before the limit was crossed
    const over = await validated(csv(rows(MAX_ROWS + 100)), 'demasiadas.csv');
    expect(over).toMatchObject({
      status: 'VALIDATION_FAILED',
      error_code: 'FILE_TYPE_NOT_SUPPORTED',
      fail_description: 'El archivo tiene más de 5.500 filas de datos: divídelo en archivos más pequeños.',
    });
    expect(await stagedRows(over.id)).toBe(0);
    expect(await rowsOf(server, 'limites', token, base, over.id)).toEqual([]);
    expect((await server.api('limites', `${base}${over.id}/apply`, { method: 'POST', token })).status).toBe(409);
  });

  it('an XLSX file that unzips past IMPORT_MAX_UNZIPPED_BYTES fails before it is read, whatever sizes its headers declare', async () => {
    const parts = await unzipParts(await xlsx(rows(3)));
    const sheet = parts.findIndex(([name]) => name === 'xl/worksheets/sheet1.xml');
    expect(sheet).toBeGreaterThanOrEqual(0);
    // the same workbook rezipped is read as before: the zip writer makes sound files
    const control = await validated(zipOf(parts), 'control.xlsx');
    expect(control).toMatchObject({ status: 'VALIDATION_OK', counts: { ADD: 3 } });

    // a comment of 2 MB inside the sheet (deflated to a few kilobytes), the sheet first in the zip
    const xml = parts[sheet]![1].toString('utf8');
    const padded = Buffer.from(xml.replace('<sheetData>', `<!--${' '.repeat(2 * MAX_UNZIPPED)}--><sheetData>`), 'utf8');
    const bomb: [string, Buffer][] = [['xl/worksheets/sheet1.xml', padded], ...parts.filter((_, i) => i !== sheet)];
    for (const [name, file] of [
      ['bomba.xlsx', zipOf(bomb)],
      // headers that state a small size change nothing: what is counted is what inflates
      ['bomba-mentirosa.xlsx', zipOf(bomb, (part, size) => (part.endsWith('sheet1.xml') ? 1000 : size))],
    ] as const) {
      expect(file.length, name).toBeLessThan(64 * 1024);
      const failed = await validated(file, name);
      expect(failed, name).toMatchObject({
        status: 'VALIDATION_FAILED',
        error_code: 'FILE_TYPE_NOT_SUPPORTED',
        fail_description: 'El archivo XLSX ocupa más de 1 MB una vez descomprimido: divídelo en archivos más pequeños.',
      });
      expect(await stagedRows(failed.id), name).toBe(0);
    }
  });
});
