import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, DEMO_PASSWORD, engines, seededDemo, setDisabledModules, setFlags, signIn, tenantOf, type TestServer } from './harness.ts';
import { AUD, csv, importAll, uploadFile, ORG, PERSONS, rowsOf, startImport, waitForJob, xlsx } from './directory.helpers.ts';
import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { formatRut } from '@faena/domain';

const IMPORTS = `${PERSONS}imports/`;

interface Person {
  id: string;
  name: string;
  primary_email: string | null;
  is_disabled: boolean;
  phones: { number: string; label?: string | null }[];
  identity_documents: { type: string; number: string }[];
  positions: { id: string; title: string }[];
  business_lines: { id: string; name: string }[];
  workspaces: { id: string; name: string }[];
  origin: string | null;
  company: { name: string } | null;
  roles: string[];
  other_emails: string[];
  passport: string;
}

describe.each(engines())('people imports on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let tenantId: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    tenantId = (await tenantOf(server, 'demo')).id;
    const make = (path: string, json: unknown) => server.api('demo', path, { method: 'POST', token: admin, json });
    await make(`${ORG}/business-lines/`, { name: 'Logística Test', code: 'T-LOG' });
    await make(`${ORG}/venues/`, { name: 'Bodega Central', code: 'T-BC' });
    await make(`${ORG}/companies/`, { name: 'Transportes Sur', code: 'T-TSUR' });
    await make(`${AUD}/positions/`, { title: 'Bodeguero', code: 'BOD', default_permission_list: ['VIEW_TASKS'] });
    await make(`${AUD}/positions/`, { title: 'Jefe de Bodega Central', code: 'JBOD', default_permission_list: ['MANAGE_REPORTS'] });
  });
  afterAll(() => server?.close());

  const find = async (search: string) => (await body<{ results: Person[] }>(await server.api('demo', `${PERSONS}?search=${encodeURIComponent(search)}`, { token: admin }))).results;
  const detail = async (id: string) => body<Person>(await server.api('demo', `${PERSONS}${id}/`, { token: admin }));

  it('loads 1,000 people from an XLSX file, then lists them', async () => {
    const rows: unknown[][] = [['Nombre', 'Correo', 'RUT', 'Teléfonos', 'Cargo', 'Líneas de negocio', 'Espacios de trabajo', 'Origen', 'Empresa', 'Rol']];
    for (let i = 0; i < 1000; i++) {
      rows.push([
        `Persona Carga ${String(i).padStart(4, '0')}`,
        `carga${i}@faena.test`,
        formatRut(20_000_000 + i),
        `+56 9 ${String(10_000_000 + i)}`,
        i % 7 ? 'BOD' : 'BOD; bodeguero',
        'T-LOG',
        'T-BC',
        i % 2 ? 'contratista' : 'propia',
        i % 2 ? 'T-TSUR' : '',
        'Operario',
      ]);
    }
    const before = (await body<{ count: number }>(await server.api('demo', `${PERSONS}?page_size=1`, { token: admin }))).count;
    const job = await importAll(server, 'demo', admin, IMPORTS, await xlsx(rows), 'personas.xlsx');
    expect(job).toMatchObject({ kind: 'people', mode: 'upsert', counts: { ADD: 1000, ERROR: 0 }, progress: { rows: 1000, percent: 100 } });
    const page = await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=Persona%20Carga`, { token: admin }));
    expect(page.count).toBe(1000);
    expect((await body<{ count: number }>(await server.api('demo', `${PERSONS}?page_size=1`, { token: admin }))).count).toBe(before + 1000);
    const [first] = await find('carga7@faena.test');
    const person = await detail(first!.id);
    expect(person).toMatchObject({
      name: 'Persona Carga 0007',
      primary_email: 'carga7@faena.test',
      identity_documents: [{ type: 'CL_CI', number: formatRut(20_000_007) }],
      phones: [{ number: '+56910000007', label: null }],
      positions: [{ title: 'Bodeguero' }],
      business_lines: [{ name: 'Logística Test' }],
      workspaces: [{ name: 'Bodega Central' }],
      origin: 'CONTRACTOR_BUSINESS',
      company: { name: 'Transportes Sur' },
      roles: ['Operario'],
    });
    expect((await find(formatRut(20_000_007).replace('-', ''))).map((p) => p.id)).toEqual([person.id]);
    // the position's defaults were merged into every new person's set
    const set = await body<{ permissions: string[] }>(await server.api('demo', `/api/permissions/v3/by-passport/${person.passport}`, { token: admin }));
    expect(set.permissions).toEqual(['VIEW_TASKS']);
    const position = (await body<{ results: { title: string; people_count: number }[] }>(await server.api('demo', `${AUD}/positions/?search=Bodeguero`, { token: admin }))).results[0]!;
    expect(position.people_count).toBe(1000);
  });

  it('updates people found by e-mail or by document, leaving absent columns alone; disables and enables with "active"', async () => {
    const member = await addMember(server, tenantId, { email: 'carga1@faena.test', name: 'x', permissions: ['VIEW_HOME'] }).catch(() => null);
    expect(member).toBeNull(); // the e-mail is taken: the import made that person
    const file = csv([
      ['email', 'name', 'document_number', 'phones', 'active'],
      ['carga1@faena.test', 'Persona Carga 0001 Editada', '', '+56 2 2222 2222', ''],
      ['', 'Persona Carga 0002', formatRut(20_000_002), '', 'no'],
      ['carga3@faena.test', 'Persona Carga 0003', formatRut(20_000_003), '+56910000003', ''],
      ['nueva.persona@faena.test', 'Persona Nueva', '', '', 'sí'],
    ]);
    const job = await startImport(server, 'demo', admin, IMPORTS, file, 'cambios.csv');
    const validated = await waitForJob(server, 'demo', admin, IMPORTS, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
    expect(validated.status).toBe('VALIDATION_OK');
    expect((await rowsOf(server, 'demo', admin, IMPORTS, job.id)).map((r) => [r.key, r.operation])).toEqual([
      ['carga1@faena.test', 'UPDATE'],
      [`CL_CI:${formatRut(20_000_002)}`, 'DELETE'],
      ['carga3@faena.test', 'NO_CHANGE'],
      ['nueva.persona@faena.test', 'ADD'],
    ]);
    // the preview says what the update does, by the file's columns: the blank document clears it
    expect((await rowsOf(server, 'demo', admin, IMPORTS, job.id)).map((r) => r.changes)).toEqual([['name', 'document_number', 'phones'], null, null, null]);
    // the preview is searched by name or key, without case or accents, or by the sheet's row
    const found = async (search: string, operation?: string) => (await rowsOf(server, 'demo', admin, IMPORTS, job.id, operation, search)).map((r) => r.key);
    expect(await found('persona carga 000')).toEqual(['carga1@faena.test', `CL_CI:${formatRut(20_000_002)}`, 'carga3@faena.test']);
    expect(await found('PERSONA NUEVA')).toEqual(['nueva.persona@faena.test']);
    expect(await found('editádá')).toEqual(['carga1@faena.test']);
    expect(await found('CARGA3@')).toEqual(['carga3@faena.test']);
    expect(await found('3')).toEqual([`CL_CI:${formatRut(20_000_002)}`, 'carga3@faena.test']); // the sheet's row 3, and a key with a 3
    expect(await found('persona', 'ADD')).toEqual(['nueva.persona@faena.test']);
    // LIKE's wildcards are plain characters: only the document key has an underscore
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([`CL_CI:${formatRut(20_000_002)}`]);
    // the preview's file holds what a search finds, as the screen does
    const searchedFile = await (await server.api('demo', `${IMPORTS}${job.id}/rows.csv?search=nueva`, { token: admin })).text();
    expect(
      searchedFile
        .trim()
        .split('\r\n')
        .slice(1)
        .map((line) => line.split(',')[1]),
    ).toEqual(['nueva.persona@faena.test']);
    // and so does the preview's file
    const previewFile = await (await server.api('demo', `${IMPORTS}${job.id}/rows.csv`, { token: admin })).text();
    expect(previewFile.split('\r\n')[1]).toMatch(/,UPDATE,,,,,name; document_number; phones$/);
    // staged as ADD (what a new person's row presumes) and left so by the diff: the row keeps the
    // version its staging wrote (migration 0011's trigger skipped the no-op update); the rows the
    // diff changed were written again, by the diff's transaction
    const versions = await server.running.platform.db.transaction(tenantId, async (tx) => {
      const result = (await tx.execute(sql`SELECT key, xmin::text AS version FROM import_rows WHERE tenant_id = ${tenantId} AND job_id = ${job.id} ORDER BY id`)) as unknown as {
        rows: { key: string; version: string }[];
      };
      return result.rows.map((row) => row.version);
    });
    const [updated, deleted, unchanged, added] = versions;
    expect(new Set([updated, deleted, unchanged]).size).toBe(1);
    expect(added).not.toBe(updated);
    await server.api('demo', `${IMPORTS}${job.id}/apply`, { method: 'POST', token: admin });
    expect(await waitForJob(server, 'demo', admin, IMPORTS, job.id, ['APPLY_OK', 'APPLY_FAILED'])).toMatchObject({ status: 'APPLY_OK', counts: { UPDATE: 1, DELETE: 1, NO_CHANGE: 1, ADD: 1 } });
    const one = await detail((await find('carga1@faena.test'))[0]!.id);
    // the file's document column was blank for this row: its document list is now empty; its position stays (no column)
    expect(one).toMatchObject({ name: 'Persona Carga 0001 Editada', phones: [{ number: '+56222222222' }], identity_documents: [], positions: [{ title: 'Bodeguero' }] });
    expect((await find('22222222')).map((p) => p.id)).toContain(one.id);
    const two = (await find('carga2@faena.test'))[0]!;
    expect(two.is_disabled).toBe(true);
    const back = await importAll(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['RUT', 'nombre', 'activo'],
        [formatRut(20_000_002), 'Persona Carga 0002', 'sí'],
      ]),
      'vuelve.csv',
    );
    expect(back.counts).toMatchObject({ UNDELETE: 1 });
    expect((await detail(two.id)).is_disabled).toBe(false);
    expect((await find('carga2@faena.test')).map((p) => p.id)).toEqual([two.id]);

    // renamed by a file without the document and phone columns: found by the new name and, as before, by the stored document and phone
    const three = (await find('carga3@faena.test'))[0]!;
    const renamed = await importAll(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['correo', 'nombre'],
        ['carga3@faena.test', 'Persona Renombrada Tres'],
      ]),
      'renombre.csv',
    );
    expect(renamed.counts).toMatchObject({ UPDATE: 1 });
    expect((await rowsOf(server, 'demo', admin, IMPORTS, renamed.id)).map((r) => [r.operation, r.changes])).toEqual([['UPDATE', ['name']]]);
    // the job keeps the file's header as written: the preview (and its file) name the columns as the file does
    expect(renamed.file_columns).toEqual({ email: 'correo', name: 'nombre' });
    const renamedFile = await (await server.api('demo', `${IMPORTS}${renamed.id}/rows.csv`, { token: admin })).text();
    expect(renamedFile.split('\r\n')[1]).toMatch(/,UPDATE,,,,,nombre$/);
    for (const search of ['Renombrada Tres', formatRut(20_000_003).replace('-', ''), '10000003', 'carga3@faena.test'])
      expect(
        (await find(search)).map((p) => p.id),
        search,
      ).toEqual([three.id]);
    expect((await find('Persona Carga 0003')).map((p) => p.id)).not.toContain(three.id);
  });

  it('a disabled-by-import person loses access at once', async () => {
    const member = await addMember(server, tenantId, { email: 'importada@faena.test', name: 'Importada', permissions: ['VIEW_HOME'] });
    const session = await signIn(server, 'demo', member.email, member.password);
    await importAll(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['email', 'name', 'active'],
        ['importada@faena.test', 'Importada', 'no'],
      ]),
      'baja.csv',
    );
    const refused = await server.api('demo', '/api/auth/v3/me', { token: session.id_token });
    expect(refused.status).toBe(403);
    expect(await body(refused)).toMatchObject({ code: 'user-disabled' });
  });

  it('a file with every kind of people row error: each row with its code, nothing applied', async () => {
    const hr = await addMember(server, tenantId, { email: 'rrhh.import@faena.test', permissions: ['VIEW_PEOPLE', 'MANAGE_PEOPLE', 'VIEW_TASKS'] });
    const token = (await signIn(server, 'demo', hr.email, hr.password)).id_token;
    const other = await body<Person>(
      await server.api('demo', PERSONS, { method: 'POST', token: admin, json: { name: 'Dueña RUT', identity_documents: [{ type: 'CL_CI', number: formatRut(30_000_001) }] } }),
    );
    const file = csv([
      ['name', 'email', 'document_type', 'document_number', 'phones', 'origin', 'positions', 'business_lines', 'workspaces', 'company', 'active', 'other_emails'],
      ['Sin Error', 'sin.error@faena.test', '', '', '', '', 'BOD', '', '', '', '', ''],
      ['', 'sin.nombre@faena.test', '', '', '', '', '', '', '', '', '', ''],
      ['Sin Clave', '', '', '', '', '', '', '', '', '', '', ''],
      ['Correo Malo', 'no-es-correo', '', '', '', '', '', '', '', '', '', ''],
      ['RUT Malo', 'rut.malo@faena.test', 'CL_CI', '12345678-9', '', '', '', '', '', '', '', ''],
      ['Tipo Malo', 'tipo.malo@faena.test', 'DNI_XX', '12345678', '', '', '', '', '', '', '', ''],
      ['DNI Malo', 'dni.malo@faena.test', 'PE_DNI', '123', '', '', '', '', '', '', '', ''],
      ['Teléfono Malo', 'fono.malo@faena.test', '', '', '123', '', '', '', '', '', '', ''],
      ['Origen Malo', 'origen.malo@faena.test', '', '', '', 'marciano', '', '', '', '', '', ''],
      ['Cargo Inexistente', 'cargo.x@faena.test', '', '', '', '', 'NO-EXISTE', '', '', '', '', ''],
      ['Línea Inexistente', 'linea.x@faena.test', '', '', '', '', '', 'NOPE', '', '', '', ''],
      ['Recinto Inexistente', 'recinto.x@faena.test', '', '', '', '', '', '', 'NOPE', '', '', ''],
      ['Empresa Inexistente', 'empresa.x@faena.test', '', '', '', '', '', '', '', 'NOPE', '', ''],
      ['Cargo No Permitido', 'cargo.alto@faena.test', '', '', '', '', 'JBOD', '', '', '', '', ''],
      ['Activo Raro', 'activo@faena.test', '', '', '', '', '', '', '', '', 'quizás', ''],
      ['Otro Correo Malo', 'otro@faena.test', '', '', '', '', '', '', '', '', '', 'mal correo'],
      ['Duplicada', 'sin.error@faena.test', '', '', '', '', '', '', '', '', '', ''],
      ['Cruzada', 'carga5@faena.test', 'CL_CI', formatRut(30_000_001), '', '', '', '', '', '', '', ''],
      ['Fórmula', '=cmd|calc', '', '', '', '', '', '', '', '', '', ''],
      ['Doc Duplicado A', 'doc.a@faena.test', 'PASSPORT', 'AB123456', '', '', '', '', '', '', '', ''],
      ['Doc Duplicado B', 'doc.b@faena.test', 'PASSPORT', 'ab 123456', '', '', '', '', '', '', '', ''],
      // every problem of a row is told at once, with the value at fault (a position named by code and title, once)
      ['Todo Mal', 'todo.mal@faena.test', '', '12345678-9', '123; +56912345678; abc', 'marciano', 'NO-EXISTE;BOD;JBOD;jefe de bodega central', '', '', '', 'quizás', ''],
      ['', 'sin.error@faena.test', '', '', '', '', '', '', '', '', '', ''],
    ]);
    const before = (await body<{ count: number }>(await server.api('demo', `${PERSONS}?page_size=1`, { token: admin }))).count;
    const job = await startImport(server, 'demo', token, IMPORTS, file, 'errores.csv');
    const failed = await waitForJob(server, 'demo', token, IMPORTS, job.id, ['VALIDATION_FAILED', 'VALIDATION_OK']);
    expect(failed).toMatchObject({ status: 'VALIDATION_FAILED', error_code: 'FILE_WITH_ERROR_IN_ROWS' });
    const rows = await rowsOf(server, 'demo', token, IMPORTS, job.id);
    expect(rows.map((r) => [r.row, r.operation, r.error_code, r.error_column])).toEqual([
      [2, 'ADD', null, null],
      [3, 'ERROR', 'FILE_ROW_BLANK_LABEL', 'name'],
      [4, 'ERROR', 'FILE_ROW_BLANK_KEY', 'email'],
      [5, 'ERROR', 'PERSON_ROW_INVALID_EMAIL', 'email'],
      [6, 'ERROR', 'PERSON_ROW_INVALID_RUT', 'document_number'],
      [7, 'ERROR', 'PERSON_ROW_UNKNOWN_DOCUMENT_TYPE', 'document_type'],
      [8, 'ERROR', 'PERSON_ROW_INVALID_DOCUMENT', 'document_number'],
      [9, 'ERROR', 'PERSON_ROW_INVALID_PHONE', 'phones'],
      [10, 'ERROR', 'PERSON_ROW_INVALID_ORIGIN', 'origin'],
      [11, 'ERROR', 'FILE_ROW_UNKNOWN_REFERENCE', 'positions'],
      [12, 'ERROR', 'FILE_ROW_UNKNOWN_REFERENCE', 'business_lines'],
      [13, 'ERROR', 'FILE_ROW_UNKNOWN_REFERENCE', 'workspaces'],
      [14, 'ERROR', 'FILE_ROW_UNKNOWN_REFERENCE', 'company'],
      [15, 'ERROR', 'PERSON_ROW_POSITION_NOT_ALLOWED', 'positions'],
      [16, 'ERROR', 'FILE_ROW_INVALID_BOOLEAN', 'active'],
      [17, 'ERROR', 'PERSON_ROW_INVALID_EMAIL', 'other_emails'],
      [18, 'ERROR', 'FILE_ROW_DUPLICATE_KEY', 'email'],
      [19, 'ERROR', 'PERSON_ROW_EMAIL_DOCUMENT_MISMATCH', 'document_number'],
      [20, 'ERROR', 'FILE_ROW_FORMULA', 'email'],
      [21, 'ADD', null, null],
      [22, 'ERROR', 'FILE_ROW_DUPLICATE_KEY', 'email'],
      [23, 'ERROR', 'PERSON_ROW_INVALID_RUT', 'document_number'],
      [24, 'ERROR', 'FILE_ROW_BLANK_LABEL', 'name'],
    ]);
    const problems = (row: number) => rows.find((r) => r.row === row)!.errors.map((e) => [e.code, e.column, e.value]);
    expect(problems(2)).toEqual([]);
    expect(problems(5)).toEqual([['PERSON_ROW_INVALID_EMAIL', 'email', 'no-es-correo']]);
    expect(problems(11)).toEqual([['FILE_ROW_UNKNOWN_REFERENCE', 'positions', 'NO-EXISTE']]);
    // a problem the diff finds names the document at fault too
    expect(problems(19)).toEqual([['PERSON_ROW_EMAIL_DOCUMENT_MISMATCH', 'document_number', formatRut(30_000_001)]]);
    expect(problems(20)).toEqual([['FILE_ROW_FORMULA', 'email', '=cmd|calc']]);
    expect(problems(23)).toEqual([
      ['PERSON_ROW_INVALID_RUT', 'document_number', '12345678-9'],
      ['PERSON_ROW_INVALID_PHONE', 'phones', '123; abc'],
      ['PERSON_ROW_INVALID_ORIGIN', 'origin', 'marciano'],
      ['FILE_ROW_UNKNOWN_REFERENCE', 'positions', 'NO-EXISTE'],
      ['PERSON_ROW_POSITION_NOT_ALLOWED', 'positions', 'JBOD'],
      ['FILE_ROW_INVALID_BOOLEAN', 'active', 'quizás'],
    ]);
    // a duplicate that has a problem of its own is told both
    expect(problems(24)).toEqual([
      ['FILE_ROW_BLANK_LABEL', 'name', null],
      ['FILE_ROW_DUPLICATE_KEY', 'email', null],
    ]);
    expect(rows.find((r) => r.row === 23)!.errors.map((e) => e.message)).toContain('Invalid RUT');
    // the list of what to fix has a line for each problem, with its value
    const fixes = Papa.parse<string[]>((await (await server.api('demo', `${IMPORTS}${job.id}/rows.csv?operation=ERROR`, { token })).text()).trim()).data;
    expect(fixes.filter((line) => line[0] === '23').map((line) => [line[4], line[5], line[7]])).toEqual([
      ['document_number', 'PERSON_ROW_INVALID_RUT', '12345678-9'],
      ['phones', 'PERSON_ROW_INVALID_PHONE', '123; abc'],
      ['origin', 'PERSON_ROW_INVALID_ORIGIN', 'marciano'],
      ['positions', 'FILE_ROW_UNKNOWN_REFERENCE', 'NO-EXISTE'],
      ['positions', 'PERSON_ROW_POSITION_NOT_ALLOWED', 'JBOD'],
      ['active', 'FILE_ROW_INVALID_BOOLEAN', 'quizás'],
    ]);
    expect(fixes.find((line) => line[0] === '20')![7]).toBe("'=cmd|calc");
    expect(rows.find((r) => r.row === 6)!.error_message).toBe('Invalid RUT');
    expect(rows.find((r) => r.row === 3)!.error_message).toBe("La columna 'label' no puede estar vacía");
    expect((await server.api('demo', `${IMPORTS}${job.id}/apply`, { method: 'POST', token })).status).toBe(409);
    expect((await body<{ count: number }>(await server.api('demo', `${PERSONS}?page_size=1`, { token: admin }))).count).toBe(before);
    expect(other.id).toBeDefined();
  });

  it('needs the right columns: name, and an e-mail or a document', async () => {
    const job = await startImport(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['name', 'phones'],
        ['Solo Nombre', ''],
      ]),
      'columnas.csv',
    );
    // the columns named with the headers that would have done, as the columns card lists them (one writing of each)
    expect(await waitForJob(server, 'demo', admin, IMPORTS, job.id, ['VALIDATION_FAILED', 'VALIDATION_OK'])).toMatchObject({
      error_code: 'FILE_WITHOUT_REQUIRED_HEADERS',
      fail_description:
        'El archivo necesita al menos una de estas columnas: Correo (o email, e-mail, mail, primary_email, correo electrónico); Número de documento (o document_number, numero_documento, documento, rut, dni).',
    });
    const unnamed = await startImport(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['correo', 'cargo'],
        ['sin.nombre@faena.test', ''],
      ]),
      'sin-nombre.csv',
    );
    expect((await waitForJob(server, 'demo', admin, IMPORTS, unnamed.id, ['VALIDATION_FAILED', 'VALIDATION_OK'])).fail_description).toBe(
      'Faltan las columnas: Nombre (o name, nombre completo, full name). La primera fila debe tener los encabezados.',
    );
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await server.api('demo', IMPORTS, { token: supervisora })).status).toBe(403);
  });

  it('applies against the data as it is when confirmed, not as it was at the preview', async () => {
    const job = await startImport(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['email', 'name'],
        ['tardia@faena.test', 'Tardía'],
      ]),
      'tarde.csv',
    );
    await waitForJob(server, 'demo', admin, IMPORTS, job.id, ['VALIDATION_OK']);
    expect((await rowsOf(server, 'demo', admin, IMPORTS, job.id))[0]!.operation).toBe('ADD');
    // someone creates the same person meanwhile: the apply updates instead of failing on the e-mail
    await server.api('demo', PERSONS, { method: 'POST', token: admin, json: { name: 'Tardía Manual', primary_email: 'tardia@faena.test' } });
    await server.api('demo', `${IMPORTS}${job.id}/apply`, { method: 'POST', token: admin });
    expect(await waitForJob(server, 'demo', admin, IMPORTS, job.id, ['APPLY_OK', 'APPLY_FAILED'])).toMatchObject({ status: 'APPLY_OK', counts: { UPDATE: 1, ADD: 0 } });
    expect((await find('tardia@faena.test')).map((p) => p.name)).toEqual(['Tardía']);
  });

  it('is refused while the tenant has the mass person upload off (flag massive_person_upload)', async () => {
    const upload = await uploadFile(
      server,
      'demo',
      admin,
      csv([
        ['nombre', 'correo'],
        ['Sin Flag', 'sinflag@faena.test'],
      ]),
      'personas.csv',
    );
    await setFlags(server, tenantId, { massive_person_upload: false });
    try {
      for (const response of [await server.api('demo', IMPORTS, { method: 'POST', token: admin, json: { upload_id: upload } }), await server.api('demo', IMPORTS, { token: admin })]) {
        expect(response.status).toBe(403);
        expect(await body(response)).toEqual({ code: 'operation-not-allowed', detail: 'Bulk loading people is not enabled for this organisation.', flag: 'massive_person_upload' });
      }
    } finally {
      await setFlags(server, tenantId, { massive_person_upload: true });
    }
    expect(await find('sinflag@faena.test')).toEqual([]);
  });

  it('a disabled module’s column must be empty, and an empty one leaves the person’s values alone', async () => {
    const [kept] = await importAll(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['nombre', 'correo', 'empresa', 'líneas de negocio'],
        ['Modulos Apagados', 'modulos@faena.test', 'T-TSUR', 'T-LOG'],
      ]),
      'antes.csv',
    ).then(() => find('modulos@faena.test'));
    await setDisabledModules(server, tenantId, ['company', 'business_line']);
    try {
      const job = await startImport(
        server,
        'demo',
        admin,
        IMPORTS,
        csv([
          ['nombre', 'correo', 'empresa', 'líneas de negocio'],
          ['Modulos Apagados', 'modulos@faena.test', '', ''],
          ['Con Empresa', 'con.empresa@faena.test', 'T-TSUR', ''],
          ['Con Linea', 'con.linea@faena.test', '', 'T-LOG'],
        ]),
        'apagados.csv',
      );
      const done = await waitForJob(server, 'demo', admin, IMPORTS, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
      expect(done.status).toBe('VALIDATION_FAILED');
      const rows = await rowsOf(server, 'demo', admin, IMPORTS, job.id);
      expect(rows.map((r) => [r.row, r.operation, r.error_code, r.error_column])).toEqual([
        [2, 'NO_CHANGE', null, null],
        [3, 'ERROR', 'FILE_ROW_MODULE_DISABLED', 'company'],
        [4, 'ERROR', 'FILE_ROW_MODULE_DISABLED', 'business_lines'],
      ]);
    } finally {
      await setDisabledModules(server, tenantId, []);
    }
    const person = await detail(kept!.id);
    expect(person.company?.name).toBe('Transportes Sur');
    expect(person.business_lines.map((line) => line.name)).toEqual(['Logística Test']);
  });

  it('keeps the labels of the phones a person already has (a file has none): the same numbers are no change', async () => {
    const created = await server.api('demo', PERSONS, {
      method: 'POST',
      token: admin,
      json: {
        name: 'Telefonos Etiquetados',
        primary_email: 'etiquetas@faena.test',
        phones: [
          { number: '+56 9 5555 0001', label: 'Móvil' },
          { number: '+56 2 2555 0002', label: 'Oficina' },
        ],
      },
    });
    expect(created.status).toBe(201);
    const { id } = await body<Person>(created);
    const same = await importAll(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['correo', 'nombre', 'teléfonos'],
        ['etiquetas@faena.test', 'Telefonos Etiquetados', '+56955550001; +56 2 2555 0002'],
      ]),
      'mismos.csv',
    );
    expect(same.counts).toMatchObject({ NO_CHANGE: 1, UPDATE: 0 });
    const more = await importAll(
      server,
      'demo',
      admin,
      IMPORTS,
      csv([
        ['correo', 'nombre', 'teléfonos'],
        ['etiquetas@faena.test', 'Telefonos Etiquetados', '+56 2 2555 0002; +56 9 5555 0003'],
      ]),
      'otro.csv',
    );
    expect((await rowsOf(server, 'demo', admin, IMPORTS, more.id)).map((r) => [r.operation, r.changes])).toEqual([['UPDATE', ['phones']]]);
    // the file's numbers in its order; the one the person had keeps its label, the new one has none
    expect((await detail(id)).phones).toEqual([
      { number: '+56225550002', label: 'Oficina' },
      { number: '+56955550003', label: null },
    ]);
  });
});
