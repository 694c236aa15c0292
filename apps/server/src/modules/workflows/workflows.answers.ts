import { convertForSubmit, fileReferences, forEachAnswer, isFileType, referencedRows, resolveFlags, toAssertionErrorBody, uploadIdFromLink, validateResponse, type FormField } from '@faena/domain';
import { BodyError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { filesMetadata } from '../documents/index.ts';
import { getForm, knownReferences } from '../forms/index.ts';

/** Every upload a response's file fields name (download links or bare upload ids), sub-forms included. */
function referencedUploads(fields: readonly FormField[], values: unknown): string[] {
  const uploads = new Set<string>();
  forEachAnswer(fields, values, (field, value) => {
    if (!isFileType(field.type)) return;
    for (const reference of fileReferences(field, value) ?? []) uploads.add(uploadIdFromLink(reference) ?? reference);
  });
  return [...uploads];
}

/**
 * An answer to a workflow form (start form, user task, kanban move, public start) checked as the
 * forms module checks a response: the forms engine's rules, each file against the document
 * manager's record of it (this organisation's stored file, its size and type within the field's
 * limits — an upload of another organisation is unknown here) and each picked row against its
 * catalogue. 400 with the §5 assertion errors, else the answer converted for storage.
 */
export async function checkedAnswer(ctx: Ctx, formId: string, response: Record<string, unknown>): Promise<Record<string, unknown>> {
  const form = await getForm(ctx, formId);
  const fields = form.description;
  const uploads = referencedUploads(fields, response);
  const metadata = uploads.length > 0 ? await filesMetadata(ctx, uploads) : {};
  const picked = referencedRows(fields, response);
  // reads with no common snapshot to keep (decision 013)
  const knownReference = picked.size > 0 ? await ctx.read((db) => knownReferences(db, ctx.tenant.id, picked)) : undefined;
  const errors = validateResponse(fields, response, {
    flags: resolveFlags(ctx.tenant.featureFlags),
    fileMetadata: (reference) => metadata[uploadIdFromLink(reference) ?? reference],
    knownReference,
  });
  if (errors.length > 0) throw new BodyError(400, { ...toAssertionErrorBody(errors) });
  return convertForSubmit(fields, response, { timeZone: 'UTC' }) as Record<string, unknown>;
}
