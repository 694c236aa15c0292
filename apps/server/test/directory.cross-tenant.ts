import { expect } from 'vitest';
import { body, type TestServer } from './harness.ts';
import { AUD, csv, PERSONS, uploadFile, waitForJob, type ImportJob } from './directory.helpers.ts';

/**
 * The cross-tenant table's entries for the directory's routes under /api/audiences/
 * (cross-tenant.test.ts). Tenant A is `demo`, B is `demo-norte`; each check makes what it needs
 * in B through B's own API, then shows that A can neither see nor change it, and that B's token
 * is refused on A's host.
 */
export interface DirectoryFixture {
  a: { id: string; admin: { id_token: string } };
  b: { id: string; admin: { id_token: string }; personId: string; passport: string };
}
type Check = (server: TestServer, f: DirectoryFixture) => Promise<void>;

const POSITIONS = `${AUD}/positions/`;
const AUDIENCES = `${AUD}/audiences/`;
const EXPORTS = `${PERSONS}exports/`;
const PERSON_IMPORTS = `${PERSONS}imports/`;
const POSITION_IMPORTS = `${POSITIONS}imports/`;
const NOBODY = '00000000-0000-4000-8000-000000000000';
/** Positions are read by the chart and by every position picker of the people screens. */
const POSITION_READERS = ['VIEW_ORG_CHART', 'MANAGE_ORG_CHART', 'VIEW_PEOPLE', 'MANAGE_PEOPLE'];

const memo = new WeakMap<TestServer, Map<string, Promise<unknown>>>();
function once<T>(server: TestServer, key: string, make: () => Promise<T>): Promise<T> {
  let map = memo.get(server);
  if (!map) memo.set(server, (map = new Map()));
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as Promise<T>;
}

const expectMismatch = async (response: Response) => {
  expect(response.status).toBe(403);
  expect(await body(response)).toEqual({ code: 'tenant-mismatch', detail: 'Tenant in token is not valid' });
};
const a = (f: DirectoryFixture) => f.a.admin.id_token;
const b = (f: DirectoryFixture) => f.b.admin.id_token;

async function json<T>(response: Response, status: number): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return body<T>(response);
}

const bPosition = (server: TestServer, f: DirectoryFixture) =>
  once(server, 'position', async () =>
    json<{ id: string }>(await server.api('demo-norte', POSITIONS, { method: 'POST', token: b(f), json: { title: 'Jefe de turno B', people: [f.b.personId] } }), 201),
  );
const bAudience = (server: TestServer, f: DirectoryFixture) =>
  once(server, 'audience', async () =>
    json<{ id: string }>(await server.api('demo-norte', AUDIENCES, { method: 'POST', token: b(f), json: { name: 'Turno B', rules: { persons: [f.b.personId] } } }), 201),
  );
const bExport = (server: TestServer, f: DirectoryFixture) =>
  once(server, 'export', async () => {
    const created = await json<{ id: string }>(await server.api('demo-norte', EXPORTS, { method: 'POST', token: b(f), json: { format: 'csv' } }), 202);
    for (let i = 0; i < 200; i++) {
      const now = await json<{ status: string }>(await server.api('demo-norte', `${EXPORTS}${created.id}/`, { token: b(f) }), 200);
      if (now.status === 'DONE') return created;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('B export did not finish');
  });
const bUpload = (server: TestServer, f: DirectoryFixture) =>
  once(server, 'upload', () =>
    uploadFile(
      server,
      'demo-norte',
      b(f),
      csv([
        ['email', 'name'],
        ['nuevo@norte.test', 'Nuevo Norte'],
      ]),
      'norte.csv',
    ),
  );
/** A validated (not applied) job of B in an import family. */
const bJob = (server: TestServer, f: DirectoryFixture, base: string, file: Buffer) =>
  once(server, `job:${base}`, async () => {
    const uploadId = await uploadFile(server, 'demo-norte', b(f), file, 'b.csv');
    const job = await json<ImportJob>(await server.api('demo-norte', base, { method: 'POST', token: b(f), json: { upload_id: uploadId } }), 201);
    return waitForJob(server, 'demo-norte', b(f), base, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
  });
const bPersonJob = (server: TestServer, f: DirectoryFixture) =>
  bJob(
    server,
    f,
    PERSON_IMPORTS,
    csv([
      ['email', 'name'],
      ['importada@norte.test', 'Importada Norte'],
    ]),
  );
const bPositionJob = (server: TestServer, f: DirectoryFixture) =>
  bJob(
    server,
    f,
    POSITION_IMPORTS,
    csv([
      ['code', 'title'],
      ['B-1', 'Cargo B'],
    ]),
  );

/**
 * The routes of an import family, checked against B's validated job; with `current`, also its
 * current records as a file, checked against a record B made (its code in the file's first column).
 */
function importFamily(
  base: string,
  access: string[],
  job: (server: TestServer, f: DirectoryFixture) => Promise<ImportJob>,
  current?: (server: TestServer, f: DirectoryFixture) => Promise<string>,
): Record<string, { access: readonly string[]; check: Check }> {
  const at = (server: TestServer, f: DirectoryFixture) => job(server, f);
  const url = base;
  return {
    ...(current
      ? {
          [`GET ${url}current.csv`]: {
            access,
            check: async (server: TestServer, f: DirectoryFixture) => {
              const theirs = await current(server, f);
              await expectMismatch(await server.api('demo', `${base}current.csv`, { token: b(f) }));
              const ours = await server.api('demo', `${base}current.csv`, { token: a(f) });
              expect(ours.status).toBe(200);
              expect((await ours.text()).split('\r\n').map((line) => line.split(',')[0])).not.toContain(theirs);
              const file = await server.api('demo-norte', `${base}current.csv`, { token: b(f) });
              expect(file.status).toBe(200);
              expect((await file.text()).split('\r\n').map((line) => line.split(',')[0])).toContain(theirs);
            },
          },
        }
      : {}),
    [`GET ${url}`]: {
      access,
      check: async (server, f) => {
        const theirs = await at(server, f);
        await expectMismatch(await server.api('demo', base, { token: b(f) }));
        const ours = await json<{ results: { id: number }[] }>(await server.api('demo', `${base}?page_size=200`, { token: a(f) }), 200);
        expect(ours.results.map((j) => j.id)).not.toContain(theirs.id);
      },
    },
    [`POST ${url}`]: {
      access,
      check: async (server, f) => {
        // B's stored file is not reachable from A: A's job fails FILE_NOT_REACHABLE, B is untouched
        const theirs = await bUpload(server, f);
        await expectMismatch(await server.api('demo', base, { method: 'POST', token: b(f), json: { upload_id: theirs } }));
        const job = await json<ImportJob>(await server.api('demo', base, { method: 'POST', token: a(f), json: { upload_id: theirs } }), 201);
        const ended = await waitForJob(server, 'demo', a(f), base, job.id, ['VALIDATION_FAILED', 'VALIDATION_OK']);
        expect(ended).toMatchObject({ status: 'VALIDATION_FAILED', error_code: 'FILE_NOT_REACHABLE' });
      },
    },
    [`GET ${url}:jobId/`]: {
      access,
      check: async (server, f) => {
        const theirs = await at(server, f);
        expect((await server.api('demo', `${base}${theirs.id}/`, { token: a(f) })).status).toBe(404);
        await expectMismatch(await server.api('demo', `${base}${theirs.id}/`, { token: b(f) }));
        expect((await server.api('demo-norte', `${base}${theirs.id}/`, { token: b(f) })).status).toBe(200);
      },
    },
    [`GET ${url}:jobId/rows/`]: {
      access,
      check: async (server, f) => {
        const theirs = await at(server, f);
        expect((await server.api('demo', `${base}${theirs.id}/rows/`, { token: a(f) })).status).toBe(404);
        expect((await json<{ count: number }>(await server.api('demo-norte', `${base}${theirs.id}/rows/`, { token: b(f) }), 200)).count).toBeGreaterThan(0);
      },
    },
    [`GET ${url}:jobId/rows.csv`]: {
      access,
      check: async (server, f) => {
        const theirs = await at(server, f);
        expect((await server.api('demo', `${base}${theirs.id}/rows.csv`, { token: a(f) })).status).toBe(404);
        await expectMismatch(await server.api('demo', `${base}${theirs.id}/rows.csv`, { token: b(f) }));
        const file = await server.api('demo-norte', `${base}${theirs.id}/rows.csv`, { token: b(f) });
        expect(file.status).toBe(200);
        expect((await file.text()).split('\r\n').length).toBeGreaterThan(2);
      },
    },
    [`POST ${url}:jobId/apply`]: {
      access,
      check: async (server, f) => {
        const theirs = await at(server, f);
        expect((await server.api('demo', `${base}${theirs.id}/apply`, { method: 'POST', token: a(f) })).status).toBe(404);
        expect(await json<ImportJob>(await server.api('demo-norte', `${base}${theirs.id}/`, { token: b(f) }), 200)).toMatchObject({ status: theirs.status, applied_at: null });
      },
    },
    [`DELETE ${url}:jobId/`]: {
      access,
      check: async (server, f) => {
        const theirs = await at(server, f);
        expect((await server.api('demo', `${base}${theirs.id}/`, { method: 'DELETE', token: a(f) })).status).toBe(404);
        await expectMismatch(await server.api('demo', `${base}${theirs.id}/`, { method: 'DELETE', token: b(f) }));
        expect((await server.api('demo-norte', `${base}${theirs.id}/`, { token: b(f) })).status).toBe(200);
      },
    },
  };
}

export const DIRECTORY_ROUTES: Record<string, { access: readonly string[] | { anyOf: readonly string[] }; check: Check }> = {
  'GET /api/audiences/v3/persons/me/': {
    access: [],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${PERSONS}me/`, { token: b(f) }));
      const me = await json<{ id: string }>(await server.api('demo', `${PERSONS}me/`, { token: a(f) }), 200);
      expect(me.id).not.toBe(f.b.personId);
    },
  },
  'GET /api/audiences/v3/persons/me/team/': {
    access: [],
    check: async (server, f) => {
      await expectMismatch(await server.api('demo', `${PERSONS}me/team/`, { token: b(f) }));
      const team = await json<{ managers: { people: { id: string }[] }[]; reports: { people: { id: string }[] } }>(await server.api('demo', `${PERSONS}me/team/`, { token: a(f) }), 200);
      expect([...team.managers.flatMap((manager) => manager.people), ...team.reports.people].map((person) => person.id)).not.toContain(f.b.personId);
      expect((await server.api('demo-norte', `${PERSONS}me/team/`, { token: b(f) })).status).toBe(200);
    },
  },
  'GET /api/audiences/v3/persons/by-passport/:passport/': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}by-passport/${f.b.passport}/`, { token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}by-passport/${f.b.passport}/`, { token: b(f) }));
      expect((await server.api('demo-norte', `${PERSONS}by-passport/${f.b.passport}/`, { token: b(f) })).status).toBe(200);
    },
  },
  'PATCH /api/audiences/v3/persons/:id/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/`, { method: 'PATCH', token: a(f), json: { name: 'Cambiado desde A' } })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/`, { method: 'PATCH', token: b(f), json: { name: 'x' } }));
      // B's position can neither be given to one of A's people nor taken from B's person from A
      const theirPosition = await json<{ id: string }>(await server.api('demo-norte', POSITIONS, { method: 'POST', token: b(f), json: { title: 'Cargo B sin gente' } }), 201);
      const mine = await json<{ id: string }>(await server.api('demo', PERSONS, { method: 'POST', token: a(f), json: { name: 'Persona de A sin cargo' } }), 201);
      const given = await server.api('demo', `${PERSONS}${mine.id}/`, { method: 'PATCH', token: a(f), json: { positions_added: [theirPosition.id] } });
      expect(await json(given, 400)).toMatchObject({ reasons: { positions_added: 'unknown-reference' } });
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/`, { method: 'PATCH', token: a(f), json: { positions_removed: [theirPosition.id] } })).status).toBe(404);
      expect(await json(await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: b(f) }), 200)).toMatchObject({ name: 'Rodrigo Alvarado' });
    },
  },
  'POST /api/audiences/v3/persons/bulk-status': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      // B's person named from A: reported as not found, and still enabled in B
      const answer = await json<{ changed: string[]; not_found: string[] }>(
        await server.api('demo', `${PERSONS}bulk-status`, { method: 'POST', token: a(f), json: { person_ids: [f.b.personId], disabled: true } }),
        200,
      );
      expect(answer).toMatchObject({ changed: [], not_found: [f.b.personId] });
      await expectMismatch(await server.api('demo', `${PERSONS}bulk-status`, { method: 'POST', token: b(f), json: { person_ids: [f.b.personId], disabled: true } }));
      expect(await json(await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: b(f) }), 200)).toMatchObject({ is_disabled: false });
    },
  },
  'POST /api/audiences/v3/persons/bulk-position': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      // B's person named from A with A's position: not found; B's position is unknown in A
      const position = await json<{ id: string }>(await server.api('demo', POSITIONS, { method: 'POST', token: a(f), json: { title: 'Cargo de A para lote' } }), 201);
      const answer = await json<{ changed: string[]; not_found: string[] }>(
        await server.api('demo', `${PERSONS}bulk-position`, { method: 'POST', token: a(f), json: { person_ids: [f.b.personId], position_id: position.id, action: 'add' } }),
        200,
      );
      expect(answer).toMatchObject({ changed: [], not_found: [f.b.personId] });
      const bPosition = await json<{ id: string }>(await server.api('demo-norte', POSITIONS, { method: 'POST', token: b(f), json: { title: 'Cargo de B' } }), 201);
      expect((await server.api('demo', `${PERSONS}bulk-position`, { method: 'POST', token: a(f), json: { person_ids: [f.b.personId], position_id: bPosition.id, action: 'add' } })).status).toBe(400);
      await expectMismatch(await server.api('demo', `${PERSONS}bulk-position`, { method: 'POST', token: b(f), json: { person_ids: [f.b.personId], position_id: bPosition.id, action: 'add' } }));
      expect(await json(await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: b(f) }), 200)).toMatchObject({ positions: [] });
    },
  },
  'POST /api/audiences/v3/persons/:id/password-reset': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/password-reset`, { method: 'POST', token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/password-reset`, { method: 'POST', token: b(f) }));
    },
  },
  'POST /api/audiences/v3/persons/bulk-invite': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      // B's person named from A: not found, and nobody in B is invited
      const answer = await json<{ invited: string[]; not_found: string[] }>(
        await server.api('demo', `${PERSONS}bulk-invite`, { method: 'POST', token: a(f), json: { person_ids: [f.b.personId] } }),
        200,
      );
      expect(answer).toMatchObject({ invited: [], not_found: [f.b.personId] });
      await expectMismatch(await server.api('demo', `${PERSONS}bulk-invite`, { method: 'POST', token: b(f), json: { person_ids: [f.b.personId] } }));
      expect(await json(await server.api('demo-norte', `${PERSONS}${f.b.personId}/credential-status/`, { token: b(f) }), 200)).not.toMatchObject({ status: 'INVITED' });
    },
  },
  'GET /api/audiences/v3/persons/:id/team/': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/team/`, { token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/team/`, { token: b(f) }));
      expect(await json<{ reports: { count: number } }>(await server.api('demo-norte', `${PERSONS}${f.b.personId}/team/`, { token: b(f) }), 200)).toMatchObject({
        reports: { count: expect.any(Number) },
      });
    },
  },
  'GET /api/audiences/v3/persons/:id/audiences/': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      const audience = await bAudience(server, f);
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/audiences/`, { token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/audiences/`, { token: b(f) }));
      // B's person is in B's audience, for B
      const theirs = await json<{ results: unknown[] }>(await server.api('demo-norte', `${PERSONS}${f.b.personId}/audiences/`, { token: b(f) }), 200);
      expect(theirs.results).toContainEqual({ id: audience.id, name: 'Turno B', matched_by: ['person'] });
    },
  },
  'GET /api/audiences/v3/persons/:id/history/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/history/`, { token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/history/`, { token: b(f) }));
      // B's own history is there for B
      expect(await json<{ count: number }>(await server.api('demo-norte', `${PERSONS}${f.b.personId}/history/`, { token: b(f) }), 200)).toMatchObject({ count: expect.any(Number) });
    },
  },
  'GET /api/audiences/v3/persons/:id/credential-status/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/credential-status/`, { token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/credential-status/`, { token: b(f) }));
      expect(await json(await server.api('demo-norte', `${PERSONS}${f.b.personId}/credential-status/`, { token: b(f) }), 200)).toMatchObject({ status: expect.any(String) });
    },
  },
  'POST /api/audiences/v3/persons/:id/sign-out-everywhere': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      // A cannot close B's admin's sessions: B's token keeps working
      const bAdmin = await json<{ id: string }>(await server.api('demo-norte', `${PERSONS}me/`, { token: b(f) }), 200);
      expect((await server.api('demo', `${PERSONS}${bAdmin.id}/sign-out-everywhere`, { method: 'POST', token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${bAdmin.id}/sign-out-everywhere`, { method: 'POST', token: b(f) }));
      expect((await server.api('demo-norte', `${PERSONS}me/`, { token: b(f) })).status).toBe(200);
    },
  },
  'POST /api/audiences/v3/persons/:id/disable': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/disable`, { method: 'POST', token: a(f) })).status).toBe(404);
      expect(await json(await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: b(f) }), 200)).toMatchObject({ is_disabled: false });
    },
  },
  'POST /api/audiences/v3/persons/:id/enable': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/enable`, { method: 'POST', token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/enable`, { method: 'POST', token: b(f) }));
    },
  },
  'POST /api/audiences/v3/persons/:id/invite': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${PERSONS}${f.b.personId}/invite`, { method: 'POST', token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${PERSONS}${f.b.personId}/invite`, { method: 'POST', token: b(f) }));
    },
  },
  'GET /api/audiences/v3/persons/exports/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bExport(server, f);
      await expectMismatch(await server.api('demo', EXPORTS, { token: b(f) }));
      const ours = await json<{ results: { id: string }[] }>(await server.api('demo', `${EXPORTS}?page_size=200`, { token: a(f) }), 200);
      expect(ours.results.map((e) => e.id)).not.toContain(theirs.id);
    },
  },
  'POST /api/audiences/v3/persons/exports/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      await bExport(server, f);
      const before = (await json<{ count: number }>(await server.api('demo-norte', EXPORTS, { token: b(f) }), 200)).count;
      await expectMismatch(await server.api('demo', EXPORTS, { method: 'POST', token: b(f), json: { format: 'csv' } }));
      await json(await server.api('demo', EXPORTS, { method: 'POST', token: a(f), json: { format: 'csv' } }), 202);
      expect((await json<{ count: number }>(await server.api('demo-norte', EXPORTS, { token: b(f) }), 200)).count).toBe(before);
    },
  },
  'GET /api/audiences/v3/persons/exports/:id/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bExport(server, f);
      expect((await server.api('demo', `${EXPORTS}${theirs.id}/`, { token: a(f) })).status).toBe(404);
      expect((await server.api('demo-norte', `${EXPORTS}${theirs.id}/`, { token: b(f) })).status).toBe(200);
    },
  },
  'GET /api/audiences/v3/persons/exports/:id/download': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bExport(server, f);
      expect((await server.api('demo', `${EXPORTS}${theirs.id}/download`, { token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${EXPORTS}${theirs.id}/download`, { token: b(f) }));
      const file = await server.api('demo-norte', `${EXPORTS}${theirs.id}/download`, { token: b(f) });
      expect(file.status).toBe(200);
      expect(await file.text()).toContain('Rodrigo Alvarado');
    },
  },
  ...importFamily(PERSON_IMPORTS, ['MANAGE_PEOPLE'], bPersonJob),
  'GET /api/audiences/v3/org-chart/': {
    access: { anyOf: ['VIEW_ORG_CHART', 'MANAGE_ORG_CHART'] },
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      await expectMismatch(await server.api('demo', `${AUD}/org-chart/`, { token: b(f) }));
      const chart = await json<{ organization_id: string; nodes: { id: string }[] }>(await server.api('demo', `${AUD}/org-chart/`, { token: a(f) }), 200);
      expect(chart.organization_id).toBe(f.a.id);
      expect(chart.nodes.map((n) => n.id)).not.toContain(theirs.id);
    },
  },
  'GET /api/audiences/v3/positions/': {
    access: { anyOf: POSITION_READERS },
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      const ours = await json<{ results: { id: string }[] }>(await server.api('demo', `${POSITIONS}?page_size=200`, { token: a(f) }), 200);
      expect(ours.results.map((p) => p.id)).not.toContain(theirs.id);
      await expectMismatch(await server.api('demo', POSITIONS, { token: b(f) }));
    },
  },
  'POST /api/audiences/v3/positions/': {
    access: ['MANAGE_ORG_CHART'],
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      // B's position cannot be a parent in A, nor B's person a holder
      const response = await server.api('demo', POSITIONS, { method: 'POST', token: a(f), json: { title: 'Intruso', parents: [theirs.id], people: [f.b.personId] } });
      expect(response.status).toBe(400);
      expect(Object.keys((await body<{ errors: Record<string, string[]> }>(response)).errors).sort()).toEqual(['parents', 'people']);
    },
  },
  ...importFamily(POSITION_IMPORTS, ['MANAGE_ORG_CHART'], bPositionJob, async (server, f) => {
    await json(await server.api('demo-norte', POSITIONS, { method: 'POST', token: b(f), json: { title: 'Solo en B', code: 'SOLO-B' } }), 201);
    return 'SOLO-B';
  }),
  'GET /api/audiences/v3/positions/:id/': {
    access: { anyOf: POSITION_READERS },
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      expect((await server.api('demo', `${POSITIONS}${theirs.id}/`, { token: a(f) })).status).toBe(404);
      expect((await server.api('demo-norte', `${POSITIONS}${theirs.id}/`, { token: b(f) })).status).toBe(200);
    },
  },
  'PATCH /api/audiences/v3/positions/:id/': {
    access: ['MANAGE_ORG_CHART'],
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      expect((await server.api('demo', `${POSITIONS}${theirs.id}/`, { method: 'PATCH', token: a(f), json: { title: 'Cambiado' } })).status).toBe(404);
      expect((await server.api('demo', `${POSITIONS}${theirs.id}/`, { method: 'PATCH', token: a(f), json: { people_removed: [f.b.personId] } })).status).toBe(404);
      expect(await json(await server.api('demo-norte', `${POSITIONS}${theirs.id}/`, { token: b(f) }), 200)).toMatchObject({
        title: 'Jefe de turno B',
        people: [expect.objectContaining({ id: f.b.personId })],
      });
    },
  },
  'DELETE /api/audiences/v3/positions/:id/': {
    access: ['MANAGE_ORG_CHART'],
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      expect((await server.api('demo', `${POSITIONS}${theirs.id}/`, { method: 'DELETE', token: a(f) })).status).toBe(404);
      await expectMismatch(await server.api('demo', `${POSITIONS}${theirs.id}/`, { method: 'DELETE', token: b(f) }));
      expect((await server.api('demo-norte', `${POSITIONS}${theirs.id}/`, { token: b(f) })).status).toBe(200);
    },
  },
  'GET /api/audiences/v3/audiences/': {
    access: [],
    check: async (server, f) => {
      const theirs = await bAudience(server, f);
      const ours = await json<{ results: { id: string }[] }>(await server.api('demo', `${AUDIENCES}?page_size=200`, { token: a(f) }), 200);
      expect(ours.results.map((x) => x.id)).not.toContain(theirs.id);
      await expectMismatch(await server.api('demo', AUDIENCES, { token: b(f) }));
    },
  },
  'GET /api/audiences/v3/person-options/': {
    access: [],
    check: async (server, f) => {
      const theirs = await json<{ name: string }>(await server.api('demo-norte', `${PERSONS}${f.b.personId}/`, { token: b(f) }), 200);
      const options = (query: string) => server.api('demo', `${AUD}/person-options/?${query}`, { token: a(f) });
      expect(await json(await options(`ids=${f.b.personId}`), 200)).toEqual({ results: [], more: false });
      const found = await json<{ results: { id: string }[] }>(await options(`search=${encodeURIComponent(theirs.name)}&page_size=50`), 200);
      expect(found.results.map((p) => p.id)).not.toContain(f.b.personId);
      expect((await options(`audience=${(await bAudience(server, f)).id}`)).status).toBe(404);
      // the title of a position only the other organisation has finds its holder there, never here (picker or list)
      await bPosition(server, f);
      const ids = async (response: Response) => (await json<{ results: { id: string }[] }>(response, 200)).results.map((p) => p.id);
      expect(await ids(await options('search=jefe%20turno%20b&page_size=50'))).not.toContain(f.b.personId);
      expect(await ids(await server.api('demo', `${PERSONS}?search=jefe%20turno%20b&page_size=200`, { token: a(f) }))).not.toContain(f.b.personId);
      expect(await ids(await server.api('demo-norte', `${AUD}/person-options/?search=jefe%20turno%20b`, { token: b(f) }))).toContain(f.b.personId);
      await expectMismatch(await server.api('demo', `${AUD}/person-options/`, { token: b(f) }));
      expect((await json<{ results: { id: string }[] }>(await server.api('demo-norte', `${AUD}/person-options/?ids=${f.b.personId}`, { token: b(f) }), 200)).results).toHaveLength(1);
    },
  },
  'POST /api/audiences/v3/audiences/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const response = await server.api('demo', AUDIENCES, { method: 'POST', token: a(f), json: { name: 'Intrusa', rules: { persons: [f.b.personId] } } });
      expect(response.status).toBe(400);
      expect((await body<{ errors: Record<string, string[]> }>(response)).errors).toHaveProperty(['rules.persons']);
    },
  },
  'POST /api/audiences/v3/audiences/preview': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      expect((await server.api('demo', `${AUDIENCES}preview`, { method: 'POST', token: a(f), json: { rules: { persons: [f.b.personId] } } })).status).toBe(400);
      await expectMismatch(await server.api('demo', `${AUDIENCES}preview`, { method: 'POST', token: b(f), json: { rules: { persons: [f.b.personId] } } }));
    },
  },
  'GET /api/audiences/v3/audiences/:id/': {
    access: [],
    check: async (server, f) => {
      const theirs = await bAudience(server, f);
      expect((await server.api('demo', `${AUDIENCES}${theirs.id}/`, { token: a(f) })).status).toBe(404);
      expect((await server.api('demo-norte', `${AUDIENCES}${theirs.id}/`, { token: b(f) })).status).toBe(200);
    },
  },
  'PATCH /api/audiences/v3/audiences/:id/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bAudience(server, f);
      expect((await server.api('demo', `${AUDIENCES}${theirs.id}/`, { method: 'PATCH', token: a(f), json: { name: 'Cambiada' } })).status).toBe(404);
      expect((await server.api('demo', `${AUDIENCES}${theirs.id}/`, { method: 'PATCH', token: a(f), json: { rules_removed: { persons: [f.b.personId] } } })).status).toBe(404);
      expect(await json(await server.api('demo-norte', `${AUDIENCES}${theirs.id}/`, { token: b(f) }), 200)).toMatchObject({ name: 'Turno B', rules: { persons: [f.b.personId] } });
    },
  },
  'DELETE /api/audiences/v3/audiences/:id/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bAudience(server, f);
      expect((await server.api('demo', `${AUDIENCES}${theirs.id}/`, { method: 'DELETE', token: a(f) })).status).toBe(404);
      expect((await server.api('demo-norte', `${AUDIENCES}${theirs.id}/`, { token: b(f) })).status).toBe(200);
    },
  },
  'GET /api/audiences/v3/audiences/:id/persons/': {
    access: ['VIEW_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bAudience(server, f);
      expect((await server.api('demo', `${AUDIENCES}${theirs.id}/persons/`, { token: a(f) })).status).toBe(404);
      const members = await json<{ results: { id: string }[] }>(await server.api('demo-norte', `${AUDIENCES}${theirs.id}/persons/`, { token: b(f) }), 200);
      expect(members.results.map((p) => p.id)).toEqual([f.b.personId]);
    },
  },
  'POST /api/audiences/v3/permissions-calculator/': {
    access: ['MANAGE_PEOPLE'],
    check: async (server, f) => {
      const theirs = await bPosition(server, f);
      for (const json of [{ persons: [f.b.personId] }, { positions: [theirs.id] }, { audience: (await bAudience(server, f)).id }, { persons: [NOBODY] }]) {
        expect((await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: a(f), json })).status, JSON.stringify(json)).toBe(400);
      }
      await expectMismatch(await server.api('demo', `${AUD}/permissions-calculator/`, { method: 'POST', token: b(f), json: {} }));
    },
  },
};
