import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, seededDemo, signIn, type TestServer } from './harness.ts';
import { AUD, PERSONS, importAll, rowsOf, startImport, waitForJob } from './directory.helpers.ts';
import { EXPORT_RETENTION_QUEUE, expirePersonExports } from '../src/modules/people/people.export.ts';

const EXPORTS = `${PERSONS}exports/`;

interface Export {
  id: string;
  format: string;
  status: string;
  percent: number;
  rows: number;
  file_name: string;
  download_url: string | null;
}

describe.each(engines())('persons exports on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    const position = await body<{ id: string }>(await server.api('demo', `${AUD}/positions/`, { method: 'POST', token: admin, json: { title: 'Exportador', code: 'EXP' } }));
    for (const [name, email] of [
      ['=HYPERLINK("http://evil.test","Exportada")', 'export1@faena.test'],
      ['Exportada Normal', 'export2@faena.test'],
    ]) {
      const response = await server.api('demo', PERSONS, {
        method: 'POST',
        token: admin,
        json: {
          name,
          primary_email: email,
          phones: ['+56 9 5555 0000'],
          identity_documents: [{ type: 'CL_CI', number: '11111111-1' }].filter(() => email === 'export2@faena.test'),
          position_ids: [position.id],
          roles: ['@admin', '-1'],
        },
      });
      expect(response.status, await response.clone().text()).toBe(201);
    }
  });
  afterAll(() => server?.close());

  const finished = async (id: string): Promise<Export> => {
    for (let i = 0; i < 300; i++) {
      const job = await body<Export>(await server.api('demo', `${EXPORTS}${id}/`, { token: admin }));
      if (job.status === 'DONE' || job.status === 'FAILED') return job;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('export did not finish');
  };
  const start = async (json: unknown) => {
    const response = await server.api('demo', EXPORTS, { method: 'POST', token: admin, json });
    expect(response.status).toBe(202);
    const job = await body<Export>(response);
    expect(['PENDING', 'RUNNING', 'DONE']).toContain(job.status);
    return finished(job.id);
  };

  it("exports whom the list's search finds, the holders of a position by its title's word included", async () => {
    // "exportador" is in no name or e-mail (Exportada, export1@…): only the position's title has it
    const job = await start({ format: 'csv', filters: { search: 'exportador' } });
    expect(job).toMatchObject({ status: 'DONE', rows: 2 });
  });

  it('exports the filtered persons as CSV in the background, formula-leading cells neutralised', async () => {
    const job = await start({ format: 'csv', filters: { search: 'export' } });
    expect(job).toMatchObject({ format: 'csv', status: 'DONE', percent: 100, rows: 2, download_url: `${EXPORTS}${job.id}/download` });
    const file = await server.api('demo', job.download_url!, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${job.file_name}"`);
    const bytes = Buffer.from(await file.arrayBuffer());
    // a UTF-8 BOM, so that Excel reads the accents
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = Papa.parse<string[]>(bytes.subarray(3).toString('utf8').trim()).data;
    // headed in Spanish, the people import's own headers (it reads them back), unless asked in English
    expect(rows[0]).toEqual([
      'Correo',
      'Nombre',
      'Tipo de documento',
      'Número de documento',
      'Otros correos',
      'Teléfonos',
      'Dirección',
      'Cargos',
      'Líneas de negocio',
      'Lugares de trabajo',
      'Origen',
      'Empresa',
      'Roles',
      'Grupos',
      'Activo',
      'Identificador',
      'Fecha de creación',
    ]);
    const english = await start({ format: 'csv', filters: { search: 'export' }, language: 'en' });
    const englishFile = Buffer.from(await (await server.api('demo', english.download_url!, { token: admin })).arrayBuffer());
    expect(Papa.parse<string[]>(englishFile.subarray(3).toString('utf8').trim()).data[0]).toEqual([
      'email',
      'name',
      'document_type',
      'document_number',
      'other_emails',
      'phones',
      'address',
      'positions',
      'business_lines',
      'workspaces',
      'origin',
      'company',
      'roles',
      'groups',
      'active',
      'passport',
      'created_at',
    ]);
    expect((await server.api('demo', EXPORTS, { method: 'POST', token: admin, json: { format: 'csv', language: 'fr' } })).status).toBe(400);
    expect(rows).toHaveLength(3);
    const evil = rows.find((row) => row[0] === 'export1@faena.test')!;
    expect(evil[1]).toBe('\'=HYPERLINK("http://evil.test","Exportada")');
    expect(evil[5]).toBe("'+56955550000");
    expect(evil[7]).toBe('EXP');
    expect(evil[12]).toBe("'@admin; -1");
    expect(evil[14]).toBe('sí');
    const normal = rows.find((row) => row[0] === 'export2@faena.test')!;
    expect([normal[2], normal[3]]).toEqual(['CL_CI', '11111111-1']);
    // no cell of the file starts a formula
    for (const row of rows) for (const cell of row) expect(/^[=+\-@]/.test(cell), cell).toBe(false);
  });

  it('exports XLSX, downloadable with the session cookie as well', async () => {
    const job = await start({ format: 'xlsx', filters: { search: 'export' } });
    expect(job).toMatchObject({ status: 'DONE', rows: 2 });
    const cookie = await server.api('demo', '/api/auth/v3/session-cookie', { method: 'POST', token: admin });
    const session = cookie.headers.get('set-cookie')!.split(';')[0]!;
    const file = await server.api('demo', job.download_url!, { headers: { cookie: session } });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(sheet.name).toBe('Personas');
    expect(sheet.rowCount).toBe(3);
    const values = (sheet.getRow(2).values as unknown[]).concat(sheet.getRow(3).values as unknown[]).filter((value) => typeof value === 'string') as string[];
    // typed string cells: never evaluated, so they keep their text (no apostrophe before a phone)
    expect(values).toContain('=HYPERLINK("http://evil.test","Exportada")');
    expect(values).toContain('+56955550000');
    for (let r = 1; r <= 3; r++) sheet.getRow(r).eachCell((cell) => expect([ExcelJS.ValueType.String, ExcelJS.ValueType.SharedString]).toContain(cell.type));
    expect(sheet.getRow(1).getCell(1).value).toBe('Correo');
    // uploaded back unchanged, the workbook changes nothing; a name that reads as a formula cannot come back in through a file
    const base = `${PERSONS}imports/`;
    const again = await startImport(server, 'demo', admin, base, Buffer.from(await (await server.api('demo', job.download_url!, { token: admin })).arrayBuffer()), 'personas.xlsx');
    const validated = await waitForJob(server, 'demo', admin, base, again.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
    expect(validated.counts).toMatchObject({ NO_CHANGE: 1, ADD: 0, UPDATE: 0, ERROR: 1 });
    const rows = await rowsOf(server, 'demo', admin, base, again.id);
    expect(rows.map((row) => [row.key, row.operation, row.error_code])).toEqual([
      ['export1@faena.test', 'ERROR', 'FILE_ROW_FORMULA'],
      ['export2@faena.test', 'NO_CHANGE', null],
    ]);
    expect((await server.api('demo', `${base}${again.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('an export can be edited and loaded back (the same columns as the import), headed in Spanish or in English', async () => {
    for (const [language, edited] of [
      ['es', 'Exportada Normal Editada'],
      ['en', 'Exportada Normal'],
    ] as const) {
      const job = await start({ format: 'csv', filters: { search: 'export2@faena.test' }, language });
      const text = await (await server.api('demo', job.download_url!, { token: admin })).text();
      const current = language === 'es' ? 'Exportada Normal' : 'Exportada Normal Editada';
      const back = await importAll(server, 'demo', admin, `${PERSONS}imports/`, Buffer.from(text.replace(current, edited), 'utf8'), `ida-y-vuelta-${language}.csv`);
      expect(back.counts, language).toMatchObject({ UPDATE: 1, ERROR: 0, ADD: 0 });
    }
  });

  it('lists exports, tells the creator, needs MANAGE_PEOPLE', async () => {
    const list = await body<{ count: number; results: Export[] }>(await server.api('demo', EXPORTS, { token: admin }));
    expect(list.count).toBeGreaterThanOrEqual(3);
    const inbox = await body<{ data: { summary: { title: string } }[] }>(await server.api('demo', '/api/notifications-engine/v3/notifications/inbox?limit=50', { token: admin }));
    expect(inbox.data.map((n) => n.summary.title)).toContain('La exportación de personas está lista');
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', EXPORTS, { method: 'POST', token: supervisora, json: { format: 'csv' } })).status).toBe(403);
    expect((await server.api('demo', `${EXPORTS}${list.results[0]!.id}/download`, { token: supervisora })).status).toBe(403);
    expect((await server.api('demo', `${EXPORTS}nope/`, { token: admin })).status).toBe(404);
    expect((await server.api('demo', EXPORTS, { method: 'POST', token: admin, json: { format: 'pdf' } })).status).toBe(400);
  });

  it('an export past PERSON_EXPORT_RETENTION_DAYS expires: its file is deleted, it stays listed as EXPIRED, its download answers 410, in every tenant; recent ones stay', async () => {
    const { platform } = server.running;
    const old = await start({ format: 'csv', filters: { search: 'export2@faena.test' } });
    const recent = await start({ format: 'csv', filters: { search: 'export2@faena.test' } });
    const days = platform.config.PERSON_EXPORT_RETENTION_DAYS;
    const finishedAt = Date.parse((await body<Export & { finished_at: string }>(await server.api('demo', `${EXPORTS}${recent.id}/`, { token: admin }))).finished_at);
    expect(Date.parse((recent as Export & { expires_at: string }).expires_at)).toBe(finishedAt + days * 86_400_000);
    const norteAdmin = (await signIn(server, 'demo-norte', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    const norteResponse = await server.api('demo-norte', EXPORTS, { method: 'POST', token: norteAdmin, json: { format: 'csv' } });
    expect(norteResponse.status).toBe(202);
    const norteId = (await body<Export>(norteResponse)).id;
    for (let i = 0; i < 300 && (await body<Export>(await server.api('demo-norte', `${EXPORTS}${norteId}/`, { token: norteAdmin }))).status !== 'DONE'; i++)
      await new Promise((r) => setTimeout(r, 100));
    const demo = (await platform.tenants.bySubdomain('demo'))!;
    const norte = (await platform.tenants.bySubdomain('demo-norte'))!;
    const age = (tenantId: string, id: string, byDays: number) =>
      platform.db.transaction(tenantId, (tx) => tx.execute(sql`UPDATE person_exports SET finished_at = finished_at - make_interval(days => ${byDays}) WHERE tenant_id = ${tenantId} AND id = ${id}`));
    // one old export in each tenant; the recent demo one is a day short of the limit
    await age(demo.id, old.id, days + 1);
    await age(norte.id, norteId, days + 1);
    await age(demo.id, recent.id, days - 1);
    const keyOf = async (tenantId: string, id: string) =>
      (
        (await platform.db.transaction(tenantId, (tx) => tx.execute(sql`SELECT storage_key FROM person_exports WHERE tenant_id = ${tenantId} AND id = ${id}`))) as unknown as {
          rows: { storage_key: string | null }[];
        }
      ).rows[0]!.storage_key;
    const oldKey = (await keyOf(demo.id, old.id))!;
    await (await platform.storage.get(oldKey)).resume();

    expect(await expirePersonExports(platform)).toBeGreaterThanOrEqual(2);
    const expired = await body<Export & { expires_at: string }>(await server.api('demo', `${EXPORTS}${old.id}/`, { token: admin }));
    expect(expired).toMatchObject({ status: 'EXPIRED', download_url: null, rows: 1 });
    expect(Date.parse(expired.expires_at)).toBeLessThan(Date.now());
    const gone = await server.api('demo', `${EXPORTS}${old.id}/download`, { token: admin });
    expect(gone.status).toBe(410);
    expect(await body(gone)).toMatchObject({ code: 'expired' });
    expect(await keyOf(demo.id, old.id)).toBeNull();
    await expect(platform.storage.get(oldKey).then((stream) => stream.resume())).rejects.toThrow();
    expect((await body<Export>(await server.api('demo-norte', `${EXPORTS}${norteId}/`, { token: norteAdmin }))).status).toBe('EXPIRED');
    // the recent one is still there, file and all
    expect((await body<Export>(await server.api('demo', `${EXPORTS}${recent.id}/`, { token: admin }))).status).toBe('DONE');
    expect((await server.api('demo', `${EXPORTS}${recent.id}/download`, { token: admin })).status).toBe(200);
    // a second pass finds nothing more to do
    expect(await expirePersonExports(platform)).toBe(0);
    const list = await body<{ results: Export[] }>(await server.api('demo', EXPORTS, { token: admin }));
    expect(list.results.find((item) => item.id === old.id)?.status).toBe('EXPIRED');
  });

  it('schedules the expiry on the job queue at start-up', async () => {
    expect((await server.running.platform.jobs.stats(EXPORT_RETENTION_QUEUE)).total).toBeGreaterThanOrEqual(1);
  });
});
