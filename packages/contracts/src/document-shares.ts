import { z } from 'zod';

/**
 * Documents shared with persons (issue 45 point 5, decision 023's notes on wayfinding): a holder of
 * MANAGE_DOCUMENTATIONS shares a document of the document manager with persons, who are told once
 * and find it under "Compartidos conmigo" (any signed-in member), where they can open its file.
 */
export const DOCUMENT_SHARE_MAX_PERSONS = 200;

export const ZDocumentShareWrite = z.object({ person_ids: z.array(z.string().max(100)).min(1).max(DOCUMENT_SHARE_MAX_PERSONS) }).meta({ id: 'DocumentShareWrite' });
export type TDocumentShareWrite = z.infer<typeof ZDocumentShareWrite>;

/** One person a document is shared with. */
export const ZDocumentShare = z
  .object({ person_id: z.string(), name: z.string(), picture: z.string().nullable(), shared_by_name: z.string().nullable(), shared_at: z.string() })
  .meta({ id: 'DocumentShare' });
export type TDocumentShare = z.infer<typeof ZDocumentShare>;

/** A document shared with the caller: what the list shows and what opens its file. */
export const ZSharedDocument = z
  .object({
    id: z.string(),
    title: z.string(),
    document_type_name: z.string().nullable(),
    upload_id: z.string(),
    file_name: z.string(),
    size: z.number(),
    content_type: z.string(),
    shared_by_name: z.string().nullable(),
    shared_at: z.string(),
  })
  .meta({ id: 'SharedDocument' });
export type TSharedDocument = z.infer<typeof ZSharedDocument>;
