import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, signIn, startServer, type TestServer } from './harness.ts';
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
    server = await startServer(engine, { seed: true });
    admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
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
});
