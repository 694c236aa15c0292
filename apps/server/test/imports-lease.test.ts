import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { csv, RES, startImport, waitForJob } from './directory.helpers.ts';

/**
 * A run's lease stays alive through a stretch of its step that reaches no heartbeat (here: a file
 * whose storage holds its bytes back, as a workbook's shared strings or a large zip check would),
 * and stops being renewed once the run has recorded no progress for too long. The lease is two
 * seconds (IMPORT_LEASE_SECONDS=2): without renewal it lapses within the hold, and the watchdog
 * would send the step again to another process.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines())('import leases on %s', (engine) => {
  let server: TestServer;
  let token: string;
  let tenantId: string;
  let base: string;
  /** While set, the storage gives a file's bytes only once it resolves. */
  let hold: Promise<void> | null = null;
  beforeAll(async () => {
    server = await startServer(engine, { env: { IMPORT_LEASE_SECONDS: '2' } });
    const { tenant, adminEmail, adminPassword } = await makeTenant(server, 'arriendo');
    tenantId = tenant.id;
    token = (await signIn(server, 'arriendo', adminEmail, adminPassword)).id_token;
    const source = await body<{ id: string }>(await server.api('arriendo', `${RES}/data-sources/`, { method: 'POST', token, json: { name: 'Códigos' } }));
    base = `${RES}/data-sources/${source.id}/imports/`;
    const storage = server.running.platform.storage;
    const get = storage.get.bind(storage);
    storage.get = async (key, range): Promise<Readable> => {
      const stream = await get(key, range);
      const gate = hold;
      if (!gate || range) return stream;
      const held = new PassThrough();
      void gate.then(() => stream.pipe(held));
      return held;
    };
  });
  afterAll(() => server?.close());

  const leaseOf = async (jobId: number) =>
    server.running.platform.db.transaction(tenantId, async (tx) => {
      const result = (await tx.execute(sql`
        SELECT status, attempts, lease_token IS NOT NULL AS held, lease_until > now() AS live FROM import_jobs
        WHERE tenant_id = ${tenantId} AND id = ${jobId}`)) as unknown as { rows: { status: string; attempts: number; held: boolean; live: boolean | null }[] };
      return result.rows[0]!;
    });

  it('a run that reaches no heartbeat for several leases keeps its lease; one silent past the limit loses it, and the run still ends', async () => {
    let open!: () => void;
    hold = new Promise<void>((resolve) => (open = resolve));
    const file = csv([['key', 'label'], ...Array.from({ length: 50 }, (_, i) => [`k${i}`, `Valor ${i}`])]);
    const job = await startImport(server, 'arriendo', token, base, file, 'lento.csv', 'upsert');

    // claimed: VALIDATING, waiting on the file's bytes
    const claimedBy = Date.now() + 30_000;
    while ((await leaseOf(job.id)).status !== 'VALIDATING') {
      expect(Date.now()).toBeLessThan(claimedBy);
      await sleep(50);
    }
    // two and a half leases, past the watchdog's first look (twice the lease): never lapsed
    const samples: boolean[] = [];
    for (const until = Date.now() + 5000; Date.now() < until; await sleep(100)) samples.push((await leaseOf(job.id)).live === true);
    expect(samples.length).toBeGreaterThan(15);
    expect(samples.every(Boolean)).toBe(true);

    // the run's last recorded progress pushed back past the silence limit: the lease is left to lapse
    await server.running.platform.db.transaction(tenantId, (tx) => tx.execute(sql`UPDATE import_jobs SET updated_at = now() - interval '11 minutes' WHERE tenant_id = ${tenantId} AND id = ${job.id}`));
    const lapsedBy = Date.now() + 8000;
    while ((await leaseOf(job.id)).live) {
      expect(Date.now()).toBeLessThan(lapsedBy);
      await sleep(100);
    }

    // the bytes come: nobody else took the step, so the same run goes on and finishes it
    open();
    hold = null;
    const done = await waitForJob(server, 'arriendo', token, base, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
    expect(done).toMatchObject({ status: 'VALIDATION_OK', counts: { ADD: 50 } });
    expect(await leaseOf(job.id)).toMatchObject({ status: 'VALIDATION_OK', attempts: 1, held: false });
  });
});
