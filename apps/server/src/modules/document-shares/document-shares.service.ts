import { and, desc, eq, inArray } from 'drizzle-orm';
import type { TDocumentShare, TSharedDocument } from '@faena/contracts/document-shares';
import type { Drizzle } from '../../platform/db/database.ts';
import { FieldErrors, notFound } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { DOCUMENT_HOLDER, documentsByIds, type FileHolderKind } from '../documents/index.ts';
import { notify } from '../notifications/index.ts';
import { personSummaries } from '../people/index.ts';
import { documentShares } from './document-shares.table.ts';

const iso = (date: Date) => date.toISOString();

async function documentOrNotFound(tx: Drizzle, tenantId: string, id: string) {
  const [document] = await documentsByIds(tx, tenantId, [id]);
  if (!document) throw notFound('Document');
  return document;
}

async function sharesOf(tx: Drizzle, tenantId: string, documentId: string): Promise<TDocumentShare[]> {
  const rows = await tx
    .select()
    .from(documentShares)
    .where(and(eq(documentShares.tenantId, tenantId), eq(documentShares.documentId, documentId)))
    .orderBy(desc(documentShares.createdAt))
    .limit(1000);
  const people = await personSummaries(tx, tenantId, [...rows.map((r) => r.personId), ...rows.flatMap((r) => (r.sharedByPersonId ? [r.sharedByPersonId] : []))]);
  return rows.map((row) => ({
    person_id: row.personId,
    name: people.get(row.personId)?.name ?? '',
    picture: people.get(row.personId)?.picture ?? null,
    shared_by_name: row.sharedByPersonId ? (people.get(row.sharedByPersonId)?.name ?? null) : null,
    shared_at: iso(row.createdAt),
  }));
}

/** Who a document is shared with (MANAGE_DOCUMENTATIONS). */
export async function listShares(ctx: Ctx, documentId: string): Promise<{ results: TDocumentShare[] }> {
  return ctx.tx(async (tx) => {
    await documentOrNotFound(tx, ctx.tenant.id, documentId);
    return { results: await sharesOf(tx, ctx.tenant.id, documentId) };
  });
}

/**
 * Shares a document with persons: each new one is told once (inbox and push, opening the
 * document); a person it was already shared with is left as is. Unknown persons refuse the whole
 * request, nothing written.
 */
export async function shareDocument(ctx: Ctx, documentId: string, personIds: readonly string[]): Promise<{ results: TDocumentShare[] }> {
  const caller = signedIn(ctx).caller;
  return ctx.tx(
    async (tx) => {
      const document = await documentOrNotFound(tx, ctx.tenant.id, documentId);
      const wanted = [...new Set(personIds)];
      const known = await personSummaries(tx, ctx.tenant.id, wanted.filter(isUuid));
      const unknown = wanted.filter((id) => !known.has(id));
      if (unknown.length > 0) throw new FieldErrors({ person_ids: [{ reason: 'unknown-reference', message: `Unknown persons: ${unknown.slice(0, 5).join(', ')}.` }] });
      const inserted = await tx
        .insert(documentShares)
        .values(wanted.map((personId) => ({ tenantId: ctx.tenant.id, documentId: document.id, personId, sharedByPersonId: caller.personId })))
        .onConflictDoNothing()
        .returning({ personId: documentShares.personId });
      const told = inserted.map((row) => row.personId).filter((id) => id !== caller.personId);
      if (told.length > 0) {
        const sharer = (await personSummaries(tx, ctx.tenant.id, [caller.personId])).get(caller.personId)?.name;
        await notify(ctx.platform, tx, {
          tenantId: ctx.tenant.id,
          personIds: told,
          kind: 'system_update',
          title: 'Compartieron un documento contigo',
          body: sharer ? `${sharer} compartió «${document.title}».` : `«${document.title}».`,
          context: { type: 'Document', action: 'shared', id: document.id, path: `/documents/shared/${document.id}` },
        });
      }
      return { results: await sharesOf(tx, ctx.tenant.id, document.id) };
    },
    { audit: 'documents.share', details: (result) => ({ persons: personIds.length, shared_with: result.results.length }) },
  );
}

/** Stops sharing a document with one person (their notification stays; opening it finds nothing). */
export async function unshareDocument(ctx: Ctx, documentId: string, personId: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      if (!isUuid(documentId) || !isUuid(personId)) throw notFound('Share');
      const deleted = await tx
        .delete(documentShares)
        .where(and(eq(documentShares.tenantId, ctx.tenant.id), eq(documentShares.documentId, documentId), eq(documentShares.personId, personId)))
        .returning({ personId: documentShares.personId });
      if (deleted.length === 0) throw notFound('Share');
    },
    { audit: 'documents.unshare' },
  );
}

/** The documents shared with the caller, newest share first (deleted documents drop out). */
export async function sharedWithMe(ctx: Ctx, onlyId?: string): Promise<TSharedDocument[]> {
  const caller = signedIn(ctx).caller;
  if (onlyId !== undefined && !isUuid(onlyId)) return [];
  return ctx.tx(async (tx) => {
    const where = [eq(documentShares.tenantId, ctx.tenant.id), eq(documentShares.personId, caller.personId)];
    if (onlyId !== undefined) where.push(eq(documentShares.documentId, onlyId));
    const rows = await tx
      .select()
      .from(documentShares)
      .where(and(...where))
      .orderBy(desc(documentShares.createdAt))
      .limit(500);
    const docs = new Map(
      (
        await documentsByIds(
          tx,
          ctx.tenant.id,
          rows.map((r) => r.documentId),
        )
      ).map((d) => [d.id, d]),
    );
    const sharers = await personSummaries(
      tx,
      ctx.tenant.id,
      rows.flatMap((r) => (r.sharedByPersonId ? [r.sharedByPersonId] : [])),
    );
    return rows.flatMap((row) => {
      const doc = docs.get(row.documentId);
      if (!doc) return [];
      return [
        {
          id: doc.id,
          title: doc.title,
          document_type_name: doc.document_type_name,
          upload_id: doc.upload_id,
          file_name: doc.file_name,
          size: doc.size,
          content_type: doc.content_type,
          shared_by_name: row.sharedByPersonId ? (sharers.get(row.sharedByPersonId)?.name ?? null) : null,
          shared_at: iso(row.createdAt),
        },
      ];
    });
  });
}

export async function sharedDocument(ctx: Ctx, id: string): Promise<TSharedDocument> {
  const [document] = await sharedWithMe(ctx, id);
  if (!document) throw notFound('Document');
  return document;
}

/**
 * The reader of a document manager document's file (decision 032), sharing included: those who
 * manage documentation read every one, a person those shared with them.
 */
export const documentFilesWithShares: FileHolderKind = {
  kind: DOCUMENT_HOLDER,
  readable: async (ctx, holderIds) => {
    if (ctx.caller.permissions.has('MANAGE_DOCUMENTATIONS')) return new Set(holderIds);
    const ids = holderIds.filter(isUuid);
    if (ids.length === 0) return new Set();
    const rows = await ctx.read((db) =>
      db
        .select({ id: documentShares.documentId })
        .from(documentShares)
        .where(and(eq(documentShares.tenantId, ctx.tenant.id), eq(documentShares.personId, ctx.caller.personId), inArray(documentShares.documentId, ids))),
    );
    return new Set(rows.map((row) => row.id));
  },
};
