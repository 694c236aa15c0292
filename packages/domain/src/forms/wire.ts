import { z } from 'zod';

/**
 * Wire shapes of spec forms §3 and API.md "Forms" that go with the engine; the server's routes
 * and the web client can use them directly (or wrap them in @faena/contracts).
 */

/** File metadata (spec §3): POST /files/metadata/ answers one per upload id. */
export const ZFileMetadata = z.object({ name: z.string(), size: z.number().int().min(0), content_type: z.string() });

/** Uploaded file draft (spec §3). */
export const ZUploadedFileDraft = z.object({ temporary_upload: z.string(), size: z.number(), fileType: z.string() });
export type UploadedFileDraft = z.infer<typeof ZUploadedFileDraft>;

/** Field name → value, plus `{name}_skipped` companions. */
export const ZResponseValues = z.record(z.string(), z.unknown());

/** Body of POST /forms/{id}/responses/. */
export const ZSubmitResponseRequest = z.object({ response: ZResponseValues });
export type SubmitResponseRequest = z.infer<typeof ZSubmitResponseRequest>;

/** A stored form response (spec §3): id, times, the response and its author. */
export const ZStoredFormResponse = z.object({
  id: z.union([z.string(), z.number()]),
  created_at: z.string(),
  updated_at: z.string(),
  response: ZResponseValues,
  user: z.unknown(),
  workflow_form: z.unknown().optional(),
  element_model: z.unknown().optional(),
});
export type StoredFormResponse = z.infer<typeof ZStoredFormResponse>;

/** 400 body of a response that breaks the form's rules. */
export const ZAssertionErrorBody = z.object({
  non_field_errors: z.array(z.object({ type: z.literal('assertion_error'), loc: z.array(z.union([z.string(), z.number()])), msg: z.string() })),
});

/**
 * POST /api/logic-parser/v3/evaluate. The expression's own limits (length, nesting) are the
 * parser's, reported as invalid-expression, so the schema only bounds the body.
 */
export const ZEvaluateExpressionRequest = z.object({
  expression: z.string().max(100_000),
  values: ZResponseValues.default({}),
});
export const ZEvaluateExpressionResponse = z.object({ result: z.unknown() });
