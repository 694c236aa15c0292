import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, body, engines, makeTenant, signIn, startServer, type TestServer } from './harness.ts';
import { PDF, PNG_1X1, eventually, store, storedId, uploadWhole, uploadedId } from './documents.helpers.ts';
import { deliverPost } from '../src/modules/posts/index.ts';

const POSTS = '/api/posts/v3/posts';
const LINKS = '/api/links/v3/links';
const INBOX = '/api/notifications-engine/v3/notifications/inbox?offset=0&limit=100';
const AUDIENCES = '/api/audiences/v3/audiences/';

interface Post {
  id: string;
  title: string;
  state: string;
  body: string;
  requires_ack: boolean;
  read_at: string | null;
  acknowledged_at: string | null;
  cover: { id: string; url: string } | null;
  images: { id: string }[];
  files: { id: string; name: string }[];
  can_manage: boolean;
}
interface Inbox {
  data: { notificationId: string; summary: { title: string; body: string }; context: { type: string; action: string; id?: string } }[];
}
interface Page<T> {
  count: number;
  results: T[];
}

describe.each(engines())('posts and links on %s', (engine) => {
  let server: TestServer;
  let tenantId: string;
  let admin: string;
  let planta: string; // in the audience
  let oficina: string; // not in it
  let other: string; // another tenant's administrator
  let plantaPerson: string;
  let audienceId: string;
  let nobodyAudience: string;

  const api = (token: string, path: string, init: { method?: string; json?: unknown } = {}, subdomain = 'acme') => server.api(subdomain, path, { ...init, token });
  const inboxOf = async (token: string) => (await body<Inbox>(await api(token, INBOX))).data;
  const aboutPost = (inbox: Inbox['data'], postId: string) => inbox.filter((item) => item.context.type === 'Post' && item.context.id === postId);
  const create = async (json: Record<string, unknown>) => {
    const response = await api(admin, `${POSTS}/`, { method: 'POST', json });
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
    return body<Post>(response);
  };
  const storedFile = async (file: Buffer, name: string) => storedId(await store(server, 'acme', admin, await uploadedId(await uploadWhole(server, 'acme', admin, file, name))));

  beforeAll(async () => {
    server = await startServer(engine);
    const { tenant } = await makeTenant(server, 'acme');
    tenantId = tenant.id;
    await makeTenant(server, 'otra');
    admin = (await signIn(server, 'acme', 'admin@acme.test', 'secret-pass')).id_token;
    plantaPerson = (await addMember(server, tenantId, { email: 'planta@acme.test', name: 'Pía Planta', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS'] })).personId;
    await addMember(server, tenantId, { email: 'oficina@acme.test', name: 'Óscar Oficina', permissions: ['VIEW_HOME', 'VIEW_NOTIFICATIONS'] });
    planta = (await signIn(server, 'acme', 'planta@acme.test', 'member-pass')).id_token;
    oficina = (await signIn(server, 'acme', 'oficina@acme.test', 'member-pass')).id_token;
    other = (await signIn(server, 'otra', 'admin@otra.test', 'secret-pass')).id_token;
    const audience = await api(admin, AUDIENCES, { method: 'POST', json: { name: 'Planta', rules: { positions: [], venues: [], business_lines: [], persons: [plantaPerson] } } });
    audienceId = (await body<{ id: string }>(audience)).id;
    nobodyAudience = (await body<{ id: string }>(await api(admin, AUDIENCES, { method: 'POST', json: { name: 'Vacía' } }))).id;
  });
  afterAll(() => server?.close());

  it('lets only MANAGE_POSTS write and list every post', async () => {
    expect((await api(planta, `${POSTS}/`, { method: 'POST', json: { title: 'X' } })).status).toBe(403);
    expect((await api(planta, `${POSTS}/manage/`)).status).toBe(403);
    expect((await api(planta, `${POSTS}/audience-preview/`, { method: 'POST', json: { audience_id: null } })).status).toBe(403);
    expect((await api(admin, `${POSTS}/manage/`)).status).toBe(200);
  });

  it('publishes to an audience: its members get one inbox notification and see it; others do not', async () => {
    const post = await create({
      title: 'Nuevo turno de noche',
      body: '<p>Desde el lunes <strong>22:00</strong>.</p><script>alert(1)</script><p onclick="x()">ok</p>',
      audience_id: audienceId,
      requires_ack: true,
      publish: true,
    });
    expect(post).toMatchObject({ state: 'published', requires_ack: true, can_manage: true });
    expect(post.body).toBe('<p>Desde el lunes <strong>22:00</strong>.</p><p>ok</p>');
    const inbox = await eventually(
      () => inboxOf(planta),
      (items) => aboutPost(items, post.id).length > 0,
      15_000,
    );
    expect(aboutPost(inbox, post.id)).toEqual([
      expect.objectContaining({ summary: expect.objectContaining({ title: 'Nuevo turno de noche' }), context: { type: 'Post', action: 'published', id: post.id } }),
    ]);
    expect(aboutPost(await inboxOf(oficina), post.id)).toHaveLength(0);

    const feedOf = async (token: string) => body<Page<Post> & { pending: number }>(await api(token, `${POSTS}/`));
    const plantaFeed = await feedOf(planta);
    expect(plantaFeed.results.map((p) => p.id)).toContain(post.id);
    expect(plantaFeed.pending).toBeGreaterThanOrEqual(1);
    expect((await feedOf(oficina)).results.map((p) => p.id)).not.toContain(post.id);
    expect((await api(oficina, `${POSTS}/${post.id}/`)).status).toBe(404);
    expect((await api(oficina, `${POSTS}/${post.id}/ack/`, { method: 'POST' })).status).toBe(404);

    // the job running again (at least once delivery) notifies nobody twice
    expect(await deliverPost(server.running.platform, { tenantId, postId: post.id })).toBe(0);
    expect(await deliverPost(server.running.platform, { tenantId, postId: post.id })).toBe(0);
    expect(aboutPost(await inboxOf(planta), post.id)).toHaveLength(1);
  });

  it('marks a post read when opened, acknowledges it, and shows the author who has and has not', async () => {
    const post = (await body<Page<Post>>(await api(admin, `${POSTS}/manage/?search=turno`))).results[0]!;
    const receiptsOf = async () =>
      body<{ totals: { recipients: number; read: number; acknowledged: number }; results: { person: { id: string; name: string }; read_at: string | null; acknowledged_at: string | null }[] }>(
        await api(admin, `${POSTS}/${post.id}/receipts/`),
      );
    expect((await receiptsOf()).totals).toEqual({ recipients: 1, read: 0, acknowledged: 0 });

    const opened = await api(planta, `${POSTS}/${post.id}/read/`, { method: 'POST' });
    expect(opened.status).toBe(200);
    expect((await body<{ read_at: string | null; acknowledged_at: string | null }>(opened)).read_at).not.toBeNull();
    expect((await receiptsOf()).totals).toEqual({ recipients: 1, read: 1, acknowledged: 0 });
    const acked = await body<{ acknowledged_at: string | null }>(await api(planta, `${POSTS}/${post.id}/ack/`, { method: 'POST' }));
    expect(acked.acknowledged_at).not.toBeNull();
    const receipts = await receiptsOf();
    expect(receipts.totals).toEqual({ recipients: 1, read: 1, acknowledged: 1 });
    expect(receipts.results).toEqual([expect.objectContaining({ person: { id: plantaPerson, name: 'Pía Planta' } })]);
    const unacked = await body<Page<unknown>>(await api(admin, `${POSTS}/${post.id}/receipts/?filter=unacknowledged`));
    expect(unacked.count).toBe(0);
    const mine = await body<Post>(await api(planta, `${POSTS}/${post.id}/`));
    expect(mine.acknowledged_at).not.toBeNull();
    expect(mine).toMatchObject({ can_manage: false, is_for_me: true });
    // the author is not in the audience: nothing to acknowledge
    expect(await body(await api(admin, `${POSTS}/${post.id}/`))).toMatchObject({ can_manage: true, is_for_me: false });
    // a member is not the author: the receipts are not theirs to see
    expect((await api(planta, `${POSTS}/${post.id}/receipts/`)).status).toBe(404);
    expect((await api(planta, `${POSTS}/${post.id}/remind/`, { method: 'POST' })).status).toBe(404);
  });

  it('reminds only those who have not acknowledged; a post without acknowledgement refuses one', async () => {
    const post = await create({ title: 'Simulacro de evacuación', requires_ack: true, publish: true });
    await eventually(
      () => inboxOf(oficina),
      (items) => aboutPost(items, post.id).length > 0,
      15_000,
    );
    await api(planta, `${POSTS}/${post.id}/ack/`, { method: 'POST' });
    const reminded = await body<{ reminded: number }>(await api(admin, `${POSTS}/${post.id}/remind/`, { method: 'POST' }));
    expect(reminded.reminded).toBe(2); // the administrator and Óscar, not Pía
    expect(
      aboutPost(await inboxOf(oficina), post.id)
        .map((item) => item.context.action)
        .sort(),
    ).toEqual(['published', 'reminder']);
    expect(aboutPost(await inboxOf(planta), post.id).map((item) => item.context.action)).toEqual(['published']);

    const plain = await create({ title: 'Cumpleaños del mes', publish: true });
    const refused = await api(oficina, `${POSTS}/${plain.id}/ack/`, { method: 'POST' });
    expect(refused.status).toBe(400);
    expect(await body(refused)).toMatchObject({ code: 'bad-request', reason: 'no-ack' });
  });

  it('refuses bad input with coded errors and writes nothing', async () => {
    const before = (await body<Page<Post>>(await api(admin, `${POSTS}/manage/`))).count;
    const video = await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'Video', video_id: 'abc', publish: true } });
    expect(video.status).toBe(400);
    expect(await body(video)).toMatchObject({ code: 'validation-error', errors: { video_id: ['ID de video inválido'] } });

    const preview = await body<{ count: number }>(await api(admin, `${POSTS}/audience-preview/`, { method: 'POST', json: { audience_id: nobodyAudience } }));
    expect(preview.count).toBe(0);
    expect((await body<{ count: number }>(await api(admin, `${POSTS}/audience-preview/`, { method: 'POST', json: { audience_id: audienceId } }))).count).toBe(1);
    const nobody = await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'A nadie', audience_id: nobodyAudience, publish: true } });
    expect(nobody.status).toBe(400);
    expect(await body(nobody)).toMatchObject({ code: 'bad-request', reason: 'empty-audience' });

    const unknownAudience = await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'X', audience_id: '00000000-0000-4000-8000-000000000000' } });
    expect(await body(unknownAudience)).toMatchObject({ code: 'validation-error', reasons: { audience_id: 'unknown-reference' } });
    const pdf = await storedFile(PDF, 'reglamento.pdf');
    const notImage = await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'X', cover_upload_id: pdf, file_ids: ['nope'] } });
    expect(await body(notImage)).toMatchObject({ code: 'validation-error', reasons: { cover_upload_id: 'not-an-image', file_ids: 'unknown-file' } });
    const tooMany = await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'X', image_ids: Array.from({ length: 11 }, (_, i) => `img${i}`) } });
    expect(tooMany.status).toBe(400);
    const expiry = await api(admin, `${POSTS}/`, { method: 'POST', json: { title: 'X', publish_at: '2030-01-02T10:00:00Z', expires_at: '2030-01-01T10:00:00Z', publish: true } });
    expect(await body(expiry)).toMatchObject({ code: 'validation-error', errors: { expires_at: [expect.any(String)] } });
    expect((await api(admin, `${POSTS}/not-a-uuid/`)).status).toBe(404);
    expect((await body<Page<Post>>(await api(admin, `${POSTS}/manage/`))).count).toBe(before);

    // a draft to nobody is fine; publishing it is told
    const draft = await create({ title: 'Borrador', audience_id: nobodyAudience });
    expect(draft.state).toBe('draft');
    expect(await body(await api(admin, `${POSTS}/${draft.id}/publish/`, { method: 'POST' }))).toMatchObject({ reason: 'empty-audience' });
  });

  it('keeps images and files, readable by the audience', async () => {
    const image = await storedFile(PNG_1X1, 'portada.png');
    const pdf = await storedFile(PDF, 'instructivo.pdf');
    const post = await create({
      title: 'Con adjuntos',
      cover_upload_id: image,
      image_ids: [image],
      file_ids: [pdf],
      video_id: 'dQw4w9WgXcQ',
      audience_id: audienceId,
      publish: true,
      body: `<p>Mira</p><img src="/api/document-manager/v3/upload/${image}/download" onerror="x()"><img src="https://evil.test/a.png">`,
    });
    expect(post.cover?.id).toBe(image);
    expect(post.files).toEqual([expect.objectContaining({ id: pdf, name: 'instructivo.pdf' })]);
    expect(post.body).toBe(`<p>Mira</p><img src="/api/document-manager/v3/upload/${image}/download">`);
    const seen = await body<Post>(await api(planta, `${POSTS}/${post.id}/`));
    const download = await api(planta, seen.cover!.url);
    expect(download.status).toBe(200);
  });

  it('publishes a scheduled post through the job queue at its time, and a draft when published', async () => {
    const at = new Date(Date.now() + 1500).toISOString();
    const scheduled = await create({ title: 'Programado', audience_id: audienceId, publish_at: at, publish: true });
    expect(scheduled.state).toBe('scheduled');
    expect((await api(planta, `${POSTS}/${scheduled.id}/`)).status).toBe(404);
    const inbox = await eventually(
      () => inboxOf(planta),
      (items) => aboutPost(items, scheduled.id).length > 0,
      20_000,
    );
    expect(aboutPost(inbox, scheduled.id)).toHaveLength(1);
    expect((await body<Post>(await api(planta, `${POSTS}/${scheduled.id}/`))).state).toBe('published');

    const draft = await create({ title: 'Borrador a planta', audience_id: audienceId });
    expect((await body<Page<Post>>(await api(admin, `${POSTS}/manage/?state=draft`))).results.map((p) => p.id)).toContain(draft.id);
    expect(aboutPost(await inboxOf(planta), draft.id)).toHaveLength(0);
    const published = await body<Post>(await api(admin, `${POSTS}/${draft.id}/publish/`, { method: 'POST' }));
    expect(published.state).toBe('published');
    await eventually(
      () => inboxOf(planta),
      (items) => aboutPost(items, draft.id).length > 0,
      15_000,
    );
    const back = await api(admin, `${POSTS}/${draft.id}/`, { method: 'PATCH', json: { publish: false } });
    expect(back.status).toBe(409);
    const edited = await body<Post>(await api(admin, `${POSTS}/${draft.id}/`, { method: 'PATCH', json: { title: 'Borrador a planta (corregido)' } }));
    expect(edited.title).toBe('Borrador a planta (corregido)');
    expect((await api(admin, `${POSTS}/${draft.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect((await api(planta, `${POSTS}/${draft.id}/`)).status).toBe(404);
  });

  it('shows links of interest by audience; only http(s) addresses; only MANAGE_POSTS manages them', async () => {
    for (const url of ['javascript:alert(1)', 'ftp://files.acme.test/a', 'nota']) {
      const refused = await api(admin, `${LINKS}/`, { method: 'POST', json: { title: 'Malo', url } });
      expect(refused.status).toBe(400);
      expect(await body(refused)).toMatchObject({ code: 'validation-error', errors: { url: [expect.any(String)] } });
    }
    expect((await api(planta, `${LINKS}/`, { method: 'POST', json: { title: 'X', url: 'https://acme.test' } })).status).toBe(403);
    const everyone = await body<{ id: string }>(
      await api(admin, `${LINKS}/`, { method: 'POST', json: { title: 'Portal RR.HH.', url: 'https://rrhh.acme.test', icon: 'users', category: 'Personas' } }),
    );
    const forPlanta = await body<{ id: string; position: number }>(
      await api(admin, `${LINKS}/`, { method: 'POST', json: { title: 'Manual de planta', url: 'http://planta.acme.test/manual', icon: 'book', category: 'Personas', audience_id: audienceId } }),
    );
    expect(forPlanta.position).toBe(1);
    const seen = async (token: string) => (await body<Page<{ id: string }>>(await api(token, `${LINKS}/`))).results.map((link) => link.id);
    expect(await seen(planta)).toEqual([everyone.id, forPlanta.id]);
    expect(await seen(oficina)).toEqual([everyone.id]);
    expect((await body<Page<unknown>>(await api(admin, `${LINKS}/manage/`))).count).toBe(2);
    const moved = await body<{ category: string | null }>(await api(admin, `${LINKS}/${forPlanta.id}/`, { method: 'PATCH', json: { category: '  ' } }));
    expect(moved.category).toBeNull();
    expect((await api(admin, `${LINKS}/${forPlanta.id}/`, { method: 'PATCH', json: { url: 'data:text/html,x' } })).status).toBe(400);
    expect((await api(admin, `${LINKS}/${forPlanta.id}/`, { method: 'DELETE' })).status).toBe(204);
    expect(await seen(planta)).toEqual([everyone.id]);
  });

  it('keeps tenants apart (cross-tenant)', async () => {
    const post = await create({ title: 'Solo Acme', publish: true });
    const link = (await body<Page<{ id: string }>>(await api(admin, `${LINKS}/manage/`))).results[0]!;
    for (const path of [`${POSTS}/${post.id}/`, `${POSTS}/${post.id}/receipts/`]) expect((await api(other, path, {}, 'otra')).status).toBe(404);
    for (const path of [`${POSTS}/${post.id}/read/`, `${POSTS}/${post.id}/ack/`, `${POSTS}/${post.id}/remind/`, `${POSTS}/${post.id}/publish/`])
      expect((await api(other, path, { method: 'POST' }, 'otra')).status).toBe(404);
    expect((await api(other, `${POSTS}/${post.id}/`, { method: 'PATCH', json: { title: 'Mío' } }, 'otra')).status).toBe(404);
    expect((await api(other, `${POSTS}/${post.id}/`, { method: 'DELETE' }, 'otra')).status).toBe(404);
    expect((await api(other, `${LINKS}/${link.id}/`, { method: 'PATCH', json: { title: 'Mío' } }, 'otra')).status).toBe(404);
    expect((await body<Page<unknown>>(await api(other, `${POSTS}/`, {}, 'otra'))).count).toBe(0);
    expect((await body<Page<unknown>>(await api(other, `${LINKS}/`, {}, 'otra'))).count).toBe(0);
    // an Acme token on Otra's host is refused before anything is read
    expect((await api(admin, `${POSTS}/${post.id}/`, {}, 'otra')).status).toBe(403);
    // another tenant's audience cannot be used
    const foreign = await api(other, `${POSTS}/`, { method: 'POST', json: { title: 'X', audience_id: audienceId } }, 'otra');
    expect(await body(foreign)).toMatchObject({ reasons: { audience_id: 'unknown-reference' } });
  });
});
