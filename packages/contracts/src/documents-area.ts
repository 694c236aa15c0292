import { z } from 'zod';

/**
 * The documents area (spec forms §2 document types, issue 6 point 6): folders and documents of
 * the tenant, each document a stored upload with a title and an optional document type.
 */
export const ZDocumentType = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** Extensions without the dot ("pdf", "png"); empty = any format. */
  allowed_formats: z.array(z.string()),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDocumentType = z.infer<typeof ZDocumentType>;

const ZFormat = z
  .string()
  .trim()
  .toLowerCase()
  .transform((value) => value.replace(/^\./, ''))
  .pipe(z.string().regex(/^[a-z0-9]{1,10}$/));

export const ZCreateDocumentTypeRequest = z.object({
  name: z.string().trim().min(1).max(200),
  description: z.string().max(2000).nullish(),
  allowed_formats: z.array(ZFormat).max(50).default([]),
  is_active: z.boolean().optional(),
});
export const ZUpdateDocumentTypeRequest = ZCreateDocumentTypeRequest.partial();

export const ZFolder = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TFolder = z.infer<typeof ZFolder>;

export const ZCreateFolderRequest = z.object({
  name: z.string().trim().min(1).max(200),
  parent_id: z.string().max(100).nullish(),
});
export const ZUpdateFolderRequest = z.object({
  name: z.string().trim().min(1).max(200).optional(),
  parent_id: z.string().max(100).nullable().optional(),
});

export const ZDocument = z.object({
  id: z.string(),
  folder_id: z.string().nullable(),
  upload_id: z.string(),
  title: z.string(),
  document_type_id: z.string().nullable(),
  document_type_name: z.string().nullable(),
  /** The stored file: sanitised name, size in bytes, sniffed content type. */
  file_name: z.string(),
  size: z.number(),
  content_type: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TDocument = z.infer<typeof ZDocument>;

export const ZDocumentListQuery = z.object({
  /** A folder id; omitted = the root. */
  folder_id: z.string().max(100).optional(),
  search: z.string().max(200).optional(),
});
export const ZCreateDocumentRequest = z.object({
  upload_id: z.string().min(1).max(100),
  folder_id: z.string().max(100).nullish(),
  title: z.string().trim().max(300).nullish(),
  document_type_id: z.string().max(100).nullish(),
});
export const ZUpdateDocumentRequest = z.object({
  title: z.string().trim().min(1).max(300).optional(),
  folder_id: z.string().max(100).nullable().optional(),
  document_type_id: z.string().max(100).nullable().optional(),
});
