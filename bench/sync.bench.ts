/**
 * Offline sync ([P15 Mobile and offline] point 2, decision 031), PGlite, in one process over
 * loopback: 50 submissions made offline — 30 activity completions and 20 checklist submissions
 * with one photo each (a 1280×960 JPEG at quality 85, what the camera takes) — sent by the device's
 * queue (apps/web/src/shared/offline/sync-queue.ts over fake-indexeddb: kept, then uploaded and sent
 * in order with their Idempotency-Keys) against the same 50 sent online one by one as the screens
 * do without the queue (upload, then the plain request). Turn about (queue, direct, …; BENCH_SYNC_ROUNDS, 1),
 * medians compared; each round uses its own activities and drafts.
 * Target: the queue's sync within 1.5× the one-by-one time (the queue adds its bookkeeping only).
 */
import 'fake-indexeddb/auto';
import sharp from 'sharp';
import { addMember, makeTenant, signIn, startServer, type TestServer } from '../apps/server/test/harness.ts';
import { store, storedId, uploadedId, uploadWhole } from '../apps/server/test/documents.helpers.ts';
import { HttpError } from '../apps/web/src/shared/api/http-error.ts';
import { idbQueueStore } from '../apps/web/src/shared/offline/offline-db.ts';
import { fileIdRef, SyncQueue, type SubmissionInput } from '../apps/web/src/shared/offline/sync-queue.ts';
import { target, type Benchmark } from './lib/report.ts';
import { median } from './lib/stats.ts';

const SUBMISSIONS = 50;
const PHOTOS = 20;
const ROUNDS = Math.max(1, Number(process.env.BENCH_SYNC_ROUNDS ?? 1));
const RATIO_TARGET = 1.5;
const A = '/api/activities/v3';
const C = '/api/checklists/v3';

async function ok<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`${response.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

interface Planned {
  input: SubmissionInput;
  photo: Buffer | null;
}

const bench: Benchmark = {
  title: `Offline sync: ${SUBMISSIONS} queued submissions with ${PHOTOS} photos sent by the queue vs sent online one by one`,
  async run(ctx) {
    ctx.log('starting a PGlite server');
    const server: TestServer = await startServer('pglite');
    try {
      const { tenant } = await makeTenant(server, 'bench');
      const admin = (await signIn(server, 'bench', 'admin@bench.test', 'secret-pass')).id_token;
      const worker = await addMember(server, tenant.id, { email: 'campo@bench.test', permissions: ['VIEW_TASKS', 'VIEW_CHECKLISTS'] });
      const token = (await signIn(server, 'bench', worker.email, worker.password)).id_token;
      const api = (path: string, init: { method?: string; json?: unknown; headers?: Record<string, string> } = {}, as = admin) => server.api('bench', path, { ...init, token: as });
      const jpeg = await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 90, g: 120, b: 80 } } })
        .composite([{ input: Buffer.from('<svg width="1280" height="960"><text x="40" y="480" font-size="120">EPP</text></svg>') }])
        .jpeg({ quality: 85 })
        .toBuffer();
      const category = await ok<{ id: string }>(await api(`${C}/categories/`, { method: 'POST', json: { name: 'Bench' } }), 201);

      /** One round's 50 submissions: new activities and new drafts (each draft of its own checklist). */
      const plan = async (round: string): Promise<Planned[]> => {
        const planned: Planned[] = [];
        for (let i = 0; i < SUBMISSIONS - PHOTOS; i++) {
          const made = await ok<{ public_id: string }>(
            await api(`${A}/activities/`, {
              method: 'POST',
              json: { title: `Ronda ${round}-${i}`, start: '2027-01-10T09:00', timezone: 'UTC', duration_minutes: 30, responsibles: [worker.passport] },
            }),
            201,
          );
          const { recurrenceId } = await ok<{ recurrenceId: string }>(await api(`${A}/activities/${made.public_id}/occurrences/current/`));
          planned.push({
            photo: null,
            input: {
              kind: 'activity-completion',
              title: `Ronda ${i}`,
              method: 'POST',
              path: `${A}/activities/${made.public_id}/occurrences/${recurrenceId}/completion/`,
              json: { status: 'COMPLETED', description: 'Hecha sin señal' },
            },
          });
        }
        for (let i = 0; i < PHOTOS; i++) {
          const checklist = await ok<{ id: string }>(
            await api(`${C}/checklists/`, {
              method: 'POST',
              json: {
                name: `Bodega ${round}-${i}`,
                category: category.id,
                sections: [{ id: 's', title: 'S', field_ids: [1] }],
                fields: [{ id: 1, type: 'boolean', name: 'epp', label: 'EPP', required: true }],
                executors: { persons: [worker.passport] },
              },
            }),
            201,
          );
          const draft = await ok<{ id: string }>(await api(`${C}/checklists/${checklist.id}/executions/`, { method: 'POST', json: {} }, token), 201);
          planned.push({
            photo: jpeg,
            input: {
              kind: 'checklist-execution',
              title: `Bodega ${i}`,
              method: 'POST',
              path: `${C}/executions/${draft.id}/submit/`,
              json: { answers: { epp: true }, photos: { '1': [fileIdRef(`photo-${round}-${i}`)] } },
            },
          });
        }
        // interleaved, as a day's work would be: a completion, a checklist, …
        const completions = planned.filter((entry) => !entry.photo);
        const checklists = planned.filter((entry) => entry.photo);
        return Array.from({ length: planned.length }, (_, i) => (i % 2 === 1 && checklists.length > 0 ? checklists.shift()! : (completions.shift() ?? checklists.shift()!)));
      };

      const uploadLink = async (blob: Blob | Buffer, name: string) => {
        const bytes = Buffer.isBuffer(blob) ? blob : Buffer.from(await blob.arrayBuffer());
        const id = await storedId(await store(server, 'bench', token, await uploadedId(await uploadWhole(server, 'bench', token, bytes, name))));
        return `/api/document-manager/v3/upload/${id}/download`;
      };

      const viaQueue = async (planned: Planned[]): Promise<number> => {
        let ids = 0;
        const queue = new SyncQueue({
          store: idbQueueStore,
          send: async (item, json) => {
            const response = await api(item.path, { method: item.method, json, headers: { 'idempotency-key': item.idempotencyKey } }, token);
            const text = await response.text();
            if (!response.ok && process.env.BENCH_SYNC_DEBUG) console.error(item.path, JSON.stringify(json), text);
            if (!response.ok) throw new HttpError({ status: response.status, method: item.method, url: item.path, body: JSON.parse(text || 'null'), bodyText: text, contentType: 'application/json' });
            return JSON.parse(text || 'null');
          },
          upload: uploadLink,
          isOnline: () => true,
          now: () => Date.now(),
          owner: () => `${tenant.id}:bench`,
          newId: () => `bench-${process.pid}-${Date.now()}-${++ids}`,
        });
        // made offline: kept with their photos (not timed), then the connection returns
        for (const { input, photo } of planned) {
          const ref = photo ? (input.json as { photos: Record<string, string[]> }).photos['1']![0]!.slice('offline-file-id:'.length) : null;
          await queue.enqueue(ref ? { ...input, files: { [ref]: { blob: new Blob([new Uint8Array(photo!)]), name: 'foto.jpeg' } } } : input);
        }
        const started = performance.now();
        await queue.flush();
        const ms = performance.now() - started;
        const left = await queue.list();
        if (left.length > 0) throw new Error(`queue left ${left.length}: ${left[0]!.state} ${left[0]!.lastError ?? ''} ${JSON.stringify(left[0]!.conflict)}`);
        return ms;
      };

      const direct = async (planned: Planned[]): Promise<number> => {
        const started = performance.now();
        for (const { input, photo } of planned) {
          let json = input.json;
          if (photo) {
            const link = await uploadLink(photo, 'foto.jpeg');
            json = { ...(json as object), photos: { '1': [link.split('/').at(-2)!] } };
          }
          await ok(await api(input.path, { method: input.method, json }, token), input.kind === 'checklist-execution' ? 200 : 201);
        }
        return performance.now() - started;
      };

      const queued: number[] = [];
      const online: number[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        ctx.log(`round ${round + 1}/${ROUNDS}: planning ${2 * SUBMISSIONS} submissions`);
        const a = await plan(`q${round}`);
        const b = await plan(`d${round}`);
        queued.push(await viaQueue(a));
        online.push(await direct(b));
      }
      const q = median(queued);
      const d = median(online);
      const ratio = q / d;
      ctx.table({
        title: `${SUBMISSIONS} submissions (${PHOTOS} with a ${Math.round(jpeg.length / 1024)} KB photo), ${ROUNDS} rounds, medians`,
        columns: ['way', 'total ms', 'ms per submission', 'vs one by one'],
        rows: [
          ['queue sync (IndexedDB, keys, in order)', Math.round(q), +(q / SUBMISSIONS).toFixed(1), `${ratio.toFixed(2)}×`],
          ['online one by one (baseline)', Math.round(d), +(d / SUBMISSIONS).toFixed(1), '1.00×'],
        ],
        notes: ['The queue stores with fake-indexeddb in Node (the browser uses IndexedDB); the server honours each Idempotency-Key (one more row per submission).'],
      });
      ctx.data.queuedMs = queued;
      ctx.data.onlineMs = online;
      ctx.target(target(`queue sync within ${RATIO_TARGET}× of sending one by one`, ratio, RATIO_TARGET, (m) => `${m.toFixed(2)}× (target ≤ ${RATIO_TARGET}×)`, false));
    } finally {
      await server.close();
    }
  },
};

export default bench;
