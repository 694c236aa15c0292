import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZInboxNotification, ZPushPayload, type TInboxNotification, type TInboxPage } from '@faena/contracts';
import { loadConfig, ConfigError } from '../src/platform/config.ts';
import { boot } from '../src/platform/boot.ts';
import { BUS_RESYNC, type PlatformEvent } from '../src/platform/events.ts';
import { insertPerson } from '../src/modules/people/people.repository.ts';
import { NOTIFICATIONS_CREATED, notify, type NotifyInput } from '../src/modules/notifications/notifications.producer.ts';
import { FcmSender, isAllowedWebPushEndpoint, type PushMessage } from '../src/modules/notifications/push.senders.ts';
import { DOMAIN, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { addMember, browserSubscription, fakePushService, notificationEvents, openStream, type SseEvent } from './notifications.helpers.ts';

const API = '/api/notifications-engine/v3/notifications';
const json = async <T>(response: Response): Promise<T> => (await response.json()) as T;

describe.each(engines())('notifications on %s', (engine) => {
  let server: TestServer;
  let acme: { id: string };
  let beta: { id: string };
  let adminToken: string;
  let betaToken: string;
  let worker: { personId: string; token: string };
  let nobody: { personId: string; token: string };

  const produce = (tenantId: string, personIds: string[], input: Partial<NotifyInput> = {}) =>
    server.running.platform.db.transaction(tenantId, (tx) => notify(server.running.platform, tx, { tenantId, personIds, kind: 'new_activity', title: 'Hola', ...input }));
  const inbox = async (token: string, query = '', subdomain = 'acme') => {
    const response = await server.api(subdomain, `${API}/inbox${query}`, { token });
    expect(response.status).toBe(200);
    return json<TInboxPage>(response);
  };
  const seqOf = (event: SseEvent) => Number(event.id);

  beforeAll(async () => {
    server = await startServer(engine, { env: { NOTIFICATIONS_PING_SECONDS: '0.5', WEB_PUSH_ALLOW_LOCAL_ENDPOINTS: 'true' } });
    ({ tenant: acme } = await makeTenant(server, 'acme'));
    ({ tenant: beta } = await makeTenant(server, 'beta'));
    const db = server.running.platform.db;
    const w = await addMember(db, acme.id, 'worker@acme.test', ['VIEW_HOME', 'VIEW_NOTIFICATIONS']);
    const n = await addMember(db, acme.id, 'nobody@acme.test', ['VIEW_HOME']);
    adminToken = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    betaToken = (await signIn(server, 'beta', 'admin@beta.test', 'secret-pass')).id_token;
    worker = { personId: w.personId, token: (await signIn(server, 'acme', w.email, 'secret-pass')).id_token };
    nobody = { personId: n.personId, token: (await signIn(server, 'acme', n.email, 'secret-pass')).id_token };
  });
  afterAll(() => server?.close());

  describe('inbox', () => {
    let person: { personId: string; token: string };
    beforeAll(async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'reader@acme.test', ['VIEW_NOTIFICATIONS']);
      person = { personId: m.personId, token: (await signIn(server, 'acme', m.email, 'secret-pass')).id_token };
      for (let i = 1; i <= 25; i++) await produce(acme.id, [person.personId], { title: `n${i}`, body: `body ${i}` });
    });

    it('pages newest first with total, offset, limit and totalUnread (page size 20 by default)', async () => {
      const first = await inbox(person.token);
      expect(first.pagination).toEqual({ total: 25, offset: 0, limit: 20, totalUnread: 25 });
      expect(first.data.map((n) => n.summary.title)).toEqual(Array.from({ length: 20 }, (_, i) => `n${25 - i}`));
      const second = await inbox(person.token, '?offset=20&limit=20');
      expect(second.data.map((n) => n.summary.title)).toEqual(['n5', 'n4', 'n3', 'n2', 'n1']);
      expect(second.pagination).toEqual({ total: 25, offset: 20, limit: 20, totalUnread: 25 });
      const middle = await inbox(person.token, '?offset=3&limit=4');
      expect(middle.data.map((n) => n.summary.title)).toEqual(['n22', 'n21', 'n20', 'n19']);
      expect((await inbox(person.token, '?offset=40')).data).toEqual([]);
    });

    it('answers items in the spec’s server shape', async () => {
      const [item] = (await inbox(person.token, '?limit=1')).data;
      expect(ZInboxNotification.strict().parse(item)).toBeTruthy();
      expect(item).toEqual({
        notificationId: expect.any(String),
        summary: { title: 'n25', body: 'body 25' },
        requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        context: { type: 'Unknown', action: 'new_activity' },
      });
      expect(item).not.toHaveProperty('checkedAt');
    });

    it('keeps the context id of an Activity', async () => {
      await produce(acme.id, [worker.personId], { title: 'Revisar extintores', context: { type: 'Activity', action: 'assigned', id: 'act-42' } });
      const [item] = (await inbox(worker.token, '?limit=1')).data;
      expect(item!.context).toEqual({ type: 'Activity', action: 'assigned', id: 'act-42' });
    });

    it('rejects bad paging parameters with 400', async () => {
      for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc']) {
        const response = await server.api('acme', `${API}/inbox${query}`, { token: person.token });
        expect(response.status, query).toBe(400);
      }
    });

    it('marks one read: checkedAt appears, totalUnread falls, and doing it again changes nothing', async () => {
      const [target] = (await inbox(person.token, '?offset=5&limit=1')).data;
      const response = await server.api('acme', `${API}/inbox/check/by_notification_id/${target!.notificationId}`, { method: 'PATCH', token: person.token });
      expect(response.status).toBe(200);
      const checked = await json<TInboxNotification>(response);
      expect(checked.notificationId).toBe(target!.notificationId);
      expect(Date.parse(checked.checkedAt!)).not.toBeNaN();
      const after = await inbox(person.token, '?offset=5&limit=1');
      expect(after.data[0]!.checkedAt).toBe(checked.checkedAt);
      expect(after.pagination).toMatchObject({ total: 25, totalUnread: 24 });
      const again = await server.api('acme', `${API}/inbox/check/by_notification_id/${target!.notificationId}`, { method: 'PATCH', token: person.token });
      expect(again.status).toBe(200);
      expect((await json<TInboxNotification>(again)).checkedAt).toBe(checked.checkedAt);
      expect((await inbox(person.token)).pagination.totalUnread).toBe(24);
    });

    it('answers 404 for an unknown, a malformed or another person’s notification id', async () => {
      const [mine] = (await inbox(person.token, '?limit=1')).data;
      const ids = ['00000000-0000-4000-8000-000000000000', 'not-an-id', '1', "x' OR '1'='1"];
      for (const id of ids) {
        const response = await server.api('acme', `${API}/inbox/check/by_notification_id/${encodeURIComponent(id)}`, { method: 'PATCH', token: person.token });
        expect(response.status, id).toBe(404);
        expect(await json(response)).toMatchObject({ code: 'not-found' });
      }
      const other = await server.api('acme', `${API}/inbox/check/by_notification_id/${mine!.notificationId}`, { method: 'PATCH', token: worker.token });
      expect(other.status).toBe(404);
      expect((await inbox(person.token, '?limit=1')).data[0]).not.toHaveProperty('checkedAt');
    });

    it('marks everything read at once', async () => {
      const response = await server.api('acme', `${API}/inbox/check/all`, { method: 'PATCH', token: person.token });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ checked: 24 });
      const page = await inbox(person.token);
      expect(page.pagination).toMatchObject({ total: 25, totalUnread: 0 });
      expect(page.data.every((n) => typeof n.checkedAt === 'string')).toBe(true);
    });
  });

  describe('permissions and tenants', () => {
    it('refuses a holder without VIEW_NOTIFICATIONS: inbox, check, test, devices and the stream are 403', async () => {
      const calls: [string, string][] = [
        ['GET', `${API}/inbox`],
        ['PATCH', `${API}/inbox/check/by_notification_id/00000000-0000-4000-8000-000000000000`],
        ['PATCH', `${API}/inbox/check/all`],
        ['POST', `${API}/test`],
        ['GET', `${API}/devices/fcm_tokens`],
        ['DELETE', `${API}/devices/fcm_tokens/abc`],
        ['GET', `${API}/devices/web_push_key`],
      ];
      for (const [method, path] of calls) {
        const response = await server.api('acme', path, { method, token: nobody.token });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await json(response)).toMatchObject({ code: 'permission-denied' });
      }
      const stream = await openStream(server.port, 'acme', nobody.token);
      expect(stream.status).toBe(403);
      expect(JSON.parse(stream.text)).toMatchObject({ code: 'permission-denied' });
    });

    it('asks for a sign-in without a token (401), also on the stream', async () => {
      expect((await server.api('acme', `${API}/inbox`)).status).toBe(401);
      const stream = await openStream(server.port, 'acme', null);
      expect(stream.status).toBe(401);
      expect(JSON.parse(stream.text)).toMatchObject({ code: 'not-signed-in' });
    });

    it('never shows a tenant’s notifications to another tenant', async () => {
      await produce(acme.id, [worker.personId], { title: 'solo acme' });
      const acmeItem = (await inbox(worker.token, '?limit=1')).data[0]!;
      expect(acmeItem.summary.title).toBe('solo acme');
      const betaInbox = await inbox(betaToken, '', 'beta');
      expect(betaInbox.data.some((n) => n.summary.title === 'solo acme')).toBe(false);
      const response = await server.api('beta', `${API}/inbox/check/by_notification_id/${acmeItem.notificationId}`, { method: 'PATCH', token: betaToken });
      expect(response.status).toBe(404);
      expect((await inbox(worker.token, '?limit=1')).data[0]).not.toHaveProperty('checkedAt');
      // An acme token on beta's host is refused outright.
      const crossed = await server.api('beta', `${API}/inbox`, { token: worker.token });
      expect(crossed.status).toBe(403);
      expect(await json(crossed)).toMatchObject({ code: 'tenant-mismatch' });
    });

    it('skips recipients who are not persons of the producing tenant', async () => {
      const result = await produce(beta.id, [worker.personId], { title: 'desde beta' });
      expect(result.notifications).toEqual([]);
      expect((await inbox(worker.token)).data.some((n) => n.summary.title === 'desde beta')).toBe(false);
    });

    it('keeps a person of tenant B from seeing tenant A’s notifications on the stream', async () => {
      const betaStream = await openStream(server.port, 'beta', betaToken);
      await betaStream.next((e) => e.event === 'ping');
      await produce(acme.id, [worker.personId], { title: 'no para beta' });
      // A notification of beta's own comes through; acme's never did.
      await produce(beta.id, [await betaAdminPersonId()], { title: 'para beta' });
      const event = await betaStream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data).summary.title).toBe('para beta');
      expect(notificationEvents(betaStream)).toHaveLength(1);
      betaStream.close();
    });
  });

  async function betaAdminPersonId(): Promise<string> {
    const page = await server.api('beta', '/api/audiences/v3/persons/?search=admin@beta.test', { token: betaToken });
    return (await json<{ results: { id: string }[] }>(page)).results[0]!.id;
  }

  describe('stream', () => {
    it('answers event-stream headers and a first ping at once, then pings and notification events', async () => {
      const stream = await openStream(server.port, 'acme', worker.token);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(stream.headers['cache-control']).toContain('no-cache');
      expect(stream.headers['x-accel-buffering']).toBe('no');
      expect(stream.headers['content-encoding'] ?? 'identity').toBe('identity');
      const first = await stream.next();
      expect(first.event).toBe('ping');

      const response = await server.api('acme', `${API}/test`, { method: 'POST', token: worker.token });
      expect(response.status).toBe(201);
      const created = await json<TInboxNotification>(response);
      const event = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data)).toEqual(created);
      expect(event.id).toMatch(/^\d+$/);
      // Pings keep coming (every NOTIFICATIONS_PING_SECONDS).
      await stream.next((e) => e.event === 'ping');
      await stream.next((e) => e.event === 'ping');
      stream.close();
    });

    it('numbers notification events with increasing ids', async () => {
      const stream = await openStream(server.port, 'acme', worker.token);
      for (let i = 0; i < 3; i++) await produce(acme.id, [worker.personId], { title: `seq ${i}` });
      const events = [await stream.next((e) => e.event === 'notification'), await stream.next((e) => e.event === 'notification'), await stream.next((e) => e.event === 'notification')];
      expect(events.map((e) => JSON.parse(e.data).summary.title)).toEqual(['seq 0', 'seq 1', 'seq 2']);
      expect(seqOf(events[1]!)).toBe(seqOf(events[0]!) + 1);
      expect(seqOf(events[2]!)).toBe(seqOf(events[1]!) + 1);
      stream.close();
    });

    it('replays what was missed after Last-Event-ID on reconnect, and nothing old without it', async () => {
      const first = await openStream(server.port, 'acme', worker.token);
      await produce(acme.id, [worker.personId], { title: 'before the cut' });
      const seen = await first.next((e) => e.event === 'notification');
      first.close();
      for (const title of ['missed 1', 'missed 2', 'missed 3']) await produce(acme.id, [worker.personId], { title });

      const resumed = await openStream(server.port, 'acme', worker.token, { lastEventId: seen.id! });
      expect((await resumed.next()).event).toBe('ping');
      const replayed = [await resumed.next((e) => e.event === 'notification'), await resumed.next((e) => e.event === 'notification'), await resumed.next((e) => e.event === 'notification')];
      expect(replayed.map((e) => JSON.parse(e.data).summary.title)).toEqual(['missed 1', 'missed 2', 'missed 3']);
      expect(replayed.map(seqOf)).toEqual([seqOf(seen) + 1, seqOf(seen) + 2, seqOf(seen) + 3]);

      const fresh = await openStream(server.port, 'acme', worker.token);
      await fresh.next((e) => e.event === 'ping');
      await produce(acme.id, [worker.personId], { title: 'after both' });
      const live = await fresh.next((e) => e.event === 'notification');
      expect(JSON.parse(live.data).summary.title).toBe('after both');
      expect(notificationEvents(fresh)).toHaveLength(1);
      expect(JSON.parse((await resumed.next((e) => e.event === 'notification')).data).summary.title).toBe('after both');
      resumed.close();
      fresh.close();
    });

    it('accepts the last event id as a query parameter too, and ignores a malformed one', async () => {
      await produce(acme.id, [worker.personId], { title: 'q1' });
      const last = (await inbox(worker.token, '?limit=1')).data[0]!;
      await produce(acme.id, [worker.personId], { title: 'q2' });
      const byQuery = await openStream(server.port, 'acme', worker.token, { path: `${API}/devices/sse?lastEventId=0` });
      // From 0: everything of this person in order, the oldest first; 'q2' comes after 'q1'.
      const titles: string[] = [];
      while (!titles.includes('q2')) titles.push(JSON.parse((await byQuery.next((e) => e.event === 'notification')).data).summary.title);
      expect(titles.indexOf('q1')).toBe(titles.length - 2);
      expect(titles[titles.length - 2]).toBe(last.summary.title);
      byQuery.close();
      const malformed = await openStream(server.port, 'acme', worker.token, { lastEventId: 'abc' });
      await malformed.next((e) => e.event === 'ping');
      await produce(acme.id, [worker.personId], { title: 'q3' });
      expect(JSON.parse((await malformed.next((e) => e.event === 'notification')).data).summary.title).toBe('q3');
      malformed.close();
    });

    it.runIf(engine === 'postgres')('catches up when the listening connection drops and comes back (what was sent meanwhile is not lost)', async () => {
      const stream = await openStream(server.port, 'acme', worker.token);
      await stream.next((e) => e.event === 'ping');
      let resynced = 0;
      const off = server.running.platform.bus.on(BUS_RESYNC, () => resynced++);
      // Drop this server's LISTEN connection, then produce at once: its NOTIFY finds nobody listening.
      await server.running.platform.db.ownerExec(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN%' AND pid <> pg_backend_pid()`);
      await produce(acme.id, [worker.personId], { title: 'while the listener was away' });
      const event = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data).summary.title).toBe('while the listener was away');
      await vi.waitFor(() => expect(resynced).toBe(1));
      off();
      // And the bus works again.
      await produce(acme.id, [worker.personId], { title: 'after the reconnect' });
      expect(JSON.parse((await stream.next((e) => e.event === 'notification')).data).summary.title).toBe('after the reconnect');
      stream.close();
    });

    it('keeps at most 10 streams per person: the 11th closes the oldest', async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'tabs@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      const tabs = [];
      for (let i = 0; i < 11; i++) {
        const tab = await openStream(server.port, 'acme', token);
        await tab.next((e) => e.event === 'ping');
        tabs.push(tab);
      }
      await tabs[0]!.ended;
      expect(server.running.app.notificationStreams!.openFor(acme.id, m.personId)).toBe(10);
      await produce(acme.id, [m.personId], { title: 'a todas las pestañas' });
      for (const tab of tabs.slice(1)) expect(JSON.parse((await tab.next((e) => e.event === 'notification')).data).summary.title).toBe('a todas las pestañas');
      for (const tab of tabs) tab.close();
    });

    it('forgets a stream when its client goes away', async () => {
      const streams = server.running.app.notificationStreams!;
      const m = await addMember(server.running.platform.db, acme.id, 'leaver@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      const stream = await openStream(server.port, 'acme', token);
      await stream.next((e) => e.event === 'ping');
      expect(streams.openFor(acme.id, m.personId)).toBe(1);
      stream.close();
      await vi.waitFor(() => expect(streams.openFor(acme.id, m.personId)).toBe(0), { timeout: 10_000, interval: 20 });
    });

    it('ends the stream when the person loses VIEW_NOTIFICATIONS', async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'demoted@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      const stream = await openStream(server.port, 'acme', token);
      await stream.next((e) => e.event === 'ping');
      const passport = await passportOf(m.personId);
      const response = await server.api('acme', `/api/permissions/v3/by-passport/${passport}`, { method: 'PUT', token: adminToken, json: { permissions: ['VIEW_HOME'] } });
      expect(response.status).toBe(200);
      await stream.ended;
    });
  });

  async function passportOf(personId: string): Promise<string> {
    const response = await server.api('acme', `/api/audiences/v3/persons/${personId}/`, { token: adminToken });
    return (await json<{ passport: string }>(response)).passport;
  }

  describe('producer', () => {
    it('writes in the caller’s transaction: a rolled-back change leaves no notification and sends no event', async () => {
      const stream = await openStream(server.port, 'acme', worker.token);
      await produce(acme.id, [worker.personId], { title: 'before the rollback' });
      const before = await stream.next((e) => e.event === 'notification');
      const totalBefore = (await inbox(worker.token, '?limit=1')).pagination.total;
      const seen: PlatformEvent[] = [];
      const off = server.running.platform.bus.on(NOTIFICATIONS_CREATED, (event) => seen.push(event));

      await expect(
        server.running.platform.db.transaction(acme.id, async (tx) => {
          await insertPerson(tx, acme.id, { name: 'Fantasma' });
          await notify(server.running.platform, tx, { tenantId: acme.id, personIds: [worker.personId], kind: 'new_incident', title: 'rolled back' });
          throw new Error('the business change failed');
        }),
      ).rejects.toThrow('the business change failed');

      // The next event, on the stream and on the bus, is the next committed notification.
      await produce(acme.id, [worker.personId], { title: 'committed' });
      const event = await stream.next((e) => e.event === 'notification');
      expect(JSON.parse(event.data).summary.title).toBe('committed');
      // The rolled-back row never took a number either.
      expect(seqOf(event)).toBe(seqOf(before) + 1);
      expect(notificationEvents(stream)).toHaveLength(2);
      await vi.waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]).toMatchObject({ topic: NOTIFICATIONS_CREATED, tenantId: acme.id, persons: [worker.personId] });
      off();

      const after = await inbox(worker.token, '?limit=3');
      expect(after.pagination.total).toBe(totalBefore + 1);
      expect(after.data.map((n) => n.summary.title)).not.toContain('rolled back');
      const people = await server.api('acme', '/api/audiences/v3/persons/?search=Fantasma', { token: adminToken });
      expect((await json<{ count: number }>(people)).count).toBe(0);
      stream.close();
    });

    it('commits the notification together with the business change', async () => {
      const result = await server.running.platform.db.transaction(acme.id, async (tx) => {
        const person = await insertPerson(tx, acme.id, { name: 'Nueva Persona' });
        return notify(server.running.platform, tx, { tenantId: acme.id, personIds: [person.id, worker.personId, worker.personId], kind: 'system_update', title: 'Bienvenida' });
      });
      expect(result.notifications).toHaveLength(2);
      expect((await inbox(worker.token, '?limit=1')).data[0]!.summary.title).toBe('Bienvenida');
    });

    it('fans out to many persons in one call, in NOTIFY payloads under 8 kB', async () => {
      const db = server.running.platform.db;
      const ids = await db.transaction(acme.id, async (tx) => {
        const out: string[] = [];
        for (let i = 0; i < 400; i++) out.push((await insertPerson(tx, acme.id, { name: `Masivo ${i}` })).id);
        return out;
      });
      const seen: PlatformEvent[] = [];
      const off = server.running.platform.bus.on(NOTIFICATIONS_CREATED, (event) => seen.push(event));
      const result = await produce(acme.id, [...ids, worker.personId], { kind: 'system_update', title: 'Para todos' });
      expect(result.notifications).toHaveLength(401);
      await vi.waitFor(() => expect(seen.flatMap((e) => e.persons as string[])).toHaveLength(401));
      expect(seen.length).toBeGreaterThan(1);
      for (const event of seen) expect(JSON.stringify(event).length).toBeLessThan(8000);
      off();
    });

    it('refuses malformed input (kind, priority, visibility, title, Activity without id)', async () => {
      const bad: Partial<NotifyInput>[] = [
        { kind: 'nope' as never },
        { priority: 0 },
        { priority: 6 },
        { visibility: 2 as never },
        { title: '   ' },
        { context: { type: 'Activity', action: 'assigned' } },
        { personIds: ['not-a-uuid'] },
      ];
      for (const input of bad) await expect(produce(acme.id, [worker.personId], input), JSON.stringify(input)).rejects.toThrow(/notify/);
    });
  });

  describe('test notification', () => {
    it('sends a notification of kind test to the caller, at least 60 a minute', async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'tester@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      for (let i = 0; i < 60; i++) {
        const response = await server.api('acme', `${API}/test`, { method: 'POST', token });
        expect(response.status, `request ${i + 1}`).toBe(201);
      }
      const page = await inbox(token);
      expect(page.pagination).toMatchObject({ total: 60, totalUnread: 60 });
      expect(page.data[0]!.context).toEqual({ type: 'System', action: 'test' });
      // Well past that, the button stops flooding the inbox.
      let refused: Response | null = null;
      for (let i = 0; i < 100 && !refused; i++) {
        const response = await server.api('acme', `${API}/test`, { method: 'POST', token });
        if (response.status !== 201) refused = response;
      }
      expect(refused?.status).toBe(429);
      expect(await json(refused!)).toMatchObject({ code: 'too-many-requests' });
    });
  });

  describe('devices and push', () => {
    let push: Awaited<ReturnType<typeof fakePushService>>;
    let pusher: { personId: string; token: string };
    beforeAll(async () => {
      push = await fakePushService((path) => (path.startsWith('/gone') ? 410 : 201));
      const m = await addMember(server.running.platform.db, acme.id, 'pusher@acme.test', ['VIEW_NOTIFICATIONS']);
      pusher = { personId: m.personId, token: (await signIn(server, 'acme', m.email, 'secret-pass')).id_token };
    });
    afterAll(() => push?.close());

    const devices = async (token: string) => json<{ id: string; transport: string; platform: string }[]>(await server.api('acme', `${API}/devices/fcm_tokens`, { token }));

    it('registers a browser subscription and a native token, re-registering updates, unregistering forgets', async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'devices@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      const browser = browserSubscription(`${push.url}/register-only`);
      const created = await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token, json: { token: JSON.stringify(browser.subscription), userAgent: 'Chromium' } });
      expect(created.status).toBe(201);
      const device = await json<{ id: string; transport: string; platform: string }>(created);
      expect(device).toMatchObject({ transport: 'web_push', platform: 'web' });
      // Same endpoint, new keys (the browser re-subscribed): the same device.
      const again = browserSubscription(`${push.url}/register-only`);
      const updated = await json<{ id: string }>(await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token, json: { token: again.subscription } }));
      expect(updated.id).toBe(device.id);
      // A native token, longer than a path parameter usually may be.
      const native = `fcm-${'x'.repeat(160)}:APA91b`;
      const nativeDevice = await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token, json: { token: native, platform: 'android', model: 'Pixel 8', osVersion: '15' } });
      expect(nativeDevice.status).toBe(201);
      expect(await json(nativeDevice)).toMatchObject({ transport: 'fcm', platform: 'android' });
      expect(await devices(token)).toHaveLength(2);

      const removed = await server.api('acme', `${API}/devices/fcm_tokens/${encodeURIComponent(native)}`, { method: 'DELETE', token });
      expect(removed.status).toBe(204);
      const removedBrowser = await server.api('acme', `${API}/devices/fcm_tokens/${encodeURIComponent(JSON.stringify(again.subscription))}`, { method: 'DELETE', token });
      expect(removedBrowser.status).toBe(204);
      expect(await devices(token)).toEqual([]);
      // Unregistering what is not there is fine (sign-out on a device that never registered).
      expect((await server.api('acme', `${API}/devices/fcm_tokens/unknown-token`, { method: 'DELETE', token })).status).toBe(204);
    });

    it('refuses tokens that are neither, and push services that are not known ones', async () => {
      const cases = [
        { token: '{not json' },
        { token: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x' }) },
        { token: { endpoint: 'https://evil.example.com/push', keys: { p256dh: 'a', auth: 'b' } } },
        { token: 'https://fcm.googleapis.com/fcm/send/x' },
        {},
      ];
      for (const body of cases) {
        const response = await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token: pusher.token, json: body });
        expect(response.status, JSON.stringify(body)).toBe(400);
      }
      expect(isAllowedWebPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
      expect(isAllowedWebPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', false)).toBe(true);
      expect(isAllowedWebPushEndpoint('https://web.push.apple.com/abc', false)).toBe(true);
      expect(isAllowedWebPushEndpoint('http://127.0.0.1:9/abc', false)).toBe(false);
      expect(isAllowedWebPushEndpoint('https://169.254.169.254/latest', false)).toBe(false);
      expect(isAllowedWebPushEndpoint('https://fcm.googleapis.com.evil.example/x', false)).toBe(false);
    });

    it('delivers real Web Push with the server’s VAPID key: encrypted, the inbox notification inside', async () => {
      const browser = browserSubscription(`${push.url}/device-1`);
      expect((await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token: pusher.token, json: { token: JSON.stringify(browser.subscription) } })).status).toBe(201);
      const { publicKey } = await json<{ publicKey: string }>(await server.api('acme', `${API}/devices/web_push_key`, { token: pusher.token }));
      const before = push.received.length;
      const created = await json<TInboxNotification>(await server.api('acme', `${API}/test`, { method: 'POST', token: pusher.token }));
      const [request] = (await push.waitFor(before + 1)).slice(before);
      expect(request!.path).toBe('/device-1');
      expect(request!.headers['content-encoding']).toBe('aes128gcm');
      expect(request!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`));
      expect(Number(request!.headers.ttl)).toBeGreaterThan(0);
      expect(request!.headers.urgency).toBe('normal');
      const payload = JSON.parse(browser.decrypt(request!.body));
      expect(ZPushPayload.parse(payload)).toBeTruthy();
      expect(payload).toEqual(created);
    });

    it('sends a new post as NEW_POST, drops an invalid payload with a log line, and forgets a device the service says is gone', async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'posts@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      const live = browserSubscription(`${push.url}/posts-device`);
      const gone = browserSubscription(`${push.url}/gone-device`);
      for (const sub of [live, gone]) expect((await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token, json: { token: sub.subscription } })).status).toBe(201);
      const warn = vi.spyOn(server.running.platform.log, 'warn');
      try {
        // A new post without its id cannot be a valid NEW_POST payload: it stays in the inbox, it is not pushed.
        const invalid = await produce(acme.id, [m.personId], { kind: 'new_post', title: 'Sin id', context: { type: 'Post', action: 'created' } });
        await vi.waitFor(() => expect(warn.mock.calls.some(([, message]) => message === 'invalid push payload dropped')).toBe(true), { timeout: 30_000, interval: 100 });
        const call = warn.mock.calls.find(([, message]) => message === 'invalid push payload dropped')!;
        expect(call[0]).toMatchObject({ notificationId: invalid.notifications[0]!.id });
        expect(push.received.some((r) => r.path === '/posts-device')).toBe(false);

        const before = push.received.length;
        await produce(acme.id, [m.personId], { kind: 'new_post', title: 'Nuevo comunicado', context: { type: 'Post', action: 'created', id: 'post-7' } });
        await push.waitFor(before + 2);
        const delivered = push.received.slice(before).find((r) => r.path === '/posts-device')!;
        expect(JSON.parse(live.decrypt(delivered.body))).toEqual({ type: 'NEW_POST', postId: 'post-7', title: 'Nuevo comunicado' });
        expect(push.received.filter((r) => r.path === '/posts-device')).toHaveLength(1);
        expect((await inbox(token)).pagination.total).toBe(2);
        // The gone device answered 410: it is forgotten.
        await vi.waitFor(async () => expect(await devices(token)).toHaveLength(1), { timeout: 10_000, interval: 100 });
      } finally {
        warn.mockRestore();
      }
    });

    it('does not push what is inbox-only (visibility −1) or already read', async () => {
      const m = await addMember(server.running.platform.db, acme.id, 'quiet@acme.test', ['VIEW_NOTIFICATIONS']);
      const token = (await signIn(server, 'acme', m.email, 'secret-pass')).id_token;
      const browser = browserSubscription(`${push.url}/quiet`);
      await server.api('acme', `${API}/devices/fcm_tokens`, { method: 'POST', token, json: { token: browser.subscription } });
      await produce(acme.id, [m.personId], { title: 'silenciosa', visibility: -1 });
      await produce(acme.id, [m.personId], { title: 'ruidosa', priority: 5, visibility: 1 });
      await vi.waitFor(() => expect(push.received.filter((r) => r.path === '/quiet')).toHaveLength(1), { timeout: 30_000, interval: 100 });
      const request = push.received.find((r) => r.path === '/quiet')!;
      expect(JSON.parse(browser.decrypt(request.body)).summary.title).toBe('ruidosa');
      expect(request.headers.urgency).toBe('high');
      expect((await inbox(token)).pagination.total).toBe(2);
    });

    it('keeps the VAPID keys made on first start for every later start', async () => {
      const { publicKey } = await json<{ publicKey: string }>(await server.api('acme', `${API}/devices/web_push_key`, { token: pusher.token }));
      expect(publicKey).toMatch(/^[\w-]{87}$/);
      const config = loadConfig({ PUBLIC_DOMAIN: DOMAIN, LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: '/nonexistent-test-data' });
      const second = await boot(config, { db: server.running.platform.db, logger: false, seed: false });
      try {
        expect(second.app.pushDelivery!.vapidPublicKey).toBe(publicKey);
      } finally {
        await second.close();
      }
    });
  });
});

describe.each(engines())('demo seed notifications on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(engine, { seed: true });
  });
  afterAll(() => server?.close());

  it('gives the demo members a few unread notifications, so the bell has something to show', async () => {
    const { id_token } = await signIn(server, 'demo', 'admin@faena.test', 'faena-demo');
    const response = await server.api('demo', `${API}/inbox`, { token: id_token });
    expect(response.status).toBe(200);
    const page = await json<TInboxPage>(response);
    // The notifications module's own three, beside what other modules' demo data sent (posts, activities).
    expect(page.pagination.total).toBeGreaterThanOrEqual(3);
    expect(page.pagination.totalUnread).toBe(page.pagination.total);
    expect(page.data.map((item) => item.summary.title)).toContain('Incidente reportado en Bodega Central');
  });
});

describe('FCM sender (native push)', () => {
  it('signs in with the service account and posts an HTTP v1 message; an unregistered token is gone', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const requests: { path: string; body: string; authorization: string | undefined }[] = [];
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        requests.push({ path: req.url ?? '', body, authorization: req.headers.authorization });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/token') return res.end(JSON.stringify({ access_token: 'at-1', expires_in: 3600 }));
        if (body.includes('"token":"dead"')) {
          res.statusCode = 404;
          return res.end(JSON.stringify({ error: { status: 'NOT_FOUND', details: [{ errorCode: 'UNREGISTERED' }] } }));
        }
        res.end(JSON.stringify({ name: 'projects/p/messages/1' }));
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    try {
      const sender = new FcmSender(
        { projectId: 'faena-test', clientEmail: 'push@faena-test.iam.gserviceaccount.com', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), tokenUri: `${base}/token` },
        { apiBase: base },
      );
      const message: PushMessage = { payload: { type: 'NEW_POST', postId: 'p1', title: 'Hola' }, display: { title: 'Hola', body: '' }, urgency: 'high', ttlSeconds: 60 };
      expect((await sender.send('device-token', message)).outcome).toBe('sent');
      expect((await sender.send('dead', message)).outcome).toBe('gone');
      expect(requests.filter((r) => r.path === '/token')).toHaveLength(1);
      const [tokenRequest] = requests;
      expect(new URLSearchParams(tokenRequest!.body).get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
      const sent = requests.find((r) => r.path === '/v1/projects/faena-test/messages:send')!;
      expect(sent.authorization).toBe('Bearer at-1');
      expect(JSON.parse(sent.body).message).toMatchObject({
        token: 'device-token',
        notification: { title: 'Hola' },
        data: { payload: JSON.stringify(message.payload) },
        android: { priority: 'HIGH' },
      });
    } finally {
      await new Promise((resolve) => fake.close(resolve));
    }
  });

  it('reads FCM_SERVICE_ACCOUNT as JSON and refuses a malformed one naming the variable', () => {
    const account = JSON.stringify({ project_id: 'p', client_email: 'a@p.iam.gserviceaccount.com', private_key: 'k' });
    expect(loadConfig({ FCM_SERVICE_ACCOUNT: account }).FCM_SERVICE_ACCOUNT).toMatchObject({ projectId: 'p', tokenUri: 'https://oauth2.googleapis.com/token' });
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT: '{"project_id":1}' })).toThrow(ConfigError);
    expect(() => loadConfig({ FCM_SERVICE_ACCOUNT: '{"project_id":1}' })).toThrow(/FCM_SERVICE_ACCOUNT/);
    expect(loadConfig({}).FCM_SERVICE_ACCOUNT).toBeUndefined();
  });
});
