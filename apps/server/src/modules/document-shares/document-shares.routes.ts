import { z } from 'zod';
import { DOCUMENT_MANAGER_BASE } from '@faena/contracts';
import { ZDocumentShare, ZDocumentShareWrite, ZSharedDocument } from '@faena/contracts/document-shares';
import type { App } from '../../platform/http/app.ts';
import { requires, SIGNED_IN } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { listShares, shareDocument, sharedDocument, sharedWithMe, unshareDocument } from './document-shares.service.ts';

const tags = ['documents'];
const MANAGE = requires('MANAGE_DOCUMENTATIONS');
const idParams = z.object({ id: z.string().max(100) });
const shares = z.object({ results: z.array(ZDocumentShare) });

/** Sharing documents of the document manager with persons, and what is shared with the caller (issue 45 point 5). */
export function documentSharesRoutes(app: App, platform: Platform): void {
  const docs = `${DOCUMENT_MANAGER_BASE}/documents`;
  app.get(`${docs}/:id/shares/`, { config: { access: MANAGE }, schema: { tags, summary: 'Who the document is shared with', params: idParams, response: { 200: shares } } }, async (request) =>
    listShares(ctxOf(request, platform), request.params.id),
  );
  app.post(
    `${docs}/:id/shares/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Shares the document with persons (each new one is told once)', params: idParams, body: ZDocumentShareWrite, response: { 201: shares } } },
    async (request, reply) => reply.status(201).send(await shareDocument(ctxOf(request, platform), request.params.id, request.body.person_ids)),
  );
  app.delete(
    `${docs}/:id/shares/:personId/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Stops sharing the document with one person', params: z.object({ id: z.string().max(100), personId: z.string().max(100) }) } },
    async (request, reply) => {
      await unshareDocument(ctxOf(request, platform), request.params.id, request.params.personId);
      return reply.status(204).send();
    },
  );
  const mine = `${DOCUMENT_MANAGER_BASE}/shared-with-me`;
  app.get(
    `${mine}/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'Documents shared with the caller, newest first', response: { 200: z.object({ results: z.array(ZSharedDocument) }) } } },
    async (request) => ({
      results: await sharedWithMe(ctxOf(request, platform)),
    }),
  );
  app.get(
    `${mine}/:id/`,
    { config: { access: SIGNED_IN }, schema: { tags, summary: 'One document shared with the caller (404 otherwise)', params: idParams, response: { 200: ZSharedDocument } } },
    async (request) => sharedDocument(ctxOf(request, platform), request.params.id),
  );
}
