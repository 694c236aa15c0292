import { z } from 'zod';
import {
  POSTS_BASE,
  ZPost,
  ZPostAudienceCount,
  ZPostAudiencePreview,
  ZPostFeedQuery,
  ZPostManageQuery,
  ZPostReceiptMine,
  ZPostReceipts,
  ZPostRemindResult,
  ZPostSummary,
  ZPostUpdate,
  ZPostWrite,
  ZReceiptsQuery,
  zPaged,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  acknowledge,
  createPost,
  deliverPost,
  editPost,
  feed,
  getPost,
  managedPosts,
  markRead,
  previewAudience,
  publishPost,
  receipts,
  remind,
  removePost,
  PUBLISH_QUEUE,
  type PublishJob,
} from './posts.service.ts';

const tags = ['posts'];
const MANAGE = requires('MANAGE_POSTS');
const idParams = z.object({ id: z.string().max(100) });

const defined = new WeakMap<object, Promise<void>>();

/** The publish job, once per job queue (the tests build several apps on one platform). */
export function definePostJobs(platform: Platform): Promise<void> {
  let done = defined.get(platform.jobs);
  if (!done) {
    done = platform.jobs.define<PublishJob>(
      PUBLISH_QUEUE,
      async (job) => {
        await deliverPost(platform, job);
      },
      { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 600, pollingIntervalSeconds: 1 },
    );
    defined.set(platform.jobs, done);
  }
  return done;
}

/** Posts (Comunicados): the members' feed, the authors' list, writing, receipts and reminders (decision 023). */
export async function postsRoutes(app: App, platform: Platform): Promise<void> {
  await definePostJobs(platform);
  const prefix = `${POSTS_BASE}/posts`;

  app.get(
    `${prefix}/`,
    {
      config: { access: SIGNED_IN },
      schema: {
        tags,
        summary: 'The caller’s feed: published posts of their audiences, pinned first, then unread or awaiting acknowledgement, then newest',
        querystring: ZPostFeedQuery,
        response: { 200: zPaged(ZPostSummary).extend({ pending: z.number().int() }) },
      },
    },
    async (request) => {
      const page = await feed(ctxOf(request, platform), request.query);
      return { count: page.count, pending: page.pending, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.get(
    `${prefix}/manage/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Every post of the organisation in any state (drafts, scheduled, published, expired)', querystring: ZPostManageQuery, response: { 200: zPaged(ZPostSummary) } },
    },
    async (request) => {
      const page = await managedPosts(ctxOf(request, platform), request.query);
      return { count: page.count, ...pageLinks(request, page.count, request.query.page, request.query.page_size), results: page.results };
    },
  );
  app.post(`${prefix}/`, { config: { access: MANAGE }, schema: { tags, body: ZPostWrite, response: { 201: ZPost } } }, async (request, reply) =>
    reply.status(201).send(await createPost(ctxOf(request, platform), request.body)),
  );
  app.post(
    `${prefix}/audience-preview/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'How many persons an audience (null: everyone) reaches now', body: ZPostAudiencePreview, response: { 200: ZPostAudienceCount } } },
    async (request) => previewAudience(ctxOf(request, platform), request.body.audience_id),
  );
  app.get(`${prefix}/:id/`, { config: { access: SIGNED_IN }, schema: { tags, params: idParams, response: { 200: ZPost } } }, async (request) => getPost(ctxOf(request, platform), request.params.id));
  app.patch(`${prefix}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZPostUpdate, response: { 200: ZPost } } }, async (request) =>
    editPost(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams } }, async (request, reply) => {
    await removePost(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
  app.post(
    `${prefix}/:id/publish/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Publish a draft (at its publish_at, or now)', params: idParams, response: { 200: ZPost } } },
    async (request) => publishPost(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${prefix}/:id/read/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'Opening a post marks it read (the first time)', params: idParams, response: { 200: ZPostReceiptMine } } },
    async (request) => markRead(ctxOf(request, platform), request.params.id),
  );
  app.post(`${prefix}/:id/ack/`, { config: { access: SIGNED_IN }, schema: { tags, summary: '"Leído y entendido"', params: idParams, response: { 200: ZPostReceiptMine } } }, async (request) =>
    acknowledge(ctxOf(request, platform), request.params.id),
  );
  app.get(
    `${prefix}/:id/receipts/`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: 'Who has and has not read or acknowledged it (its author or MANAGE_POSTS)', params: idParams, querystring: ZReceiptsQuery, response: { 200: ZPostReceipts } },
    },
    async (request) => {
      const page = await receipts(ctxOf(request, platform), request.params.id, request.query);
      return { ...page, ...pageLinks(request, page.count, request.query.page, request.query.page_size) };
    },
  );
  app.post(
    `${prefix}/:id/remind/`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, summary: '"Recordar": notify those who have not read it, or not acknowledged it (its author or MANAGE_POSTS)', params: idParams, response: { 200: ZPostRemindResult } },
    },
    async (request) => remind(ctxOf(request, platform), request.params.id),
  );
}
