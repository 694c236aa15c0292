import { z } from 'zod';
import { LINKS_BASE, ZLink, ZLinkList, ZLinkUpdate, ZLinkWrite } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { SIGNED_IN, requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { createLink, editLink, listForCaller, removeLink } from './links.service.ts';

const tags = ['links'];
/** Links are managed by whoever publishes posts (decision 023): the organisation's communications. */
const MANAGE = requires('MANAGE_POSTS');
const idParams = z.object({ id: z.string().max(100) });

/** Links of interest (/links). */
export function linksRoutes(app: App, platform: Platform): void {
  const prefix = `${LINKS_BASE}/links`;
  app.get(
    `${prefix}/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'The links the caller sees: for everyone and for their audiences', response: { 200: ZLinkList } } },
    async (request) => listForCaller(ctxOf(request, platform), false),
  );
  app.get(`${prefix}/manage/`, { config: { access: MANAGE }, schema: { tags, summary: 'Every link of the organisation', response: { 200: ZLinkList } } }, async (request) =>
    listForCaller(ctxOf(request, platform), true),
  );
  app.post(`${prefix}/`, { config: { access: MANAGE }, schema: { tags, body: ZLinkWrite, response: { 201: ZLink } } }, async (request, reply) =>
    reply.status(201).send(await createLink(ctxOf(request, platform), request.body)),
  );
  app.patch(`${prefix}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZLinkUpdate, response: { 200: ZLink } } }, async (request) =>
    editLink(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${prefix}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams } }, async (request, reply) => {
    await removeLink(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
}
