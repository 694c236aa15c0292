import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, DEMO_ADMIN, DEMO_PASSWORD, engines, signIn, startServer, type TestServer } from './harness.ts';

const ORG = '/api/organization/v3/current';
const ACTIVITIES = '/api/activities/v3';

/** P8: a series without a zone of its own or of its venue uses the organisation's zone, which its administrators set. */
describe.each(engines())('the organisation’s time zone on %s', (engine) => {
  let server: TestServer;
  let admin: string;
  let operario: string;
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
    admin = (await signIn(server, 'demo', DEMO_ADMIN, DEMO_PASSWORD)).id_token;
    operario = (await signIn(server, 'demo', 'operario@faena.test', DEMO_PASSWORD)).id_token;
  });
  afterAll(() => server?.close());

  it('is America/Santiago until changed; an unknown zone is refused and changes nothing; a member cannot change it', async () => {
    expect(await body(await server.api('demo', ORG, { token: operario }))).toMatchObject({ timezone: 'America/Santiago' });
    const wrong = await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { timezone: 'Mars/Olympus' } });
    expect(wrong.status).toBe(400);
    expect(await body(wrong)).toMatchObject({ code: 'validation-error', errors: { timezone: ['Unknown time zone: Mars/Olympus'] } });
    expect((await server.api('demo', ORG, { method: 'PATCH', token: operario, json: { timezone: 'UTC' } })).status).toBe(403);
    expect(await body(await server.api('demo', ORG, { token: admin }))).toMatchObject({ timezone: 'America/Santiago' });
  });

  it('a series with no zone and no venue is planned in the organisation’s zone, and the preview reads it there too', async () => {
    expect(await body(await server.api('demo', ORG, { method: 'PATCH', token: admin, json: { timezone: 'America/Mexico_City' } }))).toMatchObject({ timezone: 'America/Mexico_City' });
    const created = await server.api('demo', `${ACTIVITIES}/activities/`, {
      method: 'POST',
      token: admin,
      json: { title: 'Inventario mensual', start: '2026-12-14T09:00', duration_minutes: 60, rrule: 'FREQ=MONTHLY;COUNT=3' },
    });
    expect(created.status).toBe(201);
    expect(await body(created)).toMatchObject({ timezone: 'America/Mexico_City', start: '2026-12-14T09:00' });
    const preview = await body<{ occurrences: string[] }>(
      await server.api('demo', `${ACTIVITIES}/recurrence/preview/`, { method: 'POST', token: admin, json: { start: '2026-12-14T09:00', rrule: 'FREQ=DAILY', count: 1 } }),
    );
    expect(preview.occurrences).toEqual(['2026-12-14T09:00:00-06:00']);
    // a zone given explicitly still wins
    const explicit = await server.api('demo', `${ACTIVITIES}/activities/`, {
      method: 'POST',
      token: admin,
      json: { title: 'Cierre', start: '2026-12-14T18:00', timezone: 'America/Santiago', duration_minutes: 30 },
    });
    expect(await body(explicit)).toMatchObject({ timezone: 'America/Santiago' });
  });
});
