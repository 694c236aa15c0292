import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRut } from '@faena/domain';
import { body, engines, seededDemo, type TestServer } from './harness.ts';
import { AUD, csv, importAll, ORG, PERSONS } from './directory.helpers.ts';
import { IMPORTERS, type Importer } from '../src/modules/imports/importer.ts';

/**
 * Files loaded a second time over thousands of rows already there: the monthly re-upload of the
 * people sheet, a store list updated, then cut in half and brought back, a tree of positions or
 * locations renamed. Each lookup of the diff and the apply goes by index under row-level security
 * (values taken out of the JSON before they are compared, statistics refreshed after staging):
 * written as a join or against `data->>…`, these took minutes at 20,000 rows.
 */
describe.each(engines())('imports over existing rows on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  beforeAll(async () => ({ server, admin } = await seededDemo(engine)));
  afterAll(() => server?.close());

  it('5,000 people loaded, renamed, then loaded again unchanged; search finds the new names', async () => {
    const base = `${PERSONS}imports/`;
    const file = (suffix: string) => csv([['nombre', 'correo', 'rut'], ...Array.from({ length: 5000 }, (_, i) => [`Escala ${i} ${suffix}`, `escala${i}@escala.cl`, formatRut(40_000_000 + i)])]);
    expect((await importAll(server, 'demo', admin, base, file('uno'), 'escala.csv')).counts).toMatchObject({ ADD: 5000 });
    expect((await importAll(server, 'demo', admin, base, file('dos'), 'escala.csv')).counts).toMatchObject({ ADD: 0, UPDATE: 5000 });
    expect((await importAll(server, 'demo', admin, base, file('dos'), 'escala.csv')).counts).toMatchObject({ UPDATE: 0, NO_CHANGE: 5000 });
    const found = await body<{ count: number; results: { name: string }[] }>(await server.api('demo', `${PERSONS}?search=${encodeURIComponent('Escala 4321')}`, { token: admin }));
    expect(found.results.map((person) => person.name)).toEqual(['Escala 4321 dos']);
    expect((await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=uno&page_size=1`, { token: admin }))).count).toBe(0);
  });

  it('5,000 stores updated, half of them deleted by a replace, then brought back', async () => {
    const base = `${ORG}/imports/stores/`;
    const rows = (from: number, to: number, name: string) => Array.from({ length: to - from }, (_, i) => [`ESC${from + i}`, `${name} ${from + i}`]);
    expect((await importAll(server, 'demo', admin, base, csv([['code', 'name'], ...rows(0, 5000, 'Tienda')]), 'tiendas.csv')).counts).toMatchObject({ ADD: 5000 });
    expect((await importAll(server, 'demo', admin, base, csv([['code', 'name'], ...rows(0, 5000, 'Local')]), 'tiendas.csv')).counts).toMatchObject({ UPDATE: 5000 });
    const replaced = await importAll(server, 'demo', admin, base, csv([['code', 'name'], ...rows(0, 2500, 'Local')]), 'tiendas.csv', 'replace');
    expect(replaced.counts.NO_CHANGE).toBe(2500);
    expect(replaced.counts.DELETE).toBeGreaterThanOrEqual(2500); // and the demo's own stores
    expect((await importAll(server, 'demo', admin, base, csv([['code', 'name'], ...rows(0, 5000, 'Local')]), 'tiendas.csv')).counts).toMatchObject({ UNDELETE: 2500, NO_CHANGE: 2500 });
  });

  it('a tree of 2,500 positions and one of 3,000 locations, each renamed in a second load', async () => {
    const positions = `${AUD}/positions/imports/`;
    const chart = (suffix: string) =>
      csv([['code', 'title', 'parents'], ...Array.from({ length: 2500 }, (_, i) => [`ESC-P${i}`, `Cargo ${i} ${suffix}`, i === 0 ? '' : `ESC-P${Math.floor((i - 1) / 3)}`])]);
    expect((await importAll(server, 'demo', admin, positions, chart('a'), 'cargos.csv')).counts).toMatchObject({ ADD: 2500 });
    expect((await importAll(server, 'demo', admin, positions, chart('b'), 'cargos.csv')).counts).toMatchObject({ UPDATE: 2500 });
    const parents = await body<{ count: number }>(await server.api('demo', `${AUD}/positions/?search=${encodeURIComponent('Cargo 2499 b')}`, { token: admin }));
    expect(parents.count).toBe(1);
    const locations = `${ORG}/imports/locations/`;
    const places = (suffix: string) =>
      csv([['code', 'name', 'parent'], ...Array.from({ length: 3000 }, (_, i) => [`ESC-L${i}`, `Lugar ${i} ${suffix}`, i === 0 ? '' : `ESC-L${Math.floor((i - 1) / 4)}`])]);
    expect((await importAll(server, 'demo', admin, locations, places('a'), 'lugares.csv')).counts).toMatchObject({ ADD: 3000 });
    expect((await importAll(server, 'demo', admin, locations, places('b'), 'lugares.csv')).counts).toMatchObject({ UPDATE: 3000 });
  });

  it('an apply writes in ranges of staged rows on PGlite, with turns of the event loop between them; in one statement per write on PostgreSQL', async () => {
    const people = IMPORTERS.get('people') as Importer<unknown>;
    const original = people.apply;
    // the engine's own inRanges, watched: which ranges each write got, and how far a setImmediate ticker had come
    let ticks = 0;
    let ticking = true;
    const tick = () => {
      ticks += 1;
      if (ticking) setImmediate(tick);
    };
    const writes: number[][] = []; // per write, the ticker's count at each of its ranges
    people.apply = (tx, ctx, counts) => {
      const inRanges: typeof ctx.inRanges = (t, write) => {
        const ranges: number[] = [];
        writes.push(ranges);
        return ctx.inRanges(t, (rows) => {
          ranges.push(ticks);
          return write(rows);
        });
      };
      return original(tx, { ...ctx, inRanges }, counts);
    };
    try {
      setImmediate(tick);
      const file = csv([['nombre', 'correo'], ...Array.from({ length: 4500 }, (_, i) => [`Rango ${i}`, `rango${i}@rango.cl`])]);
      expect((await importAll(server, 'demo', admin, `${PERSONS}imports/`, file, 'rangos.csv')).counts).toMatchObject({ ADD: 4500 });
    } finally {
      ticking = false;
      people.apply = original;
    }
    expect(writes.length).toBeGreaterThan(1);
    for (const ranges of writes) {
      if (engine === 'pglite') {
        // 4,500 staged rows: 1–2,000, 2,001–4,000, 4,001–6,000, and the loop turned between each two
        expect(ranges).toHaveLength(3);
        expect(ranges[1]!).toBeGreaterThan(ranges[0]!);
        expect(ranges[2]!).toBeGreaterThan(ranges[1]!);
      } else {
        expect(ranges).toHaveLength(1);
      }
    }
    const found = await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=${encodeURIComponent('rango4499@rango.cl')}`, { token: admin }));
    expect(found.count).toBe(1);
  });

  // PGlite is one connection on the server's thread: there the rest waits for the apply (decision 008)
  it.runIf(engine === 'postgres')('on PostgreSQL the rest of the tenant does not wait behind an apply: while its transaction is open, people are listed, searched, created and edited', async () => {
    const people = IMPORTERS.get('people') as Importer<unknown>;
    const original = people.apply;
    let held!: () => void;
    const holding = new Promise<void>((resolve) => (held = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    // every write of the apply done, its transaction (and the row locks of what it wrote) still open
    people.apply = async (tx, ctx, counts) => {
      await original(tx, ctx, counts);
      held();
      await released;
    };
    const file = csv([['nombre', 'correo'], ...Array.from({ length: 2000 }, (_, i) => [`Espera ${i}`, `espera${i}@espera.cl`])]);
    const importing = importAll(server, 'demo', admin, `${PERSONS}imports/`, file, 'espera.csv');
    try {
      // an import that ends (or fails) before its apply is held says so instead of waiting forever
      await Promise.race([holding, importing.then((job) => Promise.reject(new Error(`the import ended unheld: ${JSON.stringify(job)}`)))]);
      const list = await server.api('demo', `${PERSONS}?page_size=5`, { token: admin });
      expect(list.status).toBe(200);
      const search = await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=Espera`, { token: admin }));
      expect(search.count).toBe(0); // nothing of the import shows before it commits
      expect((await server.api('demo', '/api/auth/v3/me', { token: admin })).status).toBe(200);
      const created = await server.api('demo', PERSONS, { method: 'POST', token: admin, json: { name: 'Llega Mientras', primary_email: 'llega.mientras@faena.test' } });
      expect(created.status, await created.clone().text()).toBe(201);
      const { id } = await body<{ id: string }>(created);
      expect((await server.api('demo', `${PERSONS}${id}/`, { method: 'PATCH', token: admin, json: { name: 'Llegó Mientras' } })).status).toBe(200);
    } finally {
      release();
      people.apply = original;
    }
    expect((await importing).counts).toMatchObject({ ADD: 2000 });
    expect((await body<{ count: number }>(await server.api('demo', `${PERSONS}?search=Espera`, { token: admin }))).count).toBe(2000);
  });
});
