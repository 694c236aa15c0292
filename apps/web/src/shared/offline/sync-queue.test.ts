import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError, NetworkError } from '../api/http-error.ts';
import { idbQueueStore, resetOfflineDbHandle, type QueuedSubmission } from './offline-db.ts';
import { fileIdRef, fileRef, MAX_ATTEMPTS, OfflineStorageFull, SyncQueue, type SyncDeps } from './sync-queue.ts';

/** A server that honours Idempotency-Key as the real one does: one record per key. */
function fakeServer() {
  const records = new Map<string, unknown>();
  const answers: ((item: QueuedSubmission) => Error | null)[] = [];
  let uploads = 0;
  return {
    records,
    get uploads() {
      return uploads;
    },
    /** The next sends fail like this, in turn. */
    failNext(...errors: ((item: QueuedSubmission) => Error | null)[]) {
      answers.push(...errors);
    },
    send: async (item: QueuedSubmission, json: unknown) => {
      const error = answers.shift()?.(item);
      if (error) throw error;
      if (!records.has(item.idempotencyKey)) records.set(item.idempotencyKey, { path: item.path, json });
      return records.get(item.idempotencyKey);
    },
    upload: async (_blob: Blob, name: string) => {
      uploads += 1;
      return `/api/document-manager/v3/upload/u-${name}/download`;
    },
  };
}

const httpError = (status: number, code: string, item: QueuedSubmission) =>
  new HttpError({ status, method: item.method, url: item.path, body: { code, detail: `refused: ${code}` }, bodyText: '', contentType: 'application/json' });
const networkError = (item: QueuedSubmission) => new NetworkError(item.method, item.path, new TypeError('Failed to fetch'));

describe('the offline queue (decision 031)', () => {
  let clock: number;
  let online: boolean;
  let owner: string | null;
  let ids: number;
  let server: ReturnType<typeof fakeServer>;
  let queue: SyncQueue;

  const make = (deps: Partial<SyncDeps> = {}) =>
    new SyncQueue({
      store: idbQueueStore,
      send: server.send,
      upload: server.upload,
      isOnline: () => online,
      now: () => clock,
      owner: () => owner,
      newId: () => `id-${++ids}`,
      ...deps,
    });
  const completion = (title: string) => ({
    kind: 'activity-completion' as const,
    title,
    method: 'POST' as const,
    path: `/api/activities/v3/activities/a/occurrences/${title}/completion/`,
    json: { status: 'COMPLETED' },
  });

  beforeEach(() => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbHandle();
    clock = 1_000_000;
    online = false;
    owner = 't1:u1:p1';
    ids = 0;
    server = fakeServer();
    queue = make();
  });

  it('keeps submissions made offline, survives a new queue over the same store (a reload), sends them in order once online', async () => {
    await queue.enqueue(completion('first'));
    clock += 1;
    await queue.enqueue(completion('second'));
    await queue.flush();
    expect(server.records.size).toBe(0);
    const reloaded = make();
    expect((await reloaded.list()).map((item) => item.title)).toEqual(['first', 'second']);
    online = true;
    await reloaded.flush();
    expect([...server.records.values()].map((record) => (record as { path: string }).path)).toEqual([
      '/api/activities/v3/activities/a/occurrences/first/completion/',
      '/api/activities/v3/activities/a/occurrences/second/completion/',
    ]);
    expect(await reloaded.list()).toEqual([]);
    expect(await reloaded.lastSyncAt()).toBe(new Date(clock).toISOString());
  });

  it('a send cut off after the server wrote it is sent again with the same key: one record', async () => {
    online = true;
    const item = await queue.enqueue(completion('cut'));
    // the server writes it, the answer is lost on the way back
    server.failNext((sent) => {
      void server.send(sent, sent.json);
      return networkError(sent);
    });
    await queue.flush();
    expect((await queue.list())[0]).toMatchObject({ state: 'pending', attempts: 1, lastError: 'network' });
    // the connection returns before the back-off ends: it goes at once
    await queue.wakeUp();
    await queue.flush();
    expect(server.records.size).toBe(1);
    expect([...server.records.keys()]).toEqual([item.idempotencyKey]);
    expect(await queue.list()).toEqual([]);
  });

  it('order is kept: while the first waits for its back-off, the second is not sent', async () => {
    online = true;
    await queue.enqueue(completion('a'));
    clock += 1;
    await queue.enqueue(completion('b'));
    server.failNext((item) => httpError(503, 'service-unavailable', item));
    await queue.flush();
    expect(server.records.size).toBe(0);
    expect((await queue.list()).map((item) => [item.title, item.state, item.attempts])).toEqual([
      ['a', 'pending', 1],
      ['b', 'pending', 0],
    ]);
    clock += 1000;
    await queue.flush();
    expect(server.records.size).toBe(2);
  });

  it('a transient failure again and again ends as failed, the answer kept; retry sends it with the same key', async () => {
    online = true;
    const item = await queue.enqueue(completion('flaky'));
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      server.failNext((sent) => httpError(500, 'internal-error', sent));
      await queue.flush();
      clock += 120_000;
    }
    const [failed] = await queue.list();
    expect(failed).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS, json: { status: 'COMPLETED' } });
    await queue.flush();
    expect(server.records.size).toBe(0);
    await queue.retry(item.id);
    expect(server.records.has(item.idempotencyKey)).toBe(true);
    expect(await queue.list()).toEqual([]);
  });

  it('conflicts are kept with their reason and the answer, never sent again on their own; the next ones go on', async () => {
    online = true;
    await queue.enqueue({ kind: 'checklist-execution', title: 'Ronda', method: 'POST', path: '/api/checklists/v3/executions/e1/submit/', json: { answers: { temp: 4 } } });
    clock += 1;
    await queue.enqueue({ kind: 'workflow-task', title: 'Aprobar', method: 'POST', path: '/api/workflow-backend/v3/user-tasks/t1/responses/', json: { response: { ok: true } } });
    clock += 1;
    await queue.enqueue(completion('cancelled'));
    clock += 1;
    await queue.enqueue(completion('fine'));
    server.failNext(
      (item) => httpError(409, 'outdated-draft', item),
      (item) => httpError(409, 'task-closed', item),
      (item) => httpError(409, 'occurrence-cancelled', item),
    );
    await queue.flush();
    const left = await queue.list();
    expect(left.map((item) => [item.title, item.state, item.conflict?.reason])).toEqual([
      ['Ronda', 'conflict', 'checklist-version'],
      ['Aprobar', 'conflict', 'task-closed'],
      ['cancelled', 'conflict', 'occurrence-cancelled'],
    ]);
    expect(left[0]!.json).toEqual({ answers: { temp: 4 } });
    expect(server.records.size).toBe(1);
    await queue.flush();
    expect(server.records.size).toBe(1);
  });

  it('a refusal that is no conflict shows as failed with the server’s words, the others go on', async () => {
    online = true;
    await queue.enqueue(completion('bad'));
    clock += 1;
    await queue.enqueue(completion('good'));
    server.failNext((item) => httpError(400, 'validation-error', item));
    await queue.flush();
    expect((await queue.list()).map((item) => [item.title, item.state, item.lastError])).toEqual([['bad', 'failed', 'refused: validation-error']]);
  });

  it('files kept on the device are uploaded once, put in the body as link or id, then sent', async () => {
    await queue.enqueue({
      kind: 'checklist-execution',
      title: 'Con foto',
      method: 'POST',
      path: '/api/checklists/v3/executions/e2/submit/',
      json: { photos: { temp: [fileRef('f1')] }, signatures: { executor: fileIdRef('f2') } },
      files: { f1: { blob: new Blob(['jpeg']), name: 'foto.jpeg' }, f2: { blob: new Blob(['png']), name: 'firma.png' } },
    });
    online = true;
    // the photo goes up, then the network drops before the signature: the photo is not sent twice
    let calls = 0;
    queue = make({
      upload: async (blob, name) => {
        calls += 1;
        if (calls === 2) throw new NetworkError('POST', '/process/', new TypeError('offline'));
        return server.upload(blob, name);
      },
    });
    await queue.flush();
    clock += 60_000;
    await queue.flush();
    expect(server.uploads).toBe(2);
    expect([...server.records.values()][0]).toEqual({
      path: '/api/checklists/v3/executions/e2/submit/',
      json: { photos: { temp: ['/api/document-manager/v3/upload/u-foto.jpeg/download'] }, signatures: { executor: 'u-firma.png' } },
    });
    expect(await queue.list()).toEqual([]);
  });

  it('a person signed out keeps their work; another person never sees nor sends it', async () => {
    await queue.enqueue(completion('mine'));
    owner = null;
    online = true;
    await queue.flush();
    expect(server.records.size).toBe(0);
    owner = 't1:u2:p2';
    expect(await queue.list()).toEqual([]);
    await queue.flush();
    expect(server.records.size).toBe(0);
    const [theirs] = await idbQueueStore.list('t1:u1:p1');
    await queue.discard(theirs!.id);
    await queue.retry(theirs!.id);
    expect(await idbQueueStore.list('t1:u1:p1')).toHaveLength(1);
    owner = 't1:u1:p1';
    await queue.flush();
    expect(server.records.size).toBe(1);
  });

  it('discard removes the submission and its files', async () => {
    const item = await queue.enqueue({ ...completion('drop'), files: { f9: { blob: new Blob(['x']), name: 'x.jpeg' } } });
    await queue.discard(item.id);
    expect(await queue.list()).toEqual([]);
    expect(await idbQueueStore.getBlob('f9')).toBeUndefined();
  });

  it('a full device is a clear error, nothing half-kept', async () => {
    const full = make({
      store: {
        ...idbQueueStore,
        add: async () => {
          throw new DOMException('quota', 'QuotaExceededError');
        },
      },
    });
    await expect(full.enqueue(completion('big'))).rejects.toBeInstanceOf(OfflineStorageFull);
    expect(await full.list()).toEqual([]);
  });

  describe('a checklist started offline: one submission, two steps (start, then submit)', () => {
    /** The checklists server: a start makes one draft per key (a replay answers the same), a submit writes once per key. */
    function checklistServer(version: number) {
      const starts = new Map<string, { id: string; version: number; status: string }>();
      const submits = new Map<string, { path: string; json: unknown }>();
      const sends: string[] = [];
      const cut: ((item: QueuedSubmission) => 'before' | 'after' | null)[] = [];
      const fake = {
        starts,
        submits,
        sends,
        version,
        cutNext(...how: ((item: QueuedSubmission) => 'before' | 'after' | null)[]) {
          cut.push(...how);
        },
        send: async (item: QueuedSubmission, json: unknown) => {
          const how = cut.shift()?.(item) ?? null;
          if (how === 'before') throw networkError(item);
          sends.push(`${item.path} ${item.idempotencyKey}`);
          let answer: unknown;
          if (item.path.endsWith('/executions/')) {
            if (!starts.has(item.idempotencyKey)) starts.set(item.idempotencyKey, { id: `e${starts.size + 1}`, version: fake.version, status: 'draft' });
            answer = starts.get(item.idempotencyKey);
          } else {
            if (!submits.has(item.idempotencyKey)) submits.set(item.idempotencyKey, { path: item.path, json });
            answer = submits.get(item.idempotencyKey);
          }
          if (how === 'after') throw networkError(item); // written, the answer lost on the way back
          return answer;
        },
      };
      return fake;
    }
    let checklistsApi: ReturnType<typeof checklistServer>;
    const startedOffline = (version = 3) => ({
      kind: 'checklist-execution' as const,
      title: 'Ronda de bodega',
      method: 'POST' as const,
      path: '/api/checklists/v3/executions/{id}/submit/',
      json: { answers: { temp: 4 }, photos: {}, signatures: {} },
      start: { path: '/api/checklists/v3/checklists/c1/executions/', json: { venue: 'v1' }, expectVersion: version },
    });

    beforeEach(() => {
      checklistsApi = checklistServer(3);
      queue = make({ send: checklistsApi.send });
    });

    it('starts the execution with its own key, then submits to the id it answered with another: one execution', async () => {
      const item = await queue.enqueue(startedOffline());
      await queue.flush();
      expect(checklistsApi.sends).toEqual([]);
      online = true;
      await queue.flush();
      expect(item.start!.idempotencyKey).not.toBe(item.idempotencyKey);
      expect(checklistsApi.sends).toEqual([`/api/checklists/v3/checklists/c1/executions/ ${item.start!.idempotencyKey}`, `/api/checklists/v3/executions/e1/submit/ ${item.idempotencyKey}`]);
      expect([...checklistsApi.submits.values()]).toEqual([{ path: '/api/checklists/v3/executions/e1/submit/', json: { answers: { temp: 4 }, photos: {}, signatures: {} } }]);
      expect(await queue.list()).toEqual([]);
    });

    it('cut between the start and the submit: the execution id is kept on the item, the replay only submits', async () => {
      online = true;
      const item = await queue.enqueue(startedOffline());
      checklistsApi.cutNext(
        () => null,
        () => 'before',
      );
      await queue.flush();
      const [waiting] = await queue.list();
      expect(waiting).toMatchObject({ state: 'pending', lastError: 'network', start: { createdId: 'e1' } });
      // the page is closed and opened again: a new queue over the same store
      queue = make({ send: checklistsApi.send });
      await queue.wakeUp();
      await queue.flush();
      expect(checklistsApi.starts.size).toBe(1);
      expect(checklistsApi.sends.filter((line) => line.includes('/checklists/c1/executions/'))).toHaveLength(1);
      expect([...checklistsApi.submits.keys()]).toEqual([item.idempotencyKey]);
      expect([...checklistsApi.submits.values()][0]).toMatchObject({ path: '/api/checklists/v3/executions/e1/submit/' });
      expect(await queue.list()).toEqual([]);
    });

    it('the start written but its answer lost: replayed with the same key, the server answers the same execution', async () => {
      online = true;
      await queue.enqueue(startedOffline());
      checklistsApi.cutNext(() => 'after');
      await queue.flush();
      expect((await queue.list())[0]).toMatchObject({ state: 'pending', start: { createdId: null } });
      await queue.wakeUp();
      await queue.flush();
      expect(checklistsApi.starts.size).toBe(1);
      expect(checklistsApi.submits.size).toBe(1);
      expect([...checklistsApi.submits.values()][0]).toMatchObject({ path: '/api/checklists/v3/executions/e1/submit/' });
    });

    it('the submit written but its answer lost: replayed with its key, one submission', async () => {
      online = true;
      await queue.enqueue(startedOffline());
      checklistsApi.cutNext(
        () => null,
        () => 'after',
      );
      await queue.flush();
      await queue.wakeUp();
      await queue.flush();
      expect(checklistsApi.starts.size).toBe(1);
      expect(checklistsApi.submits.size).toBe(1);
      expect(await queue.list()).toEqual([]);
    });

    it('the checklist changed version meanwhile: the checklist-version conflict, the answers kept, nothing submitted', async () => {
      checklistsApi.version = 4;
      online = true;
      await queue.enqueue(startedOffline(3));
      await queue.flush();
      const [kept] = await queue.list();
      expect(kept).toMatchObject({ state: 'conflict', conflict: { reason: 'checklist-version' }, json: { answers: { temp: 4 } } });
      expect(checklistsApi.submits.size).toBe(0);
      await queue.flush();
      expect(checklistsApi.starts.size).toBe(1);
      expect(checklistsApi.submits.size).toBe(0);
    });

    it('started from an occurrence someone else completed meanwhile: the answered-elsewhere conflict, answers kept', async () => {
      online = true;
      await queue.enqueue(startedOffline());
      queue = make({ send: async (item) => Promise.reject(httpError(409, 'already-completed', item)) });
      await queue.flush();
      expect((await queue.list())[0]).toMatchObject({ state: 'conflict', conflict: { reason: 'answered-elsewhere' }, json: { answers: { temp: 4 } } });
    });

    it('a refused start (not an executor any more) shows as failed with the server’s words', async () => {
      online = true;
      await queue.enqueue(startedOffline());
      queue = make({ send: async (item) => Promise.reject(httpError(403, 'not-an-executor', item)) });
      await queue.flush();
      expect((await queue.list())[0]).toMatchObject({ state: 'failed', lastError: 'refused: not-an-executor', start: { createdId: null } });
    });
  });
});
