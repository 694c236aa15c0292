import { z } from 'zod';

export const ZError = z.object({ code: z.string(), detail: z.string().optional() }).meta({ id: 'Error' });
export type TError = z.infer<typeof ZError>;

export const ZFieldErrors = z.object({ code: z.string(), errors: z.record(z.string(), z.array(z.string())) }).meta({ id: 'FieldErrors' });

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
