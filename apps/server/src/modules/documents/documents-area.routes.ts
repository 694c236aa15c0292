import { z } from 'zod';
import {
  DOCUMENT_MANAGER_BASE,
  ZCreateDocumentRequest,
  ZCreateDocumentTypeRequest,
  ZCreateFolderRequest,
  ZDocument,
  ZDocumentListQuery,
  ZDocumentType,
  ZFolder,
  ZUpdateDocumentRequest,
  ZUpdateDocumentTypeRequest,
  ZUpdateFolderRequest,
} from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { requires, SIGNED_IN } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  createDocument,
  createDocumentType,
  createFolder,
  deleteDocument,
  deleteFolder,
  editDocument,
  editDocumentType,
  editFolder,
  getDocument,
  getDocumentType,
  getFolder,
  listDocuments,
  listDocumentTypes,
  listFolders,
} from './documents-area.service.ts';

const base = DOCUMENT_MANAGER_BASE;
const tags = ['documents'];
const MANAGE = requires('MANAGE_DOCUMENTATIONS');
const idParams = z.object({ id: z.string().max(100) });

/**
 * The documents area (issue 6 point 6): document types (signed-in members read them, MANAGE_DOCUMENTATIONS
 * writes), folders and documents (MANAGE_DOCUMENTATIONS for everything).
 */
export function documentsAreaRoutes(app: App, platform: Platform): void {
  const types = `${base}/document-types`;
  app.get(
    `${types}/`,
    {
      config: { access: SIGNED_IN },
      schema: { tags, querystring: z.object({ is_active: z.enum(['true', 'false', 'all']).optional() }), response: { 200: z.object({ results: z.array(ZDocumentType) }) } },
    },
    async (request) => ({ results: await listDocumentTypes(ctxOf(request, platform), request.query) }),
  );
  app.post(`${types}/`, { config: { access: MANAGE }, schema: { tags, body: ZCreateDocumentTypeRequest, response: { 201: ZDocumentType } } }, async (request, reply) =>
    reply.status(201).send(await createDocumentType(ctxOf(request, platform), request.body)),
  );
  app.get(`${types}/:id/`, { config: { access: SIGNED_IN }, schema: { tags, params: idParams, response: { 200: ZDocumentType } } }, async (request) =>
    getDocumentType(ctxOf(request, platform), request.params.id),
  );
  app.patch(`${types}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, body: ZUpdateDocumentTypeRequest, response: { 200: ZDocumentType } } }, async (request) =>
    editDocumentType(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${types}/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Deactivates the type (documents keep it)', params: idParams } }, async (request, reply) => {
    await editDocumentType(ctxOf(request, platform), request.params.id, { is_active: false });
    return reply.status(204).send();
  });

  const foldersPath = `${base}/folders`;
  app.get(
    `${foldersPath}/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Every folder of the tenant, flat', response: { 200: z.object({ results: z.array(ZFolder) }) } } },
    async (request) => ({
      results: await listFolders(ctxOf(request, platform)),
    }),
  );
  app.post(`${foldersPath}/`, { config: { access: MANAGE }, schema: { tags, body: ZCreateFolderRequest, response: { 201: ZFolder } } }, async (request, reply) =>
    reply.status(201).send(await createFolder(ctxOf(request, platform), request.body)),
  );
  app.get(`${foldersPath}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, response: { 200: ZFolder } } }, async (request) =>
    getFolder(ctxOf(request, platform), request.params.id),
  );
  app.patch(
    `${foldersPath}/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Rename and/or move', params: idParams, body: ZUpdateFolderRequest, response: { 200: ZFolder } } },
    async (request) => editFolder(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${foldersPath}/:id/`, { config: { access: MANAGE }, schema: { tags, summary: 'Deletes an empty folder (409 when it is not)', params: idParams } }, async (request, reply) => {
    await deleteFolder(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });

  const docs = `${base}/documents`;
  app.get(
    `${docs}/`,
    {
      config: { access: MANAGE },
      schema: { tags, summary: 'Documents of a folder (root when none), or matching a search', querystring: ZDocumentListQuery, response: { 200: z.object({ results: z.array(ZDocument) }) } },
    },
    async (request) => ({ results: await listDocuments(ctxOf(request, platform), request.query) }),
  );
  app.post(
    `${docs}/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'A document from a stored upload', body: ZCreateDocumentRequest, response: { 201: ZDocument } } },
    async (request, reply) => reply.status(201).send(await createDocument(ctxOf(request, platform), request.body)),
  );
  app.get(`${docs}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams, response: { 200: ZDocument } } }, async (request) =>
    getDocument(ctxOf(request, platform), request.params.id),
  );
  app.patch(
    `${docs}/:id/`,
    { config: { access: MANAGE }, schema: { tags, summary: 'Rename, move, change type', params: idParams, body: ZUpdateDocumentRequest, response: { 200: ZDocument } } },
    async (request) => editDocument(ctxOf(request, platform), request.params.id, request.body),
  );
  app.delete(`${docs}/:id/`, { config: { access: MANAGE }, schema: { tags, params: idParams } }, async (request, reply) => {
    await deleteDocument(ctxOf(request, platform), request.params.id);
    return reply.status(204).send();
  });
}
