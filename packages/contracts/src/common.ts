import { z } from 'zod';

export const ZError = z.object({ code: z.string(), detail: z.string().optional() }).meta({ id: 'Error' });
export type TError = z.infer<typeof ZError>;

/**
 * Why a field was refused, beside its English text, for a client to say in its own words
 * (decision 016); the field names what: `in-use` on `code` is a code another record holds.
 */
export const FIELD_REASONS = [
  'in-use',
  'unknown-reference',
  'unknown-file',
  'not-an-image',
  'cycle',
  'root-with-parents',
  'no-email',
  'invalid-country',
  'invalid-timezone',
  'too-large',
  'module-disabled',
  'common-password',
  'invalid-color',
] as const;
export type FieldReason = (typeof FIELD_REASONS)[number];

export const ZFieldErrors = z
  .object({ code: z.string(), errors: z.record(z.string(), z.array(z.string())), reasons: z.record(z.string(), z.enum(FIELD_REASONS)).optional() })
  .meta({ id: 'FieldErrors' });

export const ZPageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  page_size: z.coerce.number().int().min(1).max(200).default(20),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Paged list (spec: count and results; next is page+1 with the same page_size, or null). */
export function zPaged<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface TPaged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

export const ZUuid = z.uuid();
export const ZIdParams = z.object({ id: z.string() });
