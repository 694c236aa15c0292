import { and, asc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { TDocument, TDocumentType, TFolder } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { documents, documentTypes, folders } from './documents-area.table.ts';
import { storedFiles } from './documents.table.ts';
import { DOCUMENT_HOLDER } from './documents.files.ts';
import { filesMetadata } from './documents.service.ts';
import { holdFiles, releaseFiles } from './holdings.ts';

/**
 * The documents area: document types, folders and documents of the tenant. Every query is keyed
 * by the tenant (and RLS holds it too); an id of another tenant, or not a uuid, is simply not found.
 */
const notFound = (what: string) => new AppError('not-found', `${what} not found.`);
const iso = (date: Date) => date.toISOString();
const pattern = (search: string) => `%${search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type TypeRow = typeof documentTypes.$inferSelect;
type FolderRow = typeof folders.$inferSelect;

const toType = (row: TypeRow): TDocumentType => ({
  id: row.id,
  name: row.name,
  description: row.description,
  allowed_formats: row.allowedFormats,
  is_active: row.isActive,
  created_at: iso(row.createdAt),
  updated_at: iso(row.updatedAt),
});
const toFolder = (row: FolderRow): TFolder => ({ id: row.id, parent_id: row.parentId, name: row.name, created_at: iso(row.createdAt), updated_at: iso(row.updatedAt) });

// ---- document types -------------------------------------------------------------------

export async function listDocumentTypes(ctx: Ctx, query: { is_active?: 'true' | 'false' | 'all' | undefined }): Promise<TDocumentType[]> {
  const active = query.is_active ?? 'all';
  const rows = await ctx.tx((tx) =>
    tx
      .select()
      .from(documentTypes)
      .where(and(eq(documentTypes.tenantId, ctx.tenant.id), active === 'all' ? undefined : eq(documentTypes.isActive, active === 'true')))
      .orderBy(asc(sql`lower(${documentTypes.name})`), asc(documentTypes.id)),
  );
  return rows.map(toType);
}

async function findType(tx: Drizzle, tenantId: string, id: string): Promise<TypeRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(documentTypes)
    .where(and(eq(documentTypes.tenantId, tenantId), eq(documentTypes.id, id)))
    .limit(1);
  return row ?? null;
}

export async function getDocumentType(ctx: Ctx, id: string): Promise<TDocumentType> {
  const row = await ctx.tx((tx) => findType(tx, ctx.tenant.id, id));
  if (!row) throw notFound('Document type');
  return toType(row);
}

const uniqueFormats = (formats: readonly string[]) => [...new Set(formats)];

export async function createDocumentType(
  ctx: Ctx,
  input: { name: string; description?: string | null | undefined; allowed_formats: string[]; is_active?: boolean | undefined },
): Promise<TDocumentType> {
  const [row] = await ctx.tx(
    (tx) =>
      tx
        .insert(documentTypes)
        .values({ tenantId: ctx.tenant.id, name: input.name, description: input.description?.trim() || null, allowedFormats: uniqueFormats(input.allowed_formats), isActive: input.is_active ?? true })
        .returning(),
    { audit: 'documents.types.create' },
  );
  return toType(row!);
}

export async function editDocumentType(
  ctx: Ctx,
  id: string,
  input: { name?: string | undefined; description?: string | null | undefined; allowed_formats?: string[] | undefined; is_active?: boolean | undefined },
): Promise<TDocumentType> {
  if (!isUuid(id)) throw notFound('Document type');
  const [row] = await ctx.tx(
    (tx) =>
      tx
        .update(documentTypes)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.description !== undefined ? { description: input.description?.trim() || null } : {}),
          ...(input.allowed_formats !== undefined ? { allowedFormats: uniqueFormats(input.allowed_formats) } : {}),
          ...(input.is_active !== undefined ? { isActive: input.is_active } : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(documentTypes.tenantId, ctx.tenant.id), eq(documentTypes.id, id)))
        .returning(),
    { audit: 'documents.types.update' },
  );
  if (!row) throw notFound('Document type');
  return toType(row);
}

// ---- folders --------------------------------------------------------------------------

/** Every folder of the tenant, flat (the client builds the tree and the breadcrumbs). */
export async function listFolders(ctx: Ctx): Promise<TFolder[]> {
  const rows = await ctx.tx((tx) =>
    tx
      .select()
      .from(folders)
      .where(eq(folders.tenantId, ctx.tenant.id))
      .orderBy(asc(sql`lower(${folders.name})`), asc(folders.id)),
  );
  return rows.map(toFolder);
}

async function findFolder(tx: Drizzle, tenantId: string, id: string): Promise<FolderRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await tx
    .select()
    .from(folders)
    .where(and(eq(folders.tenantId, tenantId), eq(folders.id, id)))
    .limit(1);
  return row ?? null;
}

/** A parent given by a client: null = root; an unknown id is a field error. */
async function parentOf(tx: Drizzle, tenantId: string, parentId: string | null | undefined, field: string): Promise<string | null> {
  if (parentId === null || parentId === undefined || parentId === '') return null;
  const parent = await findFolder(tx, tenantId, parentId);
  if (!parent) throw new FieldErrors({ [field]: ['Folder not found.'] });
  return parent.id;
}

export async function getFolder(ctx: Ctx, id: string): Promise<TFolder> {
  const row = await ctx.tx((tx) => findFolder(tx, ctx.tenant.id, id));
  if (!row) throw notFound('Folder');
  return toFolder(row);
}

export async function createFolder(ctx: Ctx, input: { name: string; parent_id?: string | null | undefined }): Promise<TFolder> {
  const row = await ctx.tx(
    async (tx) => {
      const parentId = await parentOf(tx, ctx.tenant.id, input.parent_id, 'parent_id');
      const [created] = await tx.insert(folders).values({ tenantId: ctx.tenant.id, name: input.name, parentId }).returning();
      return created!;
    },
    { audit: 'documents.folders.create' },
  );
  return toFolder(row);
}

/** Rename and/or move; a folder cannot move into itself or one of its descendants. */
export async function editFolder(ctx: Ctx, id: string, input: { name?: string | undefined; parent_id?: string | null | undefined }): Promise<TFolder> {
  const row = await ctx.tx(
    async (tx) => {
      const folder = await findFolder(tx, ctx.tenant.id, id);
      if (!folder) throw notFound('Folder');
      let parentId = folder.parentId;
      if (input.parent_id !== undefined) {
        parentId = await parentOf(tx, ctx.tenant.id, input.parent_id, 'parent_id');
        // Walk up from the new parent: meeting the folder itself would make a cycle.
        let cursor = parentId;
        for (let depth = 0; cursor !== null && depth < 1000; depth += 1) {
          if (cursor === folder.id) throw new FieldErrors({ parent_id: ['A folder cannot be moved into itself.'] });
          cursor = (await findFolder(tx, ctx.tenant.id, cursor))?.parentId ?? null;
        }
      }
      const [updated] = await tx
        .update(folders)
        .set({ ...(input.name !== undefined ? { name: input.name } : {}), parentId, updatedAt: new Date() })
        .where(and(eq(folders.tenantId, ctx.tenant.id), eq(folders.id, folder.id)))
        .returning();
      return updated!;
    },
    { audit: 'documents.folders.update' },
  );
  return toFolder(row);
}

/** Deletes an empty folder; one that still holds folders or documents is a conflict. */
export async function deleteFolder(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      const folder = await findFolder(tx, ctx.tenant.id, id);
      if (!folder) throw notFound('Folder');
      const [child] = await tx
        .select({ id: folders.id })
        .from(folders)
        .where(and(eq(folders.tenantId, ctx.tenant.id), eq(folders.parentId, folder.id)))
        .limit(1);
      const [doc] = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.tenantId, ctx.tenant.id), eq(documents.folderId, folder.id)))
        .limit(1);
      if (child || doc) throw new AppError('conflict', 'The folder is not empty.');
      await tx.delete(folders).where(and(eq(folders.tenantId, ctx.tenant.id), eq(folders.id, folder.id)));
    },
    { audit: 'documents.folders.delete' },
  );
}

// ---- documents ------------------------------------------------------------------------

const documentColumns = {
  doc: documents,
  typeName: documentTypes.name,
  fileName: storedFiles.name,
  size: storedFiles.size,
  contentType: storedFiles.contentType,
};

function documentQuery(tx: Drizzle, tenantId: string) {
  return tx
    .select(documentColumns)
    .from(documents)
    .innerJoin(storedFiles, and(eq(storedFiles.tenantId, documents.tenantId), eq(storedFiles.id, documents.uploadId)))
    .leftJoin(documentTypes, and(eq(documentTypes.tenantId, documents.tenantId), eq(documentTypes.id, documents.documentTypeId)))
    .$dynamic()
    .where(eq(documents.tenantId, tenantId));
}

type DocumentJoined = { doc: typeof documents.$inferSelect; typeName: string | null; fileName: string; size: number; contentType: string };
const toDocument = (row: DocumentJoined): TDocument => ({
  id: row.doc.id,
  folder_id: row.doc.folderId,
  upload_id: row.doc.uploadId,
  title: row.doc.title,
  document_type_id: row.doc.documentTypeId,
  document_type_name: row.typeName,
  file_name: row.fileName,
  size: row.size,
  content_type: row.contentType,
  created_by: row.doc.createdBy,
  created_at: iso(row.doc.createdAt),
  updated_at: iso(row.doc.updatedAt),
});

/** The documents of one folder (root when none), or matching a search anywhere. */
export async function listDocuments(ctx: Ctx, query: { folder_id?: string | undefined; search?: string | undefined }): Promise<TDocument[]> {
  const rows = await ctx.tx(async (tx) => {
    const search = query.search?.trim();
    let where;
    if (search) where = and(eq(documents.tenantId, ctx.tenant.id), ilike(documents.title, pattern(search)));
    else if (query.folder_id) {
      const folder = await findFolder(tx, ctx.tenant.id, query.folder_id);
      if (!folder) throw notFound('Folder');
      where = and(eq(documents.tenantId, ctx.tenant.id), eq(documents.folderId, folder.id));
    } else where = and(eq(documents.tenantId, ctx.tenant.id), isNull(documents.folderId));
    return documentQuery(tx, ctx.tenant.id)
      .where(where)
      .orderBy(asc(sql`lower(${documents.title})`), asc(documents.id))
      .limit(1000);
  });
  return rows.map(toDocument);
}

async function findDocument(tx: Drizzle, tenantId: string, id: string): Promise<DocumentJoined | null> {
  if (!isUuid(id)) return null;
  const [row] = await documentQuery(tx, tenantId)
    .where(and(eq(documents.tenantId, tenantId), eq(documents.id, id)))
    .limit(1);
  return row ?? null;
}

/** Documents by id (those that exist; in no order): for another module that names documents (document shares). */
export async function documentsByIds(tx: Drizzle, tenantId: string, ids: readonly string[]): Promise<TDocument[]> {
  const wanted = [...new Set(ids.filter(isUuid))];
  if (wanted.length === 0) return [];
  return (await documentQuery(tx, tenantId).where(and(eq(documents.tenantId, tenantId), inArray(documents.id, wanted)))).map(toDocument);
}

export async function getDocument(ctx: Ctx, id: string): Promise<TDocument> {
  const row = await ctx.tx((tx) => findDocument(tx, ctx.tenant.id, id));
  if (!row) throw notFound('Document');
  return toDocument(row);
}

const extension = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot === -1 ? '' : name.slice(dot + 1).toLowerCase();
};
const SAME_FORMATS: Record<string, string[]> = { jpg: ['jpg', 'jpeg', 'jpe'], jpeg: ['jpg', 'jpeg', 'jpe'], tif: ['tif', 'tiff'], tiff: ['tif', 'tiff'] };

/** An active document type of the tenant that accepts this file (by its extension), as its id. */
async function typeFor(tx: Drizzle, tenantId: string, typeId: string | null | undefined, fileName: string): Promise<string | null> {
  if (typeId === null || typeId === undefined || typeId === '') return null;
  const type = await findType(tx, tenantId, typeId);
  if (!type || !type.isActive) throw new FieldErrors({ document_type_id: ['Document type not found.'] });
  if (type.allowedFormats.length > 0) {
    const ext = extension(fileName);
    if (!type.allowedFormats.some((format) => (SAME_FORMATS[format] ?? [format]).includes(ext))) {
      throw new FieldErrors({ document_type_id: [`The document type accepts ${type.allowedFormats.join(', ')} only.`] });
    }
  }
  return type.id;
}

export async function createDocument(
  ctx: Ctx,
  input: { upload_id: string; folder_id?: string | null | undefined; title?: string | null | undefined; document_type_id?: string | null | undefined },
): Promise<TDocument> {
  // only a file the caller may read becomes a document (decision 032): knowing an id is not enough
  if (!(await filesMetadata(ctx, [input.upload_id]))[input.upload_id]) throw new FieldErrors({ upload_id: ['File not found.'] });
  const id = await ctx.tx(
    async (tx) => {
      const [file] = await tx
        .select()
        .from(storedFiles)
        .where(and(eq(storedFiles.tenantId, ctx.tenant.id), eq(storedFiles.id, input.upload_id)))
        .limit(1);
      if (!file) throw new FieldErrors({ upload_id: ['File not found.'] });
      const folderId = await parentOf(tx, ctx.tenant.id, input.folder_id, 'folder_id');
      const documentTypeId = await typeFor(tx, ctx.tenant.id, input.document_type_id, file.name);
      const [created] = await tx
        .insert(documents)
        .values({ tenantId: ctx.tenant.id, uploadId: file.id, folderId, documentTypeId, title: input.title?.trim() || file.name, createdBy: ctx.caller?.personId ?? null })
        .returning({ id: documents.id });
      await holdFiles(tx, ctx.tenant.id, { kind: DOCUMENT_HOLDER, id: created!.id }, [file.id], { by: null });
      return created!.id;
    },
    { audit: 'documents.create' },
  );
  return getDocument(ctx, id);
}

export async function editDocument(
  ctx: Ctx,
  id: string,
  input: { title?: string | undefined; folder_id?: string | null | undefined; document_type_id?: string | null | undefined },
): Promise<TDocument> {
  await ctx.tx(
    async (tx) => {
      const current = await findDocument(tx, ctx.tenant.id, id);
      if (!current) throw notFound('Document');
      const values: Partial<typeof documents.$inferInsert> = { updatedAt: new Date() };
      if (input.title !== undefined) values.title = input.title;
      if (input.folder_id !== undefined) values.folderId = await parentOf(tx, ctx.tenant.id, input.folder_id, 'folder_id');
      if (input.document_type_id !== undefined) values.documentTypeId = await typeFor(tx, ctx.tenant.id, input.document_type_id, current.fileName);
      await tx
        .update(documents)
        .set(values)
        .where(and(eq(documents.tenantId, ctx.tenant.id), eq(documents.id, current.doc.id)));
    },
    { audit: 'documents.update' },
  );
  return getDocument(ctx, id);
}

export async function deleteDocument(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx(
    async (tx) => {
      if (!isUuid(id)) throw notFound('Document');
      const deleted = await tx
        .delete(documents)
        .where(and(eq(documents.tenantId, ctx.tenant.id), eq(documents.id, id)))
        .returning({ id: documents.id });
      if (deleted.length === 0) throw notFound('Document');
      await releaseFiles(tx, ctx.tenant.id, { kind: DOCUMENT_HOLDER, id });
    },
    { audit: 'documents.delete' },
  );
}
