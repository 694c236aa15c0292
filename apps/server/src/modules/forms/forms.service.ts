import {
  convertForSubmit,
  fileReferences,
  forEachAnswer,
  isFileType,
  referencedRows,
  renamedFields,
  resolveFlags,
  toAssertionErrorBody,
  uploadIdFromLink,
  validateResponse,
  type FileMetadata,
  type FormField,
} from '@faena/domain';
import { AppError, BodyError, FieldErrors } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { personSummaries } from '../people/index.ts';
import { filesMetadata, holdFiles } from '../documents/index.ts';
import { FORM_RESPONSE_HOLDER } from './forms.files.ts';
import { knownReferences } from './forms.references.ts';
import {
  findFormVersion,
  findLatestFormVersions,
  findResponse,
  insertForm,
  insertFormVersion,
  insertResponse,
  listForms,
  listResponses,
  type FormVersionRow,
  type ResponseRow,
} from './forms.repository.ts';

export interface FormView {
  id: string;
  version: number;
  name: string;
  description: FormField[];
  created_at: string;
  updated_at: string;
}

const view = (row: FormVersionRow): FormView => ({
  id: row.id,
  version: row.version,
  name: row.name,
  description: row.definition,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const FORM_NOT_FOUND = () => new AppError('not-found', 'Form not found.');

export async function createForm(ctx: Ctx, input: { name: string; description: FormField[] }): Promise<FormView> {
  const { caller } = signedIn(ctx);
  const row = await ctx.tx((tx) => insertForm(tx, ctx.tenant.id, { name: input.name, definition: input.description, personId: caller.personId }), {
    audit: 'forms.create',
  });
  return view(row);
}

/** Saving a form writes a new version; a field keeps the name it was created with (spec §3). */
export async function updateForm(ctx: Ctx, formId: string, input: { name: string; description: FormField[]; base_version?: number | undefined }): Promise<FormView> {
  const { caller } = signedIn(ctx);
  if (!isUuid(formId)) throw FORM_NOT_FOUND();
  const row = await ctx.tx(
    async (tx) => {
      const current = await findFormVersion(tx, ctx.tenant.id, formId, undefined, { lock: true });
      if (!current) throw FORM_NOT_FOUND();
      if (input.base_version !== undefined && input.base_version !== current.version) {
        throw new AppError('form-version-conflict', `The form was saved since version ${input.base_version}: it is at version ${current.version} now.`, { current_version: current.version });
      }
      const renamed = renamedFields(current.definition, input.description);
      if (renamed.length > 0) {
        throw new FieldErrors({ description: renamed.map((change) => `The field "${change.from}" cannot be renamed to "${change.to}": a field's name never changes after it is created.`) });
      }
      const version = current.version + 1;
      await insertFormVersion(tx, ctx.tenant.id, formId, { version, name: input.name, definition: input.description, personId: caller.personId });
      return { ...current, version, name: input.name, definition: input.description, updatedAt: new Date() };
    },
    { audit: 'forms.update', details: { form_id: formId } },
  );
  return view(row);
}

export async function getForm(ctx: Ctx, formId: string, version?: number): Promise<FormView> {
  if (!isUuid(formId)) throw FORM_NOT_FOUND();
  const row = await ctx.tx((tx) => findFormVersion(tx, ctx.tenant.id, formId, version));
  if (!row) throw FORM_NOT_FOUND();
  return view(row);
}

/** The latest version of each of these forms, in the given order, in one read: those not found (removed, another tenant's, not an id) are left out. */
export async function getForms(ctx: Ctx, formIds: readonly string[]): Promise<FormView[]> {
  const wanted = [...new Set(formIds)].filter(isUuid);
  if (wanted.length === 0) return [];
  const rows = new Map((await ctx.tx((tx) => findLatestFormVersions(tx, ctx.tenant.id, wanted))).map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = rows.get(id);
    return row ? [view(row)] : [];
  });
}

export async function listAllForms(ctx: Ctx, query: { page: number; page_size: number; search?: string | undefined }) {
  const { count, rows } = await ctx.tx((tx) => listForms(tx, ctx.tenant.id, { search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size }));
  return { count, results: rows.map((row) => ({ id: row.id, name: row.name, version: row.version, created_at: row.createdAt.toISOString(), updated_at: row.updatedAt.toISOString() })) };
}

// ------------------------------------------------------------------------------------ responses

export interface ResponseView {
  id: string;
  form: string;
  form_version: number;
  created_at: string;
  updated_at: string;
  response: Record<string, unknown>;
  user: { id: string; passport: string; name: string } | null;
}

function responseView(row: ResponseRow, people: Map<string, { id: string; passport: string; name: string }>): ResponseView {
  return {
    id: row.id,
    form: row.formId,
    form_version: row.formVersion,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    response: row.response,
    user: row.personId ? (people.get(row.personId) ?? null) : null,
  };
}

/** Every file reference (download link or bare upload id) of file-typed fields, sub-forms included. */
function referencedUploads(fields: readonly FormField[], values: unknown): Set<string> {
  const uploads = new Set<string>();
  forEachAnswer(fields, values, (field, value) => {
    if (!isFileType(field.type)) return;
    for (const reference of fileReferences(field, value) ?? []) uploads.add(uploadIdFromLink(reference) ?? reference);
  });
  return uploads;
}

/**
 * Validates a response with the same engine as the web renderer, then stores it after the
 * submit conversion (spec §4). Anything that breaks the form's rules answers 400 with one
 * assertion error per failing field, and nothing is stored.
 */
export async function submitResponse(ctx: Ctx, formId: string, response: Record<string, unknown>): Promise<ResponseView> {
  const { caller } = signedIn(ctx);
  if (!isUuid(formId)) throw FORM_NOT_FOUND();
  const form = await ctx.tx((tx) => findFormVersion(tx, ctx.tenant.id, formId));
  if (!form) throw FORM_NOT_FOUND();
  const uploads = [...referencedUploads(form.definition, response)];
  const metadata: Record<string, FileMetadata> = uploads.length ? await filesMetadata(ctx, uploads) : {};
  const picked = referencedRows(form.definition, response);
  // reads with no common snapshot to keep (decision 013)
  const knownReference = picked.size > 0 ? await ctx.read((db) => knownReferences(db, ctx.tenant.id, picked)) : undefined;
  const errors = validateResponse(form.definition, response, {
    flags: resolveFlags(ctx.tenant.featureFlags),
    fileMetadata: (reference) => metadata[uploadIdFromLink(reference) ?? reference],
    knownReference,
  });
  if (errors.length > 0) throw new BodyError(400, { ...toAssertionErrorBody(errors) });
  const stored = convertForSubmit(form.definition, response, { timeZone: 'UTC' });
  const row = await ctx.tx(
    async (tx) => {
      const inserted = await insertResponse(tx, { tenantId: ctx.tenant.id, formId, formVersion: form.version, response: stored, personId: caller.personId });
      // the response holds the files of its answers (decision 032)
      await holdFiles(tx, ctx.tenant.id, { kind: FORM_RESPONSE_HOLDER, id: inserted.id }, uploads, { by: caller.personId });
      return inserted;
    },
    { audit: 'forms.response.create', details: { form_id: formId } },
  );
  const people = await ctx.tx((tx) => personSummaries(tx, ctx.tenant.id, [caller.personId]));
  return responseView(row, people);
}

/** Managers of forms see every response; everyone else sees their own. */
function canSeeAll(ctx: Ctx): boolean {
  return signedIn(ctx).caller.permissions.has('MANAGE_WF');
}

export async function listFormResponses(ctx: Ctx, formId: string, query: { page: number; page_size: number }) {
  const { caller } = signedIn(ctx);
  if (!isUuid(formId)) throw FORM_NOT_FOUND();
  return ctx.tx(async (tx) => {
    if (!(await findFormVersion(tx, ctx.tenant.id, formId))) throw FORM_NOT_FOUND();
    const { count, rows } = await listResponses(tx, ctx.tenant.id, formId, {
      personId: canSeeAll(ctx) ? undefined : caller.personId,
      limit: query.page_size,
      offset: (query.page - 1) * query.page_size,
    });
    const people = await personSummaries(
      tx,
      ctx.tenant.id,
      rows.flatMap((row) => (row.personId ? [row.personId] : [])),
    );
    return { count, results: rows.map((row) => responseView(row, people)) };
  });
}

export async function getFormResponse(ctx: Ctx, formId: string, responseId: string): Promise<ResponseView> {
  const { caller } = signedIn(ctx);
  if (!isUuid(formId) || !isUuid(responseId)) throw new AppError('not-found', 'Response not found.');
  return ctx.tx(async (tx) => {
    const row = await findResponse(tx, ctx.tenant.id, formId, responseId);
    if (!row || (!canSeeAll(ctx) && row.personId !== caller.personId)) throw new AppError('not-found', 'Response not found.');
    return responseView(row, await personSummaries(tx, ctx.tenant.id, row.personId ? [row.personId] : []));
  });
}
