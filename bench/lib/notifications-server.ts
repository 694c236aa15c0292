/**
 * The server of bench/notifications.bench.ts, in its own process (run with --expose-gc) so its
 * memory is its own and the 5,000 stream clients never share its event loop. One JSON argument
 * (NotificationsServerSpec); answers on IPC:
 *   → {type: 'ready', port, tenantId, tokens, readerToken (100k inbox), smallToken (20), seedMs}
 *   ← {type: 'memory'}                      → {type: 'memory', rss, heapUsed, external, arrayBuffers, streams} after a full GC
 *   ← {type: 'broadcast'}                   → {type: 'broadcast', startedAt, committedAt, recipients}  (epoch ms, sub-ms precision)
 *   ← {type: 'bare', seconds, concurrency}  → {type: 'bare', count, seconds, p50, p99} the inbox page query alone
 * SIGTERM closes it.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../apps/server/src/platform/config.ts';
import { openPglite, openPostgres, type Database } from '../../apps/server/src/platform/db/database.ts';
import { boot } from '../../apps/server/src/platform/boot.ts';
import { createTenant } from '../../apps/server/src/modules/tenants/tenants.service.ts';
import { notify } from '../../apps/server/src/modules/notifications/notifications.producer.ts';

export interface NotificationsServerSpec {
  engine: 'pglite' | 'postgres';
  url?: string;
  dataDir?: string;
  streams: number;
  inboxRows: number;
}

const spec = JSON.parse(process.argv[2] ?? '{}') as NotificationsServerSpec;
const now = () => performance.timeOrigin + performance.now();
const UUID = /^[0-9a-f-]{36}$/;

/** The inbox page statement as the repository issues it (newest first, LIMIT/OFFSET on the person's index). */
export const INBOX_PAGE_SQL = `SELECT id, person_id, seq, kind, title, body, priority, visibility, context_type, context_action, context_id, requested_at, checked_at
  FROM notifications WHERE tenant_id = $1 AND person_id = $2 ORDER BY seq DESC LIMIT 20 OFFSET 0`;

async function main(): Promise<void> {
  const db: Database = spec.engine === 'postgres' ? await openPostgres(spec.url!, { poolSize: 10 }) : await openPglite(spec.dataDir!);
  const config = loadConfig({
    PUBLIC_DOMAIN: 'app.localhost',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: spec.dataDir ?? '/nonexistent-bench-data',
    NOTIFICATIONS_MAX_STREAMS: String(spec.streams * 2),
  });
  const running = await boot(config, { db, logger: false, seed: false });
  const { platform } = running;
  const seedStarted = performance.now();
  const { tenant } = await createTenant(db, platform.bus, { subdomain: 'bench', name: 'Bench', adminEmail: 'admin@bench.test', adminPassword: 'bench-password' });
  if (!UUID.test(tenant.id)) throw new Error('unexpected tenant id');

  // Set-based, as the owner: persons holding VIEW_NOTIFICATIONS, one session each.
  const sessions = await db.ownerDrizzle(async (d) => {
    await d.execute(sql.raw('BEGIN'));
    await d.execute(sql.raw(`SELECT set_config('app.tenant_id', '${tenant.id}', true)`));
    await d.execute(
      sql.raw(`INSERT INTO persons (tenant_id, passport, name, primary_email)
      SELECT '${tenant.id}'::uuid, gen_random_uuid()::text, 'Persona ' || i, 'p' || i || '@bench.test' FROM generate_series(1, ${spec.streams + 2}) AS i`),
    );
    await d.execute(
      sql.raw(`INSERT INTO person_permissions (tenant_id, passport, permissions)
      SELECT tenant_id, passport, '{VIEW_NOTIFICATIONS}' FROM persons WHERE tenant_id = '${tenant.id}' AND primary_email LIKE 'p%@bench.test'`),
    );
    const result = (await d.execute(
      sql.raw(`INSERT INTO sessions (tenant_id, user_id, person_id, sign_in_method, expires_at)
      SELECT tenant_id, gen_random_uuid(), id, 'PASSWORD', now() + interval '1 day' FROM persons
      WHERE tenant_id = '${tenant.id}' AND primary_email LIKE 'p%@bench.test'
      RETURNING id, user_id, person_id`),
    )) as unknown as { rows: { id: string; user_id: string; person_id: string }[] };
    await d.execute(sql.raw('COMMIT'));
    return result.rows;
  });
  const [reader, small, ...listeners] = sessions;
  if (!reader || !small || listeners.length !== spec.streams) throw new Error('seeding sessions failed');

  // The reader's inbox: inboxRows notifications, a third of them read, counters to match.
  await db.ownerExec(`BEGIN;
    SELECT set_config('app.tenant_id', '${tenant.id}', true);
    INSERT INTO notifications (tenant_id, person_id, seq, kind, title, body, context_type, context_action, context_id, requested_at, checked_at)
      SELECT '${tenant.id}'::uuid, '${reader.person_id}'::uuid, i, 'new_activity', 'Actividad ' || i, 'Revisar el punto de control ' || i,
             'Activity', 'assigned', 'act-' || i, now() - (${spec.inboxRows} - i) * interval '1 minute', CASE WHEN i % 3 = 0 THEN now() END
      FROM generate_series(1, ${spec.inboxRows}) AS i;
    INSERT INTO notification_inboxes (tenant_id, person_id, last_seq, total, unread)
      VALUES ('${tenant.id}', '${reader.person_id}', ${spec.inboxRows}, ${spec.inboxRows}, ${spec.inboxRows - Math.floor(spec.inboxRows / 3)});
    -- A small inbox (one page) to compare with: the listing should not care how long the inbox is.
    INSERT INTO notifications (tenant_id, person_id, seq, kind, title, body, context_type, context_action, context_id, requested_at)
      SELECT '${tenant.id}'::uuid, '${small.person_id}'::uuid, i, 'new_activity', 'Actividad ' || i, 'Revisar el punto de control ' || i,
             'Activity', 'assigned', 'act-' || i, now() - (20 - i) * interval '1 minute'
      FROM generate_series(1, 20) AS i;
    INSERT INTO notification_inboxes (tenant_id, person_id, last_seq, total, unread) VALUES ('${tenant.id}', '${small.person_id}', 20, 20, 20);
    COMMIT;
    ANALYZE`);
  const seedMs = performance.now() - seedStarted;

  const sign = (s: { id: string; user_id: string; person_id: string }) => platform.tokens.sign({ sub: s.user_id, tid: tenant.id, sid: s.id, pid: s.person_id });
  const tokens = await Promise.all(listeners.map(sign));
  const readerToken = await sign(reader);
  const smallToken = await sign(small);
  await running.app.listen({ port: 0, host: '127.0.0.1' });
  const address = running.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const personIds = listeners.map((s) => s.person_id);

  process.on('message', (message: { type: string; seconds?: number; concurrency?: number }) => {
    void (async () => {
      if (message.type === 'memory') {
        for (let i = 0; i < 3; i++) (globalThis as { gc?: () => void }).gc?.();
        const usage = process.memoryUsage();
        process.send!({ type: 'memory', ...usage, streams: running.app.notificationStreams?.size ?? 0 });
      } else if (message.type === 'broadcast') {
        const startedAt = now();
        const result = await db.transaction(tenant.id, (tx) =>
          notify(platform, tx, { tenantId: tenant.id, personIds, kind: 'system_update', title: 'Mantención programada', body: 'El sistema estará en mantención a las 22:00.' }),
        );
        process.send!({ type: 'broadcast', startedAt, committedAt: now(), recipients: result.notifications.length });
      } else if (message.type === 'bare') {
        const latencies: number[] = [];
        const until = performance.now() + (message.seconds ?? 3) * 1000;
        const worker = async () => {
          while (performance.now() < until) {
            const started = performance.now();
            // As the owner, outside any transaction: no role switch, no RLS, no HTTP.
            await db.queueSql(INBOX_PAGE_SQL, [tenant.id, reader.person_id]);
            latencies.push(performance.now() - started);
          }
        };
        const started = performance.now();
        await Promise.all(Array.from({ length: message.concurrency ?? 1 }, worker));
        const seconds = (performance.now() - started) / 1000;
        latencies.sort((x, y) => x - y);
        const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)] ?? NaN;
        process.send!({ type: 'bare', count: latencies.length, seconds, p50: at(50), p99: at(99) });
      }
    })();
  });
  process.on('SIGTERM', () => {
    void (async () => {
      await running.close();
      await db.close();
      process.exit(0);
    })();
  });
  process.send!({ type: 'ready', port, tenantId: tenant.id, tokens, readerToken, smallToken, seedMs });
}

await main();
