import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformEvent } from '../src/platform/events.ts';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { IMPORTS_PROGRESS } from '../src/modules/imports/imports.engine.ts';
import { IMPORT_RETENTION_QUEUE, purgeImportRows } from '../src/modules/imports/imports.retention.ts';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, seededDemo, signIn, type TestServer } from './harness.ts';
import { AUD, csv, importAll, ORG, RES, rowsOf, startImport, uploadFile, waitForJob, xlsx, type ImportJob } from './directory.helpers.ts';
import { PDF } from './documents.helpers.ts';

describe.each(engines())('import engine on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let source: string;
  let base: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    source = (await body<{ id: string }>(await server.api('demo', `${RES}/data-sources/`, { method: 'POST', token: admin, json: { name: 'Tallas' } }))).id;
    base = `${RES}/data-sources/${source}/imports/`;
  });
  afterAll(() => server?.close());

  const rowsOfSource = async () =>
    (
      await body<{ results: { key: string; label: string; is_active: boolean }[] }>(await server.api('demo', `${RES}/data-sources/${source}/rows/?is_active=all&page_size=200`, { token: admin }))
    ).results
      .map((r) => `${r.key}=${r.label}${r.is_active ? '' : ' (inactive)'}`)
      .sort();
  const failWith = async (file: Buffer, name: string, status: string) => {
    const job = await startImport(server, 'demo', admin, base, file, name);
    return waitForJob(server, 'demo', admin, base, job.id, [status, status === 'VALIDATION_FAILED' ? 'VALIDATION_OK' : 'VALIDATION_FAILED']);
  };

  it('loads key/label rows: preview with ADD, then UPDATE / UNDELETE / DELETE / NO_CHANGE in replace mode, live progress events', async () => {
    const events: PlatformEvent[] = [];
    const off = server.running.platform.bus.on(IMPORTS_PROGRESS, (event) => events.push(event));
    const first = await importAll(
      server,
      'demo',
      admin,
      base,
      csv([
        ['key', 'label'],
        ['S', 'Small'],
        ['M', 'Medium'],
        ['L', 'Large'],
      ]),
      'tallas.csv',
    );
    expect(first).toMatchObject({ kind: 'data-source-rows', data_source: source, mode: 'replace', file_name: 'tallas.csv', status: 'APPLY_OK', counts: { ADD: 3, ERROR: 0 }, error_code: null });
    expect(first.applied_at).not.toBeNull();
    expect(await rowsOfSource()).toEqual(['L=Large', 'M=Medium', 'S=Small']);
    const applied = await rowsOf(server, 'demo', admin, base, first.id);
    expect(applied.map((r) => [r.row, r.key, r.label, r.operation])).toEqual([
      [2, 'S', 'Small', 'ADD'],
      [3, 'M', 'Medium', 'ADD'],
      [4, 'L', 'Large', 'ADD'],
    ]);
    expect(applied.every((r) => r.applied_at === first.applied_at)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    off();
    const mine = events.filter((event) => event.importId === first.id);
    expect(mine.map((event) => event.status)).toEqual(expect.arrayContaining(['VALIDATING', 'VALIDATION_OK', 'APPLYING', 'APPLY_OK']));
    expect(JSON.stringify(mine)).not.toContain('Small');

    // a deleted key comes back (UNDELETE); a missing one goes (DELETE)
    await server.api(
      'demo',
      `${RES}/data-sources/${source}/rows/${(await body<{ results: { id: string }[] }>(await server.api('demo', `${RES}/data-sources/${source}/rows/?search=Medium`, { token: admin }))).results[0]!.id}`,
      { method: 'DELETE', token: admin },
    );
    const second = await startImport(
      server,
      'demo',
      admin,
      base,
      csv([
        ['label', 'key'],
        ['Small', 'S'],
        ['Mediano', 'M'],
        ['Extra large', 'XL'],
      ]),
      'tallas-2.csv',
    );
    const validated = await waitForJob(server, 'demo', admin, base, second.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
    expect(validated).toMatchObject({ status: 'VALIDATION_OK', counts: { ADD: 1, UPDATE: 0, UNDELETE: 1, DELETE: 1, NO_CHANGE: 1, ERROR: 0 } });
    const preview = await rowsOf(server, 'demo', admin, base, second.id);
    expect(preview.map((r) => [r.row, r.key, r.operation])).toEqual([
      [2, 'S', 'NO_CHANGE'],
      [3, 'M', 'UNDELETE'],
      [4, 'XL', 'ADD'],
      [null, 'L', 'DELETE'],
    ]);
    expect((await rowsOf(server, 'demo', admin, base, second.id, 'DELETE')).map((r) => r.key)).toEqual(['L']);
    // nothing changed before the user confirms
    expect(await rowsOfSource()).toEqual(['L=Large', 'M=Medium (inactive)', 'S=Small']);
    expect((await server.api('demo', `${base}${second.id}/apply`, { method: 'POST', token: admin })).status).toBe(202);
    await waitForJob(server, 'demo', admin, base, second.id, ['APPLY_OK']);
    expect(await rowsOfSource()).toEqual(['L=Large (inactive)', 'M=Mediano', 'S=Small', 'XL=Extra large']);
    // applying twice, or discarding what was applied, is refused
    expect((await server.api('demo', `${base}${second.id}/apply`, { method: 'POST', token: admin })).status).toBe(409);
    expect((await server.api('demo', `${base}${second.id}/`, { method: 'DELETE', token: admin })).status).toBe(409);
    const jobs = await body<{ results: ImportJob[] }>(await server.api('demo', base, { token: admin }));
    expect(jobs.results.map((j) => j.id)).toEqual([second.id, first.id]);
    // a notification carries the job's id only: its creator finds out where the job lives, nobody else does
    expect(await body(await server.api('demo', `${RES}/imports/jobs/${second.id}/`, { token: admin }))).toEqual({ id: second.id, kind: 'data-source-rows', data_source: source, status: 'APPLY_OK' });
    const rrhh = (await signIn(server, 'demo', 'rrhh@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', `${RES}/imports/jobs/${second.id}/`, { token: rrhh })).status).toBe(404);
    expect((await server.api('demo', `${RES}/imports/jobs/nope/`, { token: admin })).status).toBe(404);
  });

  it('upsert mode only adds and updates', async () => {
    const job = await importAll(
      server,
      'demo',
      admin,
      base,
      csv([
        ['key', 'label'],
        ['XXL', 'Doble extra'],
      ]),
      'extra.csv',
      'upsert',
    );
    expect(job.counts).toMatchObject({ ADD: 1, DELETE: 0 });
    expect(await rowsOfSource()).toContain('S=Small');
  });

  it('a file with every kind of row error: nothing applied, each row with its code and text', async () => {
    const before = await rowsOfSource();
    const file = await xlsx(
      [
        ['key', 'label'],
        ['ok', 'Correcta'],
        ['blank-label', ''],
        ['', 'Sin clave'],
        ['dup', 'Primera'],
        ['dup', 'Segunda'],
        ['formula', 'x'],
        ['text-formula', '=HYPERLINK("http://x")'],
        ['long', 'x'.repeat(501)],
        [],
        ['after-blank', 'Fila tras una vacía'],
        // a key of an earlier row with an error of its own is a duplicate all the same
        ['blank-label', 'Con etiqueta'],
        // every problem of a row at once: a cell that fails before the importer's checks (not told
        // again as a blank label), then what the checks find
        ['', '=SUM(1)'],
        ['dup', ''],
      ],
      (sheet) => {
        sheet.getCell('B7').value = { formula: '1+1', result: 2 } as never;
      },
    );
    const job = await failWith(file, 'errores.xlsx', 'VALIDATION_FAILED');
    expect(job).toMatchObject({ status: 'VALIDATION_FAILED', error_code: 'FILE_WITH_ERROR_IN_ROWS', error_message: 'El archivo tiene filas con errores', counts: { ERROR: 9 } });
    const errors = await rowsOf(server, 'demo', admin, base, job.id, 'ERROR');
    expect(errors.map((r) => [r.row, r.key, r.error_code, r.error_message, r.error_column])).toEqual([
      [3, 'blank-label', 'FILE_ROW_BLANK_LABEL', "La columna 'label' no puede estar vacía", 'label'],
      [4, '', 'FILE_ROW_BLANK_KEY', "La columna 'key' no puede estar vacía", 'key'],
      [6, 'dup', 'FILE_ROW_DUPLICATE_KEY', "La columna 'key' está duplicada", 'key'],
      [7, 'formula', 'FILE_ROW_FORMULA', 'La celda contiene una fórmula; escribe el valor en su lugar', 'label'],
      [8, 'text-formula', 'FILE_ROW_FORMULA', 'La celda contiene una fórmula; escribe el valor en su lugar', 'label'],
      [9, 'long', 'FILE_ROW_TOO_LONG', 'El valor es demasiado largo', 'label'],
      [12, 'blank-label', 'FILE_ROW_DUPLICATE_KEY', "La columna 'key' está duplicada", 'key'],
      [13, '', 'FILE_ROW_FORMULA', 'La celda contiene una fórmula; escribe el valor en su lugar', 'label'],
      [14, 'dup', 'FILE_ROW_BLANK_LABEL', "La columna 'label' no puede estar vacía", 'label'],
    ]);
    const problems = (row: number) => errors.find((r) => r.row === row)!.errors.map((e) => [e.code, e.column, e.value]);
    expect(problems(8)).toEqual([['FILE_ROW_FORMULA', 'label', '=HYPERLINK("http://x")']]);
    expect(problems(13)).toEqual([
      ['FILE_ROW_FORMULA', 'label', '=SUM(1)'],
      ['FILE_ROW_BLANK_KEY', 'key', null],
    ]);
    expect(problems(14)).toEqual([
      ['FILE_ROW_BLANK_LABEL', 'label', null],
      ['FILE_ROW_DUPLICATE_KEY', 'key', null],
    ]);
    expect(errors.find((r) => r.row === 14)!.errors.map((e) => e.message)).toEqual(["La columna 'label' no puede estar vacía", "La columna 'key' está duplicada"]);
    expect((await rowsOf(server, 'demo', admin, base, job.id)).find((r) => r.key === 'after-blank')).toMatchObject({ row: 11, operation: 'ADD' });
    // the creator is told what the engine did: all or nothing, so nothing was applied
    const inbox = await body<{ data: { summary: { title: string; body: string }; context: { type: string; id?: string } }[] }>(
      await server.api('demo', '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=50', { token: admin }),
    );
    const told = inbox.data.find((item) => item.context.type === 'Import' && item.context.id === String(job.id));
    expect(told?.summary.title).toBe('La carga masiva tiene errores');
    expect(told?.summary.body).toBe(
      'El archivo tiene filas con errores: 9 filas con errores. No se aplicó ningún cambio: el archivo se aplica solo cuando todas sus filas son válidas. Corrige las filas y vuelve a subirlo.',
    );

    // the rows to fix as a file: UTF-8 with a BOM, Spanish texts, no cell starting a formula
    const report = await server.api('demo', `${base}${job.id}/rows.csv?operation=ERROR`, { token: admin });
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(report.headers.get('content-disposition')).toBe(`attachment; filename="importacion-${job.id}-error.csv"`);
    const bytes = Buffer.from(await report.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = Papa.parse<string[]>(bytes.subarray(3).toString('utf8').trim()).data;
    expect(table[0]).toEqual(['fila', 'clave', 'etiqueta', 'operacion', 'columna', 'codigo_error', 'error', 'valor', 'cambios']);
    // a line for each problem of a row
    expect(table.slice(1).map((r) => [r[0], r[1], r[3], r[4], r[5], r[6]])).toEqual(errors.flatMap((e) => e.errors.map((p) => [String(e.row), e.key, 'ERROR', p.column, p.code, p.message])));
    expect(
      table
        .slice(1)
        .filter((r) => r[0] === '14')
        .map((r) => r[5]),
    ).toEqual(['FILE_ROW_BLANK_LABEL', 'FILE_ROW_DUPLICATE_KEY']);
    expect(table.find((r) => r[1] === 'text-formula')![2]).toBe('\'=HYPERLINK("http://x")');
    expect(table.find((r) => r[1] === 'text-formula')![7]).toBe('\'=HYPERLINK("http://x")');
    const every = Papa.parse<string[]>((await (await server.api('demo', `${base}${job.id}/rows.csv`, { token: admin })).text()).trim()).data;
    // every row of the sheet, then (replace mode) the rows it would delete, without a sheet row
    const fromSheet = every.slice(1).filter((r) => r[0] !== '');
    expect(fromSheet.map((r) => r[1])).toEqual(['ok', 'blank-label', '', 'dup', 'dup', 'formula', 'text-formula', 'long', 'after-blank', 'blank-label', '', '', 'dup', 'dup']);
    expect(every.slice(1 + fromSheet.length).every((r) => r[0] === '' && r[3] === 'DELETE')).toBe(true);
    expect((await server.api('demo', `${base}${job.id}/rows.csv?operation=MAYBE`, { token: admin })).status).toBe(400);
    expect((await server.api('demo', `${base}${job.id}/apply`, { method: 'POST', token: admin })).status).toBe(409);
    expect(await rowsOfSource()).toEqual(before);
    expect((await server.api('demo', `${base}${job.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.api('demo', `${base}${job.id}/`, { token: admin })).status).toBe(404);
  });

  it('file errors: wrong headers, empty file, not a spreadsheet, undecodable text, damaged XLSX, unreachable file', async () => {
    const before = await rowsOfSource();
    const headers = await failWith(
      csv([
        ['clave', 'nombre_x'],
        ['a', 'b'],
      ]),
      'cabeceras.csv',
      'VALIDATION_FAILED',
    );
    expect(headers).toMatchObject({ error_code: 'FILE_WITHOUT_REQUIRED_HEADERS', fail_description: expect.stringContaining('label') });
    expect((await failWith(Buffer.from('\n\n', 'utf8'), 'vacio.csv', 'VALIDATION_FAILED')).error_code).toBe('FILE_WITHOUT_REQUIRED_HEADERS');
    expect((await failWith(PDF, 'lista.pdf', 'VALIDATION_FAILED')).error_code).toBe('FILE_TYPE_NOT_SUPPORTED');
    const broken = Buffer.concat([Buffer.from(`key,label\n${'k,v\n'.repeat(20_000)}`, 'utf8'), Buffer.from('z,a\xf1o\x81\n', 'latin1')]);
    expect((await failWith(broken, 'roto.csv', 'VALIDATION_FAILED')).error_code).toBe('FILE_TYPE_NOT_SUPPORTED');
    const good = await xlsx([['key', 'label']]);
    const damaged = Buffer.concat([good.subarray(0, Math.floor(good.length / 2)), Buffer.alloc(2000, 0x41)]);
    const damagedJob = await failWith(damaged, 'danado.xlsx', 'VALIDATION_FAILED');
    expect(['FILE_TYPE_NOT_SUPPORTED']).toContain(damagedJob.error_code);
    const missing = await server.api('demo', base, { method: 'POST', token: admin, json: { upload_id: 'AAAAAAAAAAAAAAAAAAAAAAAA' } });
    expect(missing.status).toBe(201);
    expect(await waitForJob(server, 'demo', admin, base, (await body<ImportJob>(missing)).id, ['VALIDATION_FAILED'])).toMatchObject({ error_code: 'FILE_NOT_REACHABLE' });
    expect(await rowsOfSource()).toEqual(before);
  });

  it('reads Latin-1, UTF-8 with BOM, UTF-16 and semicolon-separated files', async () => {
    const text = 'key;label\r\nñ1;Año único\r\n';
    for (const [name, bytes] of [
      ['latin1.csv', Buffer.from(text, 'latin1')],
      ['bom.csv', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')])],
      ['utf16.csv', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')])],
    ] as const) {
      const job = await startImport(server, 'demo', admin, base, bytes, name, 'upsert');
      const done = await waitForJob(server, 'demo', admin, base, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
      expect(done.status, `${name} ${done.fail_description}`).toBe('VALIDATION_OK');
      expect(
        (await rowsOf(server, 'demo', admin, base, job.id)).map((r) => [r.key, r.label]),
        name,
      ).toEqual([['ñ1', 'Año único']]);
    }
  });

  it('refuses a file over the import limit (a 100 MB upload) with 413 file-too-large, creating nothing', async () => {
    const big = Buffer.alloc(100 * 1024 * 1024, 'a,b\n');
    Buffer.from('key,label\n').copy(big);
    const uploadId = await uploadFile(server, 'demo', admin, big, 'enorme.csv');
    const before = (await body<{ count: number }>(await server.api('demo', base, { token: admin }))).count;
    const response = await server.api('demo', base, { method: 'POST', token: admin, json: { upload_id: uploadId } });
    expect(response.status).toBe(413);
    expect(await body(response)).toMatchObject({ code: 'file-too-large', max_bytes: 50 * 1024 * 1024 });
    expect((await body<{ count: number }>(await server.api('demo', base, { token: admin }))).count).toBe(before);
  });

  it('refuses bad requests: malformed upload id, unknown mode, unknown or foreign job, wrong family', async () => {
    expect((await server.api('demo', base, { method: 'POST', token: admin, json: { upload_id: '../../etc/passwd' } })).status).toBe(400);
    expect((await server.api('demo', base, { method: 'POST', token: admin, json: {} })).status).toBe(400);
    const positionsBase = `${AUD}/positions/imports/`;
    expect((await server.api('demo', positionsBase, { method: 'POST', token: admin, json: { upload_id: 'AAAAAAAAAAAAAAAAAAAAAAAA', mode: 'replace' } })).status).toBe(400);
    const job = (await body<{ results: ImportJob[] }>(await server.api('demo', base, { token: admin }))).results[0]!;
    // a data-source job is not reachable through another family, nor through another data source
    expect((await server.api('demo', `${positionsBase}${job.id}/`, { token: admin })).status).toBe(404);
    const other = (await body<{ id: string }>(await server.api('demo', `${RES}/data-sources/`, { method: 'POST', token: admin, json: { name: 'Otra' } }))).id;
    expect((await server.api('demo', `${RES}/data-sources/${other}/imports/${job.id}/`, { token: admin })).status).toBe(404);
    for (const id of ['999999999', 'abc', '1.5', '-1']) expect((await server.api('demo', `${base}${id}/`, { token: admin })).status, id).toBe(404);
    expect((await server.api('demo', `${RES}/data-sources/00000000-0000-4000-8000-000000000000/imports/`, { token: admin })).status).toBe(404);
    const operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', base, { token: operario })).status).toBe(403);
  });

  it('catalogues: venues with references and locations pointing at rows of the same file; a cycle fails the apply and writes nothing', async () => {
    await server.api('demo', `${ORG}/business-lines/`, { method: 'POST', token: admin, json: { name: 'Supermercados', code: 'SUP' } });
    await server.api('demo', `${ORG}/venue-categories/`, { method: 'POST', token: admin, json: { name: 'Grande', code: 'G' } });
    const venues = `${ORG}/imports/venues/`;
    const job = await importAll(
      server,
      'demo',
      admin,
      venues,
      csv([
        ['código', 'nombre', 'dirección', 'línea de negocio', 'país', 'zona horaria', 'superficie', 'categorías'],
        ['V1', 'Local Centro', 'Ahumada 100', 'supermercados', 'cl', 'America/Santiago', '1200,5', 'G; grande'],
        ['V2', 'Local Sur', '', '', '', '', '', ''],
      ]),
      'locales.csv',
    );
    expect(job.counts).toMatchObject({ ADD: 2 });
    const listed = await body<{ results: { code: string; business_line_name: string | null; gla: number | null; country: string | null; categories: string[] }[] }>(
      await server.api('demo', `${ORG}/venues/?search=Local`, { token: admin }),
    );
    expect(listed.results.find((v) => v.code === 'V1')).toMatchObject({ business_line_name: 'Supermercados', gla: 1200.5, country: 'CL', categories: [expect.any(String)] });
    const bad = await startImport(
      server,
      'demo',
      admin,
      venues,
      csv([
        ['code', 'name', 'timezone', 'country', 'business_line', 'legacy_id', 'categories'],
        ['V3', 'X', 'Mars/Base', '', '', '', ''],
        ['V4', 'Y', '', 'XX', '', '', ''],
        ['V5', 'Z', '', '', 'nope', '', ''],
        ['V6', 'W', '', '', '', '-3', ''],
        ['V7', 'Q', '', '', '', '1,5', ''],
        ['V8', 'R', '', '', '', '7', ''],
        ['V9', 'S', 'Luna/Base', 'ZZ', 'nada', 'x', 'Grande; Nope; g; Otra'],
      ]),
      'malos.csv',
    );
    const failed = await waitForJob(server, 'demo', admin, venues, bad.id, ['VALIDATION_FAILED', 'VALIDATION_OK']);
    expect((await rowsOf(server, 'demo', admin, venues, failed.id, 'ERROR')).map((r) => [r.key, r.error_code])).toEqual([
      ['V3', 'CATALOG_ROW_INVALID_TIMEZONE'],
      ['V4', 'CATALOG_ROW_INVALID_COUNTRY'],
      ['V5', 'FILE_ROW_UNKNOWN_REFERENCE'],
      ['V6', 'FILE_ROW_INVALID_NUMBER'],
      ['V7', 'FILE_ROW_INVALID_NUMBER'],
      ['V9', 'FILE_ROW_UNKNOWN_REFERENCE'],
    ]);
    expect(failed.counts).toMatchObject({ ADD: 1, ERROR: 6 });
    // every problem of a venue row, in its columns' order of checks, with the values at fault
    const v9 = (await rowsOf(server, 'demo', admin, venues, failed.id, 'ERROR')).find((r) => r.key === 'V9')!;
    expect(v9.errors.map((e) => [e.code, e.column, e.value])).toEqual([
      ['FILE_ROW_UNKNOWN_REFERENCE', 'business_line', 'nada'],
      ['CATALOG_ROW_INVALID_COUNTRY', 'country', 'ZZ'],
      ['CATALOG_ROW_INVALID_TIMEZONE', 'timezone', 'Luna/Base'],
      ['FILE_ROW_INVALID_NUMBER', 'legacy_id', 'x'],
      ['FILE_ROW_UNKNOWN_REFERENCE', 'categories', 'Nope; Otra'],
    ]);

    const locations = `${ORG}/imports/locations/`;
    const tree = await importAll(
      server,
      'demo',
      admin,
      locations,
      csv([
        ['code', 'name', 'venue', 'parent'],
        ['L-PISO', 'Piso 1', 'V1', ''],
        ['L-SALA', 'Sala 1', 'V1', 'L-PISO'],
        ['L-CAJA', 'Caja 3', 'V1', 'L-SALA'],
      ]),
      'ubicaciones.csv',
    );
    expect(tree.counts).toMatchObject({ ADD: 3 });
    const sala = (await body<{ results: { id: string; code: string; parent: string | null }[] }>(await server.api('demo', `${ORG}/locations/?search=L-&page_size=50`, { token: admin }))).results;
    const byCode = new Map(sala.map((l) => [l.code, l]));
    expect(byCode.get('L-SALA')!.parent).toBe(byCode.get('L-PISO')!.id);
    expect(byCode.get('L-CAJA')!.parent).toBe(byCode.get('L-SALA')!.id);
    // L-PISO under L-CAJA closes a cycle: validation passes row by row, the apply refuses it whole
    const cyc = await startImport(
      server,
      'demo',
      admin,
      locations,
      csv([
        ['code', 'name', 'parent'],
        ['L-PISO', 'Piso 1', 'L-CAJA'],
        ['L-NUEVA', 'Nueva', ''],
      ]),
      'ciclo.csv',
    );
    await waitForJob(server, 'demo', admin, locations, cyc.id, ['VALIDATION_OK']);
    await server.api('demo', `${locations}${cyc.id}/apply`, { method: 'POST', token: admin });
    expect(await waitForJob(server, 'demo', admin, locations, cyc.id, ['APPLY_OK', 'APPLY_FAILED'])).toMatchObject({ status: 'APPLY_FAILED', error_code: 'FILE_WITH_ERROR_IN_ROWS' });
    expect((await body<{ count: number }>(await server.api('demo', `${ORG}/locations/?search=L-NUEVA`, { token: admin }))).count).toBe(0);
    expect((await body<{ parent: string | null }>(await server.api('demo', `${ORG}/locations/${byCode.get('L-PISO')!.id}/`, { token: admin }))).parent).toBeNull();
    const unknown = await startImport(
      server,
      'demo',
      admin,
      locations,
      csv([
        ['code', 'name', 'parent'],
        ['L-X', 'X', 'NO-EXISTE'],
      ]),
      'padre.csv',
    );
    const unknownJob = await waitForJob(server, 'demo', admin, locations, unknown.id, ['VALIDATION_FAILED', 'VALIDATION_OK']);
    expect((await rowsOf(server, 'demo', admin, locations, unknownJob.id, 'ERROR')).map((r) => r.error_code)).toEqual(['FILE_ROW_UNKNOWN_REFERENCE']);
    // a problem the diff finds names its column and the value at fault too
    expect((await rowsOf(server, 'demo', admin, locations, unknownJob.id, 'ERROR'))[0]).toMatchObject({
      error_column: 'parent',
      errors: [{ code: 'FILE_ROW_UNKNOWN_REFERENCE', column: 'parent', value: 'NO-EXISTE', message: 'No existe un registro con ese código o nombre' }],
    });
    // generic catalogue with active = no → DELETE, and module-disabled on demo-norte
    const lines = `${ORG}/imports/business-lines/`;
    const deleting = await importAll(
      server,
      'demo',
      admin,
      lines,
      csv([
        ['code', 'name', 'active'],
        ['SUP', 'Supermercados', 'no'],
        ['FARM', 'Farmacias', 'sí'],
      ]),
      'lineas.csv',
    );
    expect(deleting.counts).toMatchObject({ DELETE: 1, ADD: 1 });
    const norte = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
    expect(await body(await server.api('demo-norte', `${ORG}/imports/stores/`, { token: norte }))).toMatchObject({ code: 'module-disabled' });
    expect((await server.api('demo', `${ORG}/imports/unicorns/`, { token: admin })).status).toBe(404);
  });

  it('positions: parents from the file or the chart, default permissions within the importer’s own', async () => {
    const positions = `${AUD}/positions/imports/`;
    const job = await importAll(
      server,
      'demo',
      admin,
      positions,
      csv([
        ['code', 'title', 'department', 'parents', 'default_permissions', 'is_root'],
        ['T-CEO', 'Directora General', 'Gerencia', '', 'VIEW_PEOPLE', 'sí'],
        ['T-COO', 'Director de Operaciones', 'Operaciones', 'T-CEO', 'view_tasks; VIEW_WF', ''],
        ['T-SUP', 'Jefe de patio', 'Operaciones', 'T-COO;T-CEO', '', ''],
      ]),
      'cargos.csv',
    );
    expect(job.counts).toMatchObject({ ADD: 3 });
    const chart = await body<{ nodes: { id: string; title: string }[]; edges: { from: string; to: string }[] }>(await server.api('demo', `${AUD}/org-chart/`, { token: admin }));
    const id = (title: string) => chart.nodes.find((n) => n.title === title)!.id;
    expect(chart.edges).toEqual(
      expect.arrayContaining([
        { from: id('Directora General'), to: id('Director de Operaciones') },
        { from: id('Director de Operaciones'), to: id('Jefe de patio') },
        { from: id('Directora General'), to: id('Jefe de patio') },
      ]),
    );
    expect(await body(await server.api('demo', `${AUD}/positions/${id('Director de Operaciones')}/`, { token: admin }))).toMatchObject({
      default_permission_list: ['VIEW_TASKS', 'VIEW_WF'],
      is_root: false,
    });
    // same file again: nothing to do
    const again = await importAll(
      server,
      'demo',
      admin,
      positions,
      csv([
        ['code', 'title', 'parents'],
        ['T-SUP', 'Jefe de patio', 'T-CEO; T-COO'],
      ]),
      'cargos-2.csv',
    );
    expect(again.counts).toMatchObject({ NO_CHANGE: 1, UPDATE: 0 });
    const bad = await startImport(
      server,
      'demo',
      admin,
      positions,
      csv([
        ['code', 'title', 'parents', 'default_permissions', 'is_root'],
        ['A', 'Sin padre conocido', 'NOPE', '', ''],
        ['B', 'Permiso inventado', '', 'FLY', ''],
        ['C', 'Padre de sí mismo', 'C', '', ''],
        ['D', 'Raíz con padre', 'T-CEO', '', 'sí'],
        ['E', '', 'E', 'FLY; VIEW_HOME; SWIM', 'tal vez'],
        ['F', 'Un superior desconocido', 'T-CEO; NADA; A; NI-ESTE', '', ''],
      ]),
      'cargos-malos.csv',
    );
    const failed = await waitForJob(server, 'demo', admin, positions, bad.id, ['VALIDATION_FAILED', 'VALIDATION_OK']);
    expect((await rowsOf(server, 'demo', admin, positions, failed.id, 'ERROR')).map((r) => [r.key, r.error_code])).toEqual([
      ['A', 'POSITION_ROW_UNKNOWN_PARENT'],
      ['B', 'POSITION_ROW_UNKNOWN_PERMISSION'],
      ['C', 'POSITION_ROW_CYCLE'],
      ['D', 'FILE_ROW_INVALID_VALUE'],
      ['E', 'FILE_ROW_BLANK_LABEL'],
      ['F', 'POSITION_ROW_UNKNOWN_PARENT'],
    ]);
    // which of the parents is unknown: those neither stored nor rows of the file (A is one, though in error)
    const parents = (await rowsOf(server, 'demo', admin, positions, failed.id, 'ERROR')).filter((r) => r.error_code === 'POSITION_ROW_UNKNOWN_PARENT');
    expect(parents.map((r) => [r.key, r.error_column, r.errors.map((p) => [p.code, p.column, p.value])])).toEqual([
      ['A', 'parents', [['POSITION_ROW_UNKNOWN_PARENT', 'parents', 'NOPE']]],
      ['F', 'parents', [['POSITION_ROW_UNKNOWN_PARENT', 'parents', 'NADA; NI-ESTE']]],
    ]);
    const e = (await rowsOf(server, 'demo', admin, positions, failed.id, 'ERROR')).find((r) => r.key === 'E')!;
    expect(e.errors.map((p) => [p.code, p.column, p.value])).toEqual([
      ['FILE_ROW_BLANK_LABEL', 'title', null],
      ['FILE_ROW_INVALID_BOOLEAN', 'is_root', 'tal vez'],
      ['POSITION_ROW_CYCLE', 'parents', 'E'],
      ['POSITION_ROW_UNKNOWN_PERMISSION', 'default_permissions', 'FLY; SWIM'],
    ]);
  });

  it('retention: finished jobs older than IMPORT_ROWS_RETENTION_DAYS lose their row-by-row preview and keep their summary; jobs awaiting confirmation and recent ones keep their rows', async () => {
    const { platform } = server.running;
    const days = platform.config.IMPORT_ROWS_RETENTION_DAYS;
    const sizes = csv([
      ['key', 'label'],
      ['R1', 'Uno'],
      ['R2', 'Dos'],
    ]);
    // 4,500 rows: deleted in three slices on PGlite (one statement per 2,000 staged rows)
    const many = csv([['key', 'label'], ['R1', 'Uno'], ['R2', 'Dos'], ...Array.from({ length: 4498 }, (_, i) => [`R${i + 3}`, `Fila ${i + 3}`])]);
    const applied = await importAll(server, 'demo', admin, base, many, 'retencion-aplicada.csv');
    const failed = await failWith(
      csv([
        ['key', 'label'],
        ['F1', ''],
      ]),
      'retencion-fallida.csv',
      'VALIDATION_FAILED',
    );
    const waiting = await startImport(
      server,
      'demo',
      admin,
      base,
      csv([
        ['key', 'label'],
        ['W1', 'Espera'],
        ['R1', 'Uno'],
        ['R2', 'Dos'],
      ]),
      'retencion-espera.csv',
    );
    await waitForJob(server, 'demo', admin, base, waiting.id, ['VALIDATION_OK']);
    const recent = await importAll(server, 'demo', admin, base, sizes, 'retencion-reciente.csv');
    const norteAdmin = (await signIn(server, 'demo-norte', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    const norteSource = (await body<{ id: string }>(await server.api('demo-norte', `${RES}/data-sources/`, { method: 'POST', token: norteAdmin, json: { name: 'Colores' } }))).id;
    const norteBase = `${RES}/data-sources/${norteSource}/imports/`;
    const norte = await importAll(
      server,
      'demo-norte',
      norteAdmin,
      norteBase,
      csv([
        ['key', 'label'],
        ['RJ', 'Rojo'],
      ]),
      'colores.csv',
    );
    const norteRecent = await importAll(
      server,
      'demo-norte',
      norteAdmin,
      norteBase,
      csv([
        ['key', 'label'],
        ['AZ', 'Azul'],
      ]),
      'colores-2.csv',
    );

    const demo = (await platform.tenants.bySubdomain('demo'))!;
    const demoNorte = (await platform.tenants.bySubdomain('demo-norte'))!;
    const age = (tenantId: string, ids: number[], byDays: number) =>
      platform.db.transaction(tenantId, (tx) =>
        tx.execute(sql`UPDATE import_jobs SET updated_at = updated_at - make_interval(days => ${byDays}) WHERE tenant_id = ${tenantId} AND id = ANY(${sql.param(ids)}::bigint[])`),
      );
    const stagedRows = async (tenantId: string, id: number) =>
      (
        (await platform.db.transaction(tenantId, (tx) => tx.execute(sql`SELECT count(*)::int AS n FROM import_rows WHERE tenant_id = ${tenantId} AND job_id = ${id}`))) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]!.n;
    await age(demo.id, [applied.id, failed.id, waiting.id], days + 1);
    await age(demo.id, [recent.id], days - 1);
    await age(demoNorte.id, [norte.id], days + 1);
    const total = (job: ImportJob) => Object.values(job.counts).reduce((a, b) => a + b, 0);
    expect(await stagedRows(demo.id, applied.id)).toBe(total(applied));

    expect(await purgeImportRows(platform)).toBeGreaterThanOrEqual(3);
    for (const [subdomain, token, family, job] of [
      ['demo', admin, base, applied],
      ['demo', admin, base, failed],
      ['demo-norte', norteAdmin, norteBase, norte],
    ] as const) {
      const after = await body<ImportJob>(await server.api(subdomain, `${family}${job.id}/`, { token }));
      expect(after.rows_purged_at, `${subdomain} ${job.file_name}`).not.toBeNull();
      expect(after).toMatchObject({ status: job.status, counts: job.counts, applied_at: job.applied_at });
      expect(await rowsOf(server, subdomain, token, family, job.id)).toEqual([]);
      const file = await server.api(subdomain, `${family}${job.id}/rows.csv`, { token });
      expect(file.status).toBe(410);
      expect(await body(file)).toMatchObject({ code: 'expired' });
    }
    expect(await stagedRows(demo.id, applied.id)).toBe(0);
    expect(await stagedRows(demoNorte.id, norte.id)).toBe(0);
    // untouched: the recent ones (in both tenants) and the one awaiting confirmation, which still applies
    for (const [subdomain, tenantId, token, family, job] of [
      ['demo', demo.id, admin, base, recent],
      ['demo-norte', demoNorte.id, norteAdmin, norteBase, norteRecent],
    ] as const) {
      expect((await body<ImportJob>(await server.api(subdomain, `${family}${job.id}/`, { token }))).rows_purged_at).toBeNull();
      expect(await stagedRows(tenantId, job.id)).toBe(total(job));
      expect(await rowsOf(server, subdomain, token, family, job.id)).toHaveLength(Math.min(total(job), 200));
    }
    expect((await server.api('demo', `${base}${waiting.id}/apply`, { method: 'POST', token: admin })).status).toBe(202);
    expect((await waitForJob(server, 'demo', admin, base, waiting.id, ['APPLY_OK', 'APPLY_FAILED'])).status).toBe('APPLY_OK');
    expect(await rowsOfSource()).toContain('W1=Espera');

    // a pass cut short after marking a job leaves rows behind: the next pass removes them
    await platform.db.transaction(demo.id, (tx) => tx.execute(sql`UPDATE import_jobs SET rows_purged_at = now() WHERE tenant_id = ${demo.id} AND id = ${recent.id}`));
    expect(await stagedRows(demo.id, recent.id)).toBe(total(recent));
    expect(await purgeImportRows(platform)).toBe(1);
    expect(await stagedRows(demo.id, recent.id)).toBe(0);
    expect(await purgeImportRows(platform)).toBe(0);
    expect((await server.running.platform.jobs.stats(IMPORT_RETENTION_QUEUE)).total).toBeGreaterThanOrEqual(1);
  });
});
