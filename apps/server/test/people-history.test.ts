import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_PASSWORD, engines, seededDemo, signIn, type TestServer } from './harness.ts';
import { PERSONS } from './directory.helpers.ts';

interface Entry {
  id: string;
  action: string;
  details: Record<string, unknown> | null;
  actor: { id: string; name: string } | null;
  impersonator: { id: string; name: string } | null;
  created_at: string;
}
interface Person {
  id: string;
  name: string;
  passport: string;
}

describe.each(engines())('a person’s history on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let adminPersonId: string;
  beforeAll(async () => {
    ({ server, admin } = await seededDemo(engine));
    adminPersonId = (await body<Person>(await server.api('demo', `${PERSONS}me/`, { token: admin }))).id;
  });
  afterAll(() => server?.close());

  const history = async (id: string, token = admin, query = '') => {
    const response = await server.api('demo', `${PERSONS}${id}/history/${query}`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return body<{ count: number; results: Entry[] }>(response);
  };
  const ok = async (response: Response, status = 200) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return response;
  };

  it('lists who created, edited (the fields that changed), disabled, enabled, invited and changed the permissions of a person, newest first', async () => {
    const person = await body<Person>(
      await ok(
        await server.api('demo', PERSONS, {
          method: 'POST',
          token: admin,
          json: {
            name: 'Historia Uno',
            primary_email: 'historia.uno@faena.test',
            phones: ['+56 9 1111 2222'],
            roles: ['a', 'b'],
          },
        }),
        201,
      ),
    );
    const patch = (json: unknown) =>
      server.api('demo', `${PERSONS}${person.id}/`, {
        method: 'PATCH',
        token: admin,
        json,
      });
    // the form sends every field: only the ones that differ are named (roles in another order are the same)
    await ok(
      await patch({
        name: 'Historia Uno Editada',
        primary_email: 'historia.uno@faena.test',
        phones: ['+56 9 1111 2222', '+56 2 2345 6789'],
        roles: ['b', 'a'],
        address: '',
      }),
    );
    await ok(
      await patch({
        name: 'Historia Uno Editada',
        phones: ['+56911112222', '+56223456789'],
      }),
    );
    await ok(
      await server.api('demo', `${PERSONS}${person.id}/disable`, {
        method: 'POST',
        token: admin,
      }),
    );
    await ok(
      await server.api('demo', `${PERSONS}${person.id}/enable`, {
        method: 'POST',
        token: admin,
      }),
    );
    await ok(
      await server.api('demo', `${PERSONS}${person.id}/invite`, {
        method: 'POST',
        token: admin,
      }),
      201,
    );
    await ok(
      await server.api('demo', `/api/permissions/v3/by-passport/${person.passport}`, {
        method: 'PUT',
        token: admin,
        json: { permissions: ['VIEW_HOME', 'VIEW_PEOPLE'] },
      }),
    );

    const { count, results } = await history(person.id);
    expect(count).toBe(7);
    expect(results.map((entry) => entry.action)).toEqual(['permissions.replace', 'auth.invite.create', 'people.enable', 'people.disable', 'people.update', 'people.update', 'people.create']);
    expect(results.map((entry) => entry.details?.fields ?? null)).toEqual([null, null, null, null, [], ['name', 'phones'], null]);
    expect(results[0]!.details).toMatchObject({
      permissions: ['VIEW_HOME', 'VIEW_PEOPLE'],
    });
    expect(results[1]!.details).toEqual({ email: 'historia.uno@faena.test' });
    for (const entry of results) {
      expect(entry.actor).toEqual({
        id: adminPersonId,
        name: 'Administración Faena',
      });
      expect(entry.impersonator).toBeNull();
    }
    const times = results.map((entry) => Date.parse(entry.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // pages
    const second = await history(person.id, admin, '?page=2&page_size=3');
    expect(second.count).toBe(7);
    expect(second.results.map((entry) => entry.id)).toEqual(results.slice(3, 6).map((entry) => entry.id));
    // another person's writes are not in it
    expect((await history(adminPersonId)).results.some((entry) => entry.action === 'people.create')).toBe(false);
  });

  it('shows an impersonation on the impersonated person, with who was at the keyboard', async () => {
    const rrhh = await body<{ results: Person[] }>(
      await server.api('demo', `${PERSONS}?search=rrhh@faena.test`, {
        token: admin,
      }),
    );
    const rrhhId = rrhh.results[0]!.id;
    const pair = await body<{ id_token: string }>(
      await ok(
        await server.api('demo', '/api/auth/v3/impersonation', {
          method: 'POST',
          token: admin,
          json: { person_id: rrhhId },
        }),
      ),
    );
    await ok(
      await server.api('demo', '/api/auth/v3/impersonation', {
        method: 'DELETE',
        token: pair.id_token,
      }),
    );
    const [stop, start] = (await history(rrhhId)).results;
    expect(start).toMatchObject({
      action: 'auth.impersonation.start',
      actor: { id: adminPersonId },
      impersonator: null,
    });
    expect(stop).toMatchObject({
      action: 'auth.impersonation.stop',
      actor: { id: rrhhId },
      impersonator: { id: adminPersonId, name: 'Administración Faena' },
    });
  });

  it('needs MANAGE_PEOPLE; an unknown or malformed id is 404', async () => {
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect(
      (
        await server.api('demo', `${PERSONS}${adminPersonId}/history/`, {
          token: supervisora,
        })
      ).status,
    ).toBe(403);
    expect((await server.api('demo', `${PERSONS}${adminPersonId}/history/`)).status).toBe(401);
    expect((await server.api('demo', `${PERSONS}00000000-0000-4000-8000-000000000000/history/`, { token: admin })).status).toBe(404);
    expect((await server.api('demo', `${PERSONS}nope/history/`, { token: admin })).status).toBe(404);
  });

  it('disables and enables several people at once: one audit row each, self refused, unknown ids reported, nothing half-done', async () => {
    const make = async (name: string) => (await body<Person>(await ok(await server.api('demo', PERSONS, { method: 'POST', token: admin, json: { name } }), 201))).id;
    const [a, b, c] = [await make('Lote Uno'), await make('Lote Dos'), await make('Lote Tres')];
    const bulk = (json: unknown, token = admin) => server.api('demo', `${PERSONS}bulk-status`, { method: 'POST', token, json });
    const missing = '00000000-0000-4000-8000-0000000000aa';
    const first = await body<{ changed: string[]; unchanged: string[]; not_found: string[] }>(await ok(await bulk({ person_ids: [a, b, missing, a], disabled: true })));
    expect([...first.changed].sort()).toEqual([a, b].sort());
    expect(first).toMatchObject({ unchanged: [], not_found: [missing] });
    const status = async (id: string) => (await body<{ is_disabled: boolean }>(await server.api('demo', `${PERSONS}${id}/`, { token: admin }))).is_disabled;
    expect([await status(a), await status(b), await status(c)]).toEqual([true, true, false]);
    for (const id of [a, b]) expect((await history(id)).results[0]).toMatchObject({ action: 'people.disable', actor: { id: adminPersonId } });
    expect((await history(c)).results.map((entry) => entry.action)).toEqual(['people.create']);

    const second = await body<{ changed: string[]; unchanged: string[] }>(await ok(await bulk({ person_ids: [a, c], disabled: false })));
    expect(second).toMatchObject({ changed: [a], unchanged: [c] });
    expect(await status(a)).toBe(false);
    expect((await history(a)).results[0]!.action).toBe('people.enable');

    // yourself among them: refused, and nobody changed
    const refused = await bulk({ person_ids: [c, adminPersonId], disabled: true });
    expect(refused.status).toBe(403);
    expect(await status(c)).toBe(false);
    // bad input
    expect((await bulk({ person_ids: [], disabled: true })).status).toBe(400);
    expect((await bulk({ person_ids: ['nope'], disabled: true })).status).toBe(400);
    expect((await bulk({ person_ids: Array.from({ length: 501 }, () => missing), disabled: true })).status).toBe(400);
    expect((await bulk({ person_ids: [c] })).status).toBe(400);
    const supervisora = (await signIn(server, 'demo', 'supervisora@faena.test', DEMO_PASSWORD)).id_token;
    expect((await bulk({ person_ids: [c], disabled: true }, supervisora)).status).toBe(403);
  });
});
