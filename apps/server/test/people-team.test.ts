import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { AUD, PERSONS } from './directory.helpers.ts';

interface Team {
  managers: {
    position: { id: string; title: string };
    people: { id: string; name: string }[];
  }[];
  reports: {
    count: number;
    people: {
      id: string;
      name: string;
      position: { id: string; title: string };
    }[];
  };
}

describe.each(engines())('a person’s place in the chart on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  const ids: Record<string, string> = {};
  const positions: Record<string, string> = {};
  beforeAll(async () => {
    server = await startServer(engine, { seed: false });
    const { adminEmail, adminPassword } = await makeTenant(server, 'equipo');
    admin = (await signIn(server, 'equipo', adminEmail, adminPassword)).id_token;
    for (const name of ['Carla Jefa', 'Gonzalo Gerente', 'Ana Analista', 'Bruno Analista', 'Diego Deshabilitado', 'Elena Doble']) {
      const response = await server.api('equipo', PERSONS, {
        method: 'POST',
        token: admin,
        json: { name },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      ids[name] = (await body<{ id: string }>(response)).id;
    }
    const position = async (title: string, parents: string[], people: string[]) => {
      const response = await server.api('equipo', `${AUD}/positions/`, {
        method: 'POST',
        token: admin,
        json: {
          title,
          parents: parents.map((p) => positions[p]!),
          people: people.map((p) => ids[p]!),
        },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      positions[title] = (await body<{ id: string }>(response)).id;
    };
    await position('Gerencia General', [], ['Carla Jefa']);
    await position('Directorio', [], []);
    await position('Gerente de Operaciones', ['Gerencia General', 'Directorio'], ['Gonzalo Gerente']);
    await position('Analista', ['Gerente de Operaciones'], ['Ana Analista', 'Bruno Analista', 'Diego Deshabilitado', 'Elena Doble']);
    await position('Coordinadora', ['Gerente de Operaciones'], ['Elena Doble']);
    expect((await server.api('equipo', `${PERSONS}${ids['Diego Deshabilitado']}/disable`, { method: 'POST', token: admin })).status).toBe(200);
  });
  afterAll(() => server?.close());

  const team = async (name: string, token = admin) => {
    const response = await server.api('equipo', `${PERSONS}${ids[name]}/team/`, { token });
    expect(response.status, await response.clone().text()).toBe(200);
    return body<Team>(response);
  };

  it('names who is right above (a vacant position too) and right below (each person once, disabled ones left out)', async () => {
    const gerente = await team('Gonzalo Gerente');
    expect(gerente.managers).toEqual([
      {
        position: { id: positions.Directorio, title: 'Directorio' },
        people: [],
      },
      {
        position: {
          id: positions['Gerencia General'],
          title: 'Gerencia General',
        },
        people: [{ id: ids['Carla Jefa'], name: 'Carla Jefa' }],
      },
    ]);
    expect(gerente.reports.count).toBe(3);
    expect(gerente.reports.people.map((person) => [person.name, person.position.title])).toEqual([
      ['Ana Analista', 'Analista'],
      ['Bruno Analista', 'Analista'],
      ['Elena Doble', 'Analista'],
    ]);
    const analyst = await team('Ana Analista');
    expect(analyst.managers).toEqual([
      {
        position: {
          id: positions['Gerente de Operaciones'],
          title: 'Gerente de Operaciones',
        },
        people: [{ id: ids['Gonzalo Gerente'], name: 'Gonzalo Gerente' }],
      },
    ]);
    expect(analyst.reports).toEqual({ count: 0, people: [] });
    // the top of the chart has nobody above
    expect((await team('Carla Jefa')).managers).toEqual([]);
    expect((await team('Carla Jefa')).reports.people.map((person) => person.name)).toEqual(['Gonzalo Gerente']);
  });

  it('is for whoever may see people; an unknown or malformed id is 404', async () => {
    expect((await server.api('equipo', `${PERSONS}${ids['Ana Analista']}/team/`)).status).toBe(401);
    expect((await server.api('equipo', `${PERSONS}00000000-0000-4000-8000-000000000000/team/`, { token: admin })).status).toBe(404);
    expect((await server.api('equipo', `${PERSONS}nope/team/`, { token: admin })).status).toBe(404);
  });
});
