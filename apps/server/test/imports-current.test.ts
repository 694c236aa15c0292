import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { ALL_CATALOGS } from '@faena/contracts';
import { body, DEMO_PASSWORD, engines, seededDemo, signIn, type TestServer } from './harness.ts';
import { AUD, ORG, RES, rowsOf, startImport, waitForJob } from './directory.helpers.ts';

interface Kinds {
  kinds: { kind: string; has_current: boolean; columns: { name: string; header_es: string }[] }[];
}

/**
 * The current records of every import family but people, as the file its import reads: the
 * header is the kind's columns (their Spanish headers, or their names with `language=en`), references are codes, and the file uploaded again changes nothing.
 */
describe.each(engines())('current records as an import file on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let operario: string;
  let norteAdmin: string;
  let kinds: Kinds['kinds'];
  let regions: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
    norteAdmin = (await signIn(server, 'demo-norte', 'admin@norte.test', DEMO_PASSWORD)).id_token;
    kinds = (await body<Kinds>(await server.api('demo', `${RES}/imports/kinds`, { token: admin }))).kinds;
    const sources = await body<{ results: { id: string; name: string }[] }>(await server.api('demo', `${RES}/data-sources/`, { token: admin }));
    regions = sources.results.find((source) => source.name === 'Regiones de Chile')!.id;
  });
  afterAll(() => server?.close());

  const download = async (base: string, token = admin, subdomain = 'demo', query = '') => {
    const response = await server.api(subdomain, `${base}current.csv${query}`, { token });
    const bytes = Buffer.from(await response.arrayBuffer());
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      disposition: response.headers.get('content-disposition'),
      bom: bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])),
      text: bytes.toString('utf8'),
    };
  };
  const table = (text: string) => Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

  const families = (): [string, string][] => [
    ...ALL_CATALOGS.map((catalog): [string, string] => [catalog, `${ORG}/imports/${catalog}/`]),
    ['positions', `${AUD}/positions/imports/`],
    ['data-source-rows', `${RES}/data-sources/${regions}/imports/`],
  ];

  it('every catalogue, the positions and a data source: their import’s columns in Spanish or English, and uploaded again every row is NO_CHANGE', async () => {
    for (const [kind, base] of families()) {
      const columns = kinds.find((candidate) => candidate.kind === kind)!.columns;
      expect(kinds.find((candidate) => candidate.kind === kind)?.has_current, kind).toBe(true);
      for (const [query, headers] of [
        ['', columns.map((column) => column.header_es)],
        ['?language=en', columns.map((column) => column.name)],
      ] as const) {
        const file = await download(base, admin, 'demo', query);
        expect(file.status, kind).toBe(200);
        expect(file.type).toBe('text/csv; charset=utf-8');
        expect(file.disposition).toMatch(new RegExp(`^attachment; filename="${kind}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
        expect(file.bom, `${kind}: a BOM, so a spreadsheet reads the accents`).toBe(true);
        const [header, ...rows] = table(file.text);
        expect(header, `${kind}${query}`).toEqual(headers);
        expect(rows.length, `${kind} has demo records`).toBeGreaterThan(0);

        const job = await startImport(server, 'demo', admin, base, Buffer.from(file.text, 'utf8'), `${kind}.csv`);
        const validated = await waitForJob(server, 'demo', admin, base, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
        const changed = (await rowsOf(server, 'demo', admin, base, job.id)).filter((row) => row.operation !== 'NO_CHANGE');
        expect(changed, `${kind}${query}`).toEqual([]);
        expect(validated, `${kind}${query}`).toMatchObject({ status: 'VALIDATION_OK', counts: { NO_CHANGE: rows.length, ADD: 0, UPDATE: 0, DELETE: 0, UNDELETE: 0, ERROR: 0 } });
        expect((await server.api('demo', `${base}${job.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
      }
    }
    expect((await download(families()[0]![1], admin, 'demo', '?language=fr')).status).toBe(400);
    expect(kinds.find((candidate) => candidate.kind === 'people')?.has_current).toBe(false);
    expect((await download(`${AUD}/persons/imports/`)).status).toBe(404);
  });

  it('names references by code, joins lists with ;, leaves out deleted records and keeps formulas from running', async () => {
    const post = async (path: string, json: unknown) => body<{ id: string }>(await server.api('demo', path, { method: 'POST', token: admin, json }));
    const line = await post(`${ORG}/business-lines/`, { name: 'Outlets', code: 'OUT' });
    const small = await post(`${ORG}/venue-categories/`, { name: 'Pequeña', code: 'CAT-S' });
    const unnamed = await post(`${ORG}/venue-categories/`, { name: 'Sin código' });
    await post(`${ORG}/venues/`, {
      name: 'Outlet Sur',
      code: 'OS-1',
      business_line: line.id,
      categories: [unnamed.id, small.id],
      gla: 850.5,
      country: 'CL',
      timezone: 'America/Santiago',
      legacy_id: 7,
    });
    const gone = await post(`${ORG}/venues/`, { name: 'Cerrada', code: 'OS-X' });
    expect((await server.api('demo', `${ORG}/venues/${gone.id}/`, { method: 'DELETE', token: admin })).status).toBe(204);
    const venues = table((await download(`${ORG}/imports/venues/`)).text);
    const outlet = venues.find((row) => row[0] === 'OS-1');
    expect(outlet).toEqual(['OS-1', 'Outlet Sur', '', '', 'OUT', 'CL', 'America/Santiago', '850.5', 'Sin código;CAT-S', '7', '']);
    expect(venues.some((row) => row[0] === 'OS-X')).toBe(false);

    const rows = `${RES}/data-sources/${regions}/rows/`;
    await post(rows, { key: 'ZZ', label: '=HYPERLINK("http://x.test")' });
    await post(rows, { key: 'ZY', label: '+ grande' });
    const regionsFile = table((await download(`${RES}/data-sources/${regions}/imports/`)).text);
    expect(regionsFile.find((row) => row[0] === 'ZZ')).toEqual(['ZZ', `'=HYPERLINK("http://x.test")`]);
    expect(regionsFile.find((row) => row[0] === 'ZY')).toEqual(['ZY', `'+ grande`]);
  });

  it('asks the import family’s permission and sees only the caller’s organisation', async () => {
    expect((await download(`${ORG}/imports/venues/`, operario)).status).toBe(403);
    expect((await download(`${AUD}/positions/imports/`, operario)).status).toBe(403);
    expect((await download(`${RES}/data-sources/${regions}/imports/`, operario)).status).toBe(403);
    // another organisation's data source does not exist for this one
    expect((await download(`${RES}/data-sources/${regions}/imports/`, norteAdmin, 'demo-norte')).status).toBe(404);
    const norteVenues = table((await download(`${ORG}/imports/venues/`, norteAdmin, 'demo-norte')).text);
    const demoCodes = new Set(
      table((await download(`${ORG}/imports/venues/`)).text)
        .slice(1)
        .map((row) => row[0]),
    );
    expect(norteVenues.slice(1).some((row) => demoCodes.has(row[0]))).toBe(false);
  });
});
