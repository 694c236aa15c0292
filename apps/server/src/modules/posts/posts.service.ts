import { POST_IMAGE_MAX_BYTES, type TPost, type TPostFile, type TPostReceipts, type TPostSummary, type TPostState } from '@faena/contracts';
import type { z } from 'zod';
import type { ZPostUpdate, ZPostWrite } from '@faena/contracts';
import type { SQL } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import { signedIn, type Ctx, type SignedInCtx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Platform } from '../../platform/platform.ts';
import { audiencePersonsSql, audiencesOfPerson, findAudience } from '../audiences/index.ts';
import { assertFilesAttachable, findStoredFiles, holdFiles, storedFileLink } from '../documents/index.ts';
import { POST_HOLDER } from './posts.files.ts';
import { notify } from '../notifications/index.ts';
import { personSummaries } from '../people/index.ts';
import {
  addRecipients,
  anyPerson,
  countPersons,
  deletePost,
  everyoneSql,
  findPost,
  findReceipt,
  findVisiblePost,
  insertPost,
  listFeed,
  listManaged,
  listReceipts,
  markReceipt,
  remindPending,
  stateOf,
  updatePost,
  type PostRow,
} from './posts.repository.ts';
import { excerptOf, imageUploadIds, sanitizePostHtml } from './posts.sanitize.ts';

/** The durable job that delivers a post when it is published (now or at publish_at). */
export const PUBLISH_QUEUE = 'posts.publish';
export interface PublishJob {
  tenantId: string;
  postId: string;
}

type PostWrite = z.output<typeof ZPostWrite>;
type PostUpdate = z.output<typeof ZPostUpdate>;

const notFound = () => new AppError('not-found', 'Post not found.');
const manages = (ctx: SignedInCtx) => ctx.caller.permissions.has('MANAGE_POSTS');

interface Refs {
  files: Map<string, TPostFile>;
  persons: Map<string, { id: string; name: string }>;
  audiences: Map<string, { id: string; name: string }>;
}

async function loadRefs(tx: Drizzle, tenantId: string, rows: readonly PostRow[], withFiles: boolean): Promise<Refs> {
  const fileIds = new Set<string>();
  for (const row of rows) {
    if (row.coverUploadId) fileIds.add(row.coverUploadId);
    if (withFiles) for (const id of [...row.imageIds, ...row.fileIds]) fileIds.add(id);
  }
  const files = new Map((await findStoredFiles(tx, tenantId, [...fileIds])).map((file) => [file.id, storedFileLink(file)]));
  const people = await personSummaries(
    tx,
    tenantId,
    rows.map((row) => row.authorPersonId).filter((id): id is string => id !== null),
  );
  const persons = new Map([...people.values()].map((person) => [person.id, { id: person.id, name: person.name }]));
  const audiences = new Map<string, { id: string; name: string }>();
  for (const id of new Set(rows.map((row) => row.audienceId).filter((value): value is string => value !== null))) {
    const audience = await findAudience(tx, tenantId, id);
    if (audience) audiences.set(id, { id, name: audience.name });
  }
  return { files, persons, audiences };
}

function toSummary(row: PostRow, refs: Refs, receipt: { readAt: Date | null; acknowledgedAt: Date | null } | null, now: Date): TPostSummary {
  return {
    id: row.id,
    title: row.title,
    excerpt: row.excerpt,
    state: stateOf(row, now),
    cover: row.coverUploadId ? (refs.files.get(row.coverUploadId) ?? null) : null,
    is_pinned: row.isPinned,
    requires_ack: row.requiresAck,
    audience: row.audienceId ? (refs.audiences.get(row.audienceId) ?? { id: row.audienceId, name: '' }) : null,
    author: row.authorPersonId ? (refs.persons.get(row.authorPersonId) ?? null) : null,
    publish_at: row.publishAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    read_at: receipt?.readAt?.toISOString() ?? null,
    acknowledged_at: receipt?.acknowledgedAt?.toISOString() ?? null,
  };
}

function toPost(row: PostRow, refs: Refs, receipt: { readAt: Date | null; acknowledgedAt: Date | null } | null, now: Date, canManage: boolean, isForMe: boolean): TPost {
  const files = (ids: string[]) => ids.map((id) => refs.files.get(id)).filter((file): file is TPostFile => file !== undefined);
  return { ...toSummary(row, refs, receipt, now), body: row.body, images: files(row.imageIds), files: files(row.fileIds), video_id: row.videoId, can_manage: canManage, is_for_me: isForMe };
}

async function myAudienceIds(tx: Drizzle, ctx: SignedInCtx): Promise<string[]> {
  return (await audiencesOfPerson(tx, ctx.tenant.id, ctx.caller.personId)).map((audience) => audience.id);
}

/** The persons a post goes to: its audience's, everyone's (null), nobody for an audience that is gone. */
async function recipientsSql(tx: Drizzle, tenantId: string, audienceId: string | null): Promise<SQL | null> {
  if (audienceId === null) return everyoneSql(tenantId);
  const audience = await findAudience(tx, tenantId, audienceId);
  return audience ? audiencePersonsSql(tenantId, audience.rules) : null;
}

async function audienceCount(tx: Drizzle, tenantId: string, audienceId: string | null): Promise<number> {
  const persons = await recipientsSql(tx, tenantId, audienceId);
  return persons ? countPersons(tx, persons) : 0;
}

/** Whether the audience reaches anyone now (a publication to nobody is refused). */
async function reachesAnyone(tx: Drizzle, tenantId: string, audienceId: string | null): Promise<boolean> {
  const persons = await recipientsSql(tx, tenantId, audienceId);
  return persons ? anyPerson(tx, persons) : false;
}

const emptyAudience = () =>
  new AppError('bad-request', 'The audience resolves to nobody: nobody would receive this post. Choose another audience or keep it as a draft.', { reason: 'empty-audience' });

interface Content {
  title: string;
  body: string;
  coverUploadId: string | null;
  imageIds: string[];
  fileIds: string[];
  videoId: string | null;
  audienceId: string | null;
  isPinned: boolean;
  requiresAck: boolean;
  publishAt: Date | null;
  expiresAt: Date | null;
}

/** Checks references and times against the tenant's data; field errors name every problem at once. */
async function checkContent(tx: Drizzle, tenantId: string, content: Content, publishing: boolean, now: Date): Promise<void> {
  const errors: FieldMessages = {};
  if (content.audienceId !== null && (!isUuid(content.audienceId) || !(await findAudience(tx, tenantId, content.audienceId)))) {
    errors.audience_id = [problem('unknown-reference', 'Unknown audience.')];
  }
  const bodyImages = imageUploadIds(content.body);
  const wanted = [...new Set([...(content.coverUploadId ? [content.coverUploadId] : []), ...content.imageIds, ...content.fileIds, ...bodyImages])];
  const stored = new Map((await findStoredFiles(tx, tenantId, wanted)).map((file) => [file.id, file]));
  const checkImages = (field: string, ids: string[]) => {
    for (const id of ids) {
      const file = stored.get(id);
      if (!file) (errors[field] ??= []).push(problem('unknown-file', `Unknown file: ${id}`));
      else if (!file.contentType.startsWith('image/')) (errors[field] ??= []).push(problem('not-an-image', `${file.name} is not an image.`));
      else if (file.size > POST_IMAGE_MAX_BYTES) (errors[field] ??= []).push(problem('too-large', `${file.name} is larger than ${POST_IMAGE_MAX_BYTES / 1024 / 1024} MB.`));
    }
  };
  checkImages('cover_upload_id', content.coverUploadId ? [content.coverUploadId] : []);
  checkImages('image_ids', content.imageIds);
  checkImages('body', bodyImages);
  for (const id of content.fileIds) if (!stored.has(id)) (errors.file_ids ??= []).push(problem('unknown-file', `Unknown file: ${id}`));
  const from = content.publishAt ?? (publishing ? now : null);
  if (content.expiresAt && from && content.expiresAt <= from) errors.expires_at = ['The expiry must come after the publication.'];
  else if (content.expiresAt && publishing && content.expiresAt <= now) errors.expires_at = ['The expiry must be in the future.'];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
}

function contentOf(input: PostWrite): Content {
  const body = sanitizePostHtml(input.body);
  return {
    title: input.title,
    body,
    coverUploadId: input.cover_upload_id,
    imageIds: [...new Set(input.image_ids)],
    fileIds: [...new Set(input.file_ids)],
    videoId: input.video_id,
    audienceId: input.audience_id,
    isPinned: input.is_pinned,
    requiresAck: input.requires_ack,
    publishAt: input.publish_at ? new Date(input.publish_at) : null,
    expiresAt: input.expires_at ? new Date(input.expires_at) : null,
  };
}

const columnsOf = (content: Content) => ({ ...content, excerpt: excerptOf(content.body) });

/** Enqueues the delivery, in the caller's transaction: at publish_at, or at once. */
async function scheduleDelivery(platform: Platform, tx: Drizzle, row: PostRow, now: Date): Promise<void> {
  const at = row.publishAt && row.publishAt > now ? row.publishAt : undefined;
  await platform.jobs.send<PublishJob>(tx, PUBLISH_QUEUE, { tenantId: row.tenantId, postId: row.id }, at ? { startAfter: at } : {});
}

async function view(ctx: SignedInCtx, tx: Drizzle, row: PostRow, now: Date): Promise<TPost> {
  const refs = await loadRefs(tx, ctx.tenant.id, [row], true);
  const receipt = await findReceipt(tx, ctx.tenant.id, row.id, ctx.caller.personId);
  const isForMe = row.audienceId === null || (await myAudienceIds(tx, ctx)).includes(row.audienceId);
  return toPost(row, refs, receipt, now, manages(ctx) || row.authorPersonId === ctx.caller.personId, isForMe);
}

/** A post holds its cover, images, attachments and body images (decision 032): read by whoever may read the post. */
const holdPostFiles = (ctx: SignedInCtx, tx: Drizzle, row: PostRow, admitted: ReadonlySet<string>) =>
  holdFiles(tx, ctx.tenant.id, { kind: POST_HOLDER, id: row.id }, [row.coverUploadId ?? '', ...row.imageIds, ...row.fileIds, ...imageUploadIds(row.body)], {
    by: ctx.caller.personId,
    only: true,
    admitted,
  });

/** Files a write names that the caller may attach (decision 032: the download rule); others are 400 unknown-file. */
const attachable = (
  ctx: SignedInCtx,
  postId: string | null,
  input: { cover_upload_id?: string | null | undefined; image_ids?: string[] | undefined; file_ids?: string[] | undefined; body?: string | null },
) =>
  assertFilesAttachable(ctx, postId ? { kind: POST_HOLDER, id: postId } : null, {
    cover_upload_id: input.cover_upload_id ? [input.cover_upload_id] : [],
    image_ids: input.image_ids ?? [],
    file_ids: input.file_ids ?? [],
    body: input.body ? imageUploadIds(input.body) : [],
  });

export async function createPost(ctx: Ctx, input: PostWrite): Promise<TPost> {
  const signed = signedIn(ctx);
  const now = new Date();
  const content = contentOf(input);
  const admitted = await attachable(signed, null, { cover_upload_id: content.coverUploadId, image_ids: content.imageIds, file_ids: content.fileIds, body: content.body });
  const post = await ctx.tx(
    async (tx) => {
      await checkContent(tx, ctx.tenant.id, content, input.publish, now);
      if (input.publish && !(await reachesAnyone(tx, ctx.tenant.id, content.audienceId))) throw emptyAudience();
      const row = await insertPost(tx, {
        tenantId: ctx.tenant.id,
        ...columnsOf(content),
        status: input.publish ? 'published' : 'draft',
        publishAt: input.publish ? (content.publishAt ?? now) : content.publishAt,
        authorPersonId: signed.caller.personId,
      });
      await holdPostFiles(signed, tx, row, admitted);
      if (input.publish) await scheduleDelivery(ctx.platform, tx, row, now);
      return view(signed, tx, row, now);
    },
    { audit: 'posts.create', subject: (post) => post.id, details: { publish: input.publish } },
  );
  if (input.publish) ctx.platform.jobs.wake(PUBLISH_QUEUE);
  return post;
}

export async function editPost(ctx: Ctx, id: string, input: PostUpdate): Promise<TPost> {
  const signed = signedIn(ctx);
  if (!isUuid(id)) throw notFound();
  const now = new Date();
  let woke = false;
  const admitted = await attachable(signed, id, { ...input, body: input.body !== undefined ? sanitizePostHtml(input.body) : null });
  const post = await ctx.tx(
    async (tx) => {
      const current = await findPost(tx, ctx.tenant.id, id, { lock: true });
      if (!current) throw notFound();
      const wasPublished = current.status === 'published';
      const delivered = current.deliveredAt !== null;
      const publish = input.publish ?? wasPublished;
      if (!publish && delivered) throw new AppError('conflict', 'This post was already published to its audience: it cannot go back to being a draft.', { reason: 'already-published' });
      const merged: Content = {
        title: input.title ?? current.title,
        body: input.body !== undefined ? sanitizePostHtml(input.body) : current.body,
        coverUploadId: input.cover_upload_id !== undefined ? input.cover_upload_id : current.coverUploadId,
        imageIds: input.image_ids !== undefined ? [...new Set(input.image_ids)] : current.imageIds,
        fileIds: input.file_ids !== undefined ? [...new Set(input.file_ids)] : current.fileIds,
        videoId: input.video_id !== undefined ? input.video_id : current.videoId,
        audienceId: input.audience_id !== undefined ? input.audience_id : current.audienceId,
        isPinned: input.is_pinned ?? current.isPinned,
        requiresAck: input.requires_ack ?? current.requiresAck,
        publishAt: input.publish_at !== undefined ? (input.publish_at ? new Date(input.publish_at) : null) : current.publishAt,
        expiresAt: input.expires_at !== undefined ? (input.expires_at ? new Date(input.expires_at) : null) : current.expiresAt,
      };
      // once delivered, the publication time is history: it stays
      if (delivered) merged.publishAt = current.publishAt;
      await checkContent(tx, ctx.tenant.id, merged, publish && !delivered, now);
      const audienceChanged = merged.audienceId !== current.audienceId;
      if (publish && (!wasPublished || audienceChanged) && !(await reachesAnyone(tx, ctx.tenant.id, merged.audienceId))) throw emptyAudience();
      const publishAt = publish ? (merged.publishAt ?? (wasPublished && current.publishAt ? current.publishAt : now)) : merged.publishAt;
      const row = (await updatePost(tx, ctx.tenant.id, id, { ...columnsOf(merged), publishAt, status: publish ? 'published' : 'draft' }))!;
      await holdPostFiles(signed, tx, row, admitted);
      // a new or moved publication, or a published post's new audience (only its new members are notified)
      const timeMoved = (current.publishAt?.getTime() ?? null) !== (publishAt?.getTime() ?? null);
      if (publish && (!wasPublished || (!delivered && timeMoved) || (delivered && audienceChanged))) {
        await scheduleDelivery(ctx.platform, tx, row, now);
        woke = true;
      }
      return view(signed, tx, row, now);
    },
    { audit: 'posts.update' },
  );
  if (woke) ctx.platform.jobs.wake(PUBLISH_QUEUE);
  return post;
}

export async function publishPost(ctx: Ctx, id: string): Promise<TPost> {
  return editPost(ctx, id, { publish: true });
}

export async function removePost(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id) || !(await ctx.tx((tx) => deletePost(tx, ctx.tenant.id, id), { audit: 'posts.delete' }))) throw notFound();
}

/** One post: a manager (MANAGE_POSTS) or its author sees it in any state; a member only when it is published for them. */
export async function getPost(ctx: Ctx, id: string): Promise<TPost> {
  const signed = signedIn(ctx);
  if (!isUuid(id)) throw notFound();
  const now = new Date();
  return ctx.tx(async (tx) => {
    let row = await findPost(tx, ctx.tenant.id, id);
    if (row && !manages(signed) && row.authorPersonId !== signed.caller.personId) {
      row = await findVisiblePost(tx, ctx.tenant.id, id, await myAudienceIds(tx, signed), now);
    }
    if (!row) throw notFound();
    return view(signed, tx, row, now);
  });
}

export async function feed(ctx: Ctx, query: { page: number; page_size: number; search?: string | undefined }) {
  const signed = signedIn(ctx);
  const now = new Date();
  return ctx.tx(async (tx) => {
    const audienceIds = await myAudienceIds(tx, signed);
    const page = await listFeed(tx, ctx.tenant.id, signed.caller.personId, audienceIds, { search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size, now });
    const refs = await loadRefs(tx, ctx.tenant.id, page.rows, false);
    return { count: page.count, pending: page.pending, results: page.rows.map((row) => toSummary(row, refs, row, now)) };
  });
}

export async function managedPosts(ctx: Ctx, query: { page: number; page_size: number; state?: TPostState | undefined; search?: string | undefined }) {
  const signed = signedIn(ctx);
  const now = new Date();
  return ctx.tx(async (tx) => {
    const page = await listManaged(tx, ctx.tenant.id, { state: query.state, search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size, now });
    const refs = await loadRefs(tx, ctx.tenant.id, page.rows, false);
    const results = [];
    for (const row of page.rows) results.push(toSummary(row, refs, await findReceipt(tx, ctx.tenant.id, row.id, signed.caller.personId), now));
    return { count: page.count, results };
  });
}

/** Opening a post marks it read (the first time); `ack` is the "Leído y entendido". */
async function receipt(ctx: Ctx, id: string, ack: boolean): Promise<{ read_at: string | null; acknowledged_at: string | null }> {
  const signed = signedIn(ctx);
  if (!isUuid(id)) throw notFound();
  const now = new Date();
  return ctx.tx(
    async (tx) => {
      const row = await findVisiblePost(tx, ctx.tenant.id, id, await myAudienceIds(tx, signed), now);
      if (!row) {
        // an author or manager looking at a post that is not (yet) theirs to read: nothing to mark
        const own = ack ? null : await findPost(tx, ctx.tenant.id, id);
        if (own && (manages(signed) || own.authorPersonId === signed.caller.personId)) return { read_at: null, acknowledged_at: null };
        throw notFound();
      }
      if (ack && !row.requiresAck) throw new AppError('bad-request', 'This post does not ask for an acknowledgement.', { reason: 'no-ack' });
      const marked = await markReceipt(tx, ctx.tenant.id, id, signed.caller.personId, now, ack);
      return { read_at: marked.readAt?.toISOString() ?? null, acknowledged_at: marked.acknowledgedAt?.toISOString() ?? null };
    },
    { audit: ack ? 'posts.acknowledge' : 'posts.read' },
  );
}

export const markRead = (ctx: Ctx, id: string) => receipt(ctx, id, false);
export const acknowledge = (ctx: Ctx, id: string) => receipt(ctx, id, true);

/** The post, for its author or a manager only (others: not found, as if it did not exist). */
async function ownPost(tx: Drizzle, ctx: SignedInCtx, id: string): Promise<PostRow> {
  const row = isUuid(id) ? await findPost(tx, ctx.tenant.id, id) : null;
  if (!row || (!manages(ctx) && row.authorPersonId !== ctx.caller.personId)) throw notFound();
  return row;
}

export async function receipts(ctx: Ctx, id: string, query: { page: number; page_size: number; filter: string }): Promise<Omit<TPostReceipts, 'next' | 'previous'>> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    await ownPost(tx, signed, id);
    const page = await listReceipts(tx, ctx.tenant.id, id, { filter: query.filter, limit: query.page_size, offset: (query.page - 1) * query.page_size });
    const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());
    return {
      totals: page.totals,
      count: page.count,
      results: page.rows.map((row) => ({ person: { id: row.person_id, name: row.name }, notified_at: iso(row.notified_at), read_at: iso(row.read_at), acknowledged_at: iso(row.acknowledged_at) })),
    };
  });
}

/** "Recordar": notifies the recipients who have not read it (or, when it asks for one, not acknowledged it). */
export async function remind(ctx: Ctx, id: string): Promise<{ reminded: number }> {
  const signed = signedIn(ctx);
  const now = new Date();
  return ctx.tx(
    async (tx) => {
      const row = await ownPost(tx, signed, id);
      if (stateOf(row, now) !== 'published') throw new AppError('conflict', 'Only a published post can be reminded.', { reason: 'not-published' });
      const persons = await remindPending(tx, ctx.tenant.id, id, row.requiresAck, now);
      if (persons.length > 0) {
        await notify(ctx.platform, tx, {
          tenantId: ctx.tenant.id,
          personIds: persons,
          kind: 'new_post',
          title: row.title,
          body: row.requiresAck ? 'Recordatorio: confirma que leíste y entendiste este comunicado.' : 'Recordatorio: tienes este comunicado sin leer.',
          context: { type: 'Post', action: 'reminder', id: row.id },
        });
      }
      return { reminded: persons.length };
    },
    { audit: 'posts.remind', details: (result) => ({ reminded: result.reminded }) },
  );
}

/** How many persons an audience (null: everyone) reaches now: the author is told before publishing to nobody. */
export async function previewAudience(ctx: Ctx, audienceId: string | null): Promise<{ count: number }> {
  return ctx.tx(async (tx) => {
    if (audienceId !== null && (!isUuid(audienceId) || !(await findAudience(tx, ctx.tenant.id, audienceId))))
      throw new FieldErrors({ audience_id: [problem('unknown-reference', 'Unknown audience.')] });
    return { count: await audienceCount(tx, ctx.tenant.id, audienceId) };
  });
}

/**
 * The publish job: adds every person of the audience not notified yet and notifies them once
 * (kind new_post, the NEW_POST push), in one transaction. Safe to run twice: the recipients'
 * primary key lets each person in once. A job that comes early (a moved publication) waits again.
 */
export async function deliverPost(platform: Platform, job: PublishJob): Promise<number> {
  if (!isUuid(job.tenantId) || !isUuid(job.postId)) return 0;
  return platform.db.transaction(job.tenantId, async (tx) => {
    const row = await findPost(tx, job.tenantId, job.postId, { lock: true });
    const now = new Date();
    if (!row || row.status !== 'published') return 0;
    const state = stateOf(row, now);
    if (state === 'scheduled') {
      await scheduleDelivery(platform, tx, row, now);
      return 0;
    }
    if (state !== 'published') return 0;
    const persons = await recipientsSql(tx, job.tenantId, row.audienceId);
    const added = persons ? await addRecipients(tx, job.tenantId, row.id, persons, now) : [];
    if (added.length > 0) {
      await notify(platform, tx, { tenantId: job.tenantId, personIds: added, kind: 'new_post', title: row.title, body: row.excerpt, context: { type: 'Post', action: 'published', id: row.id } });
    }
    if (!row.deliveredAt) await updatePost(tx, job.tenantId, row.id, { deliveredAt: now, updatedAt: row.updatedAt });
    return added.length;
  });
}
