/**
 * Posts ([P12 Communication and reports], decision 023), PGlite, in one process over loopback:
 * publishing a post to an audience of 10,000 people (POST /posts/ with publish, the publish job
 * woken at once, the audience resolved, the recipients recorded, one inbox notification per
 * person and the NEW_POST push through notify) until the post is delivered, against the
 * notifications module's own broadcast of the same size: notify() to the same 10,000 person ids
 * in one transaction, as notifications.bench.ts broadcasts (target: within 2× of its time).
 * Each round runs both, turn about (post, broadcast, post, …): the machine is shared. After the
 * rounds every post's 10,000 inbox notifications are counted.
 */
import { sql } from 'drizzle-orm';
import { makeTenant, signIn, startServer } from '../apps/server/test/harness.ts';
import { notify } from '../apps/server/src/modules/notifications/index.ts';
import { personsSql } from './lib/seed.ts';
import { target, type Benchmark } from './lib/report.ts';

const AUDIENCE = Number(process.env.BENCH_POST_AUDIENCE ?? 10_000);
const ROUNDS = Number(process.env.BENCH_POST_ROUNDS ?? 4);
const POSTS = '/api/posts/v3/posts/';

async function ok<T>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  if (response.status !== status) throw new Error(`status ${response.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const bench: Benchmark = {
  title: `Posts: publishing to an audience of ${AUDIENCE.toLocaleString('en')} vs the notifications broadcast of the same size`,
  async run(ctx) {
    ctx.log('starting a PGlite server and seeding');
    const server = await startServer('pglite');
    try {
      const { platform } = server.running;
      const { tenant } = await makeTenant(server, 'bench');
      const admin = (await signIn(server, 'bench', 'admin@bench.test', 'secret-pass')).id_token;
      const api = (path: string, json: unknown) => server.api('bench', path, { method: 'POST', token: admin, json });
      const venue = await ok<{ id: string }>(await api('/api/organization/v3/venues/', { name: 'Bodega central', code: 'BC' }), 201);
      // the audience: everyone working at the venue (AUDIENCE persons, set-based)
      const seededAt = performance.now();
      await platform.db.transaction(tenant.id, async (tx) => {
        await tx.execute(sql.raw(personsSql(tenant.id, AUDIENCE)));
        await tx.execute(sql`UPDATE persons SET workspace_ids = ARRAY[${venue.id}]::uuid[] WHERE tenant_id = ${tenant.id} AND primary_email LIKE 'person%@bench.test'`);
      });
      const audience = await ok<{ id: string }>(
        await api('/api/audiences/v3/audiences/', { name: 'Bodega central', rules: { positions: [], venues: [venue.id], business_lines: [], persons: [] } }),
        201,
      );
      const members = await platform.db.transaction(
        tenant.id,
        async (tx) => (await tx.execute(sql`SELECT id FROM persons WHERE tenant_id = ${tenant.id} AND ${venue.id}::uuid = ANY(workspace_ids)`)) as unknown as { rows: { id: string }[] },
      );
      const personIds = members.rows.map((row) => row.id);
      if (personIds.length !== AUDIENCE) throw new Error(`the audience holds ${personIds.length} persons, not ${AUDIENCE}`);
      await platform.db.transaction(tenant.id, (tx) => tx.execute(sql`ANALYZE persons`));
      ctx.log(`seeded ${AUDIENCE.toLocaleString('en')} persons in ${((performance.now() - seededAt) / 1000).toFixed(1)} s`);

      const deliveredAt = async (postId: string) =>
        platform.db.transaction(
          tenant.id,
          async (tx) =>
            ((await tx.execute(sql`SELECT delivered_at FROM posts WHERE tenant_id = ${tenant.id} AND id = ${postId}`)) as unknown as { rows: { delivered_at: unknown }[] }).rows[0]?.delivered_at ??
            null,
        );

      /** Publishes one post; resolves once its delivery (recipients and notifications, one transaction) has committed. */
      const publish = async (round: number) => {
        const started = performance.now();
        const post = await ok<{ id: string }>(
          await api(POSTS, { title: `Comunicado ${round}`, body: '<p>Mañana se revisan los extintores de la bodega.</p>', audience_id: audience.id, publish: true }),
          201,
        );
        const answeredMs = performance.now() - started;
        for (;;) {
          if ((await deliveredAt(post.id)) !== null) break;
          if (performance.now() - started > 300_000) throw new Error('the post was not delivered within 5 minutes');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return { id: post.id, ms: performance.now() - started, answeredMs };
      };
      /** The notifications module's broadcast: notify() to the same persons in one transaction, until it commits. */
      const broadcast = async (round: number) => {
        const started = performance.now();
        const result = await platform.db.transaction(tenant.id, (tx) =>
          notify(platform, tx, {
            tenantId: tenant.id,
            personIds,
            kind: 'new_post',
            title: `Aviso ${round}`,
            body: 'Mañana se revisan los extintores de la bodega.',
            context: { type: 'Post', action: 'published', id: `bench-${round}` },
          }),
        );
        if (result.notifications.length !== AUDIENCE) throw new Error(`the broadcast created ${result.notifications.length} notifications`);
        return performance.now() - started;
      };

      ctx.log('warming up (one of each)');
      const posts: string[] = [(await publish(0)).id];
      await broadcast(0);
      const postMs: number[] = [];
      const answeredMs: number[] = [];
      const broadcastMs: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        ctx.log(`round ${round}/${ROUNDS}`);
        const published = await publish(round);
        posts.push(published.id);
        postMs.push(published.ms);
        answeredMs.push(published.answeredMs);
        broadcastMs.push(await broadcast(round));
      }
      // every post reached every person of its audience, once
      const counts = await platform.db.transaction(
        tenant.id,
        async (tx) =>
          (
            (await tx.execute(
              sql`SELECT context_id, count(*)::int AS n FROM notifications WHERE tenant_id = ${tenant.id} AND kind = 'new_post' AND context_id = ANY(${`{${posts.join(',')}}`}::text[]) GROUP BY context_id`,
            )) as unknown as { rows: { context_id: string; n: number }[] }
          ).rows,
      );
      const short = posts.filter((id) => counts.find((c) => c.context_id === id)?.n !== AUDIENCE);
      if (short.length > 0) throw new Error(`posts not delivered to all ${AUDIENCE}: ${short.join(', ')}`);

      const post = median(postMs);
      const bare = median(broadcastMs);
      const ratio = post / bare;
      ctx.data.results = { audience: AUDIENCE, rounds: ROUNDS, postMs, answeredMs, broadcastMs, ratio };
      ctx.table({
        title: `Posts (PGlite, in process; ${AUDIENCE.toLocaleString('en')} recipients, ${ROUNDS} rounds each, medians)`,
        columns: ['measure', 'ms', 'ratio'],
        rows: [
          [`publish a post until delivered (POST answered after ${median(answeredMs).toFixed(0)} ms)`, post, ratio],
          ['notifications broadcast: notify() of the same persons, to commit', bare, 1],
        ],
        notes: ['measured turn about (post, broadcast, …); every post’s notifications counted afterwards', 'ratio: time of the post ÷ time of the broadcast (lower is better)'],
      });
      ctx.target(
        target(
          `post to ${AUDIENCE.toLocaleString('en')} delivered within 2× the notifications broadcast`,
          ratio,
          2,
          (r) => `${r.toFixed(2)}× the broadcast (${post.toFixed(0)} vs ${bare.toFixed(0)} ms; target ≤ 2×)`,
          false,
        ),
      );
    } finally {
      await server.close();
    }
  },
};

export default bench;
