import { z } from 'zod';
import { ZPageQuery } from './common.ts';

export const ZPerson = z
  .object({
    id: z.string(),
    passport: z.string(),
    name: z.string(),
    primary_email: z.string().nullable(),
    picture: z.string().nullable(),
    is_disabled: z.boolean(),
    has_account: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'Person' });
export type TPerson = z.infer<typeof ZPerson>;

/** Unknown keys are ignored (API.md). */
export const ZCreatePersonRequest = z.object({
  name: z.string().trim().min(1).max(200),
  primary_email: z.string().trim().max(320).nullable().optional(),
});
export type TCreatePersonRequest = z.infer<typeof ZCreatePersonRequest>;

export const ZPersonListQuery = ZPageQuery.extend({ search: z.string().max(200).optional() });
