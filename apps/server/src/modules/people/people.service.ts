import { isValidEmail, normalizeEmail } from '@faena/domain';
import type { TCreatePersonRequest, TPaged, TPerson } from '@faena/contracts';
import { AppError, FieldErrors } from '../../platform/errors.ts';
import { isUuid } from '../../platform/ids.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { findPerson, findPersonByEmail, insertPerson, listPersons, type PersonRow } from './people.repository.ts';

export const EMAIL_IN_USE = 'Email already in use';

export function toPerson(row: PersonRow): TPerson {
  return {
    id: row.id,
    passport: row.passport,
    name: row.name,
    primary_email: row.primaryEmail,
    picture: row.picture,
    is_disabled: row.isDisabled,
    has_account: row.userId !== null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listPeople(ctx: Ctx, query: { page: number; page_size: number; search?: string | undefined }): Promise<Omit<TPaged<TPerson>, 'next' | 'previous'>> {
  const { count, rows } = await ctx.tx((tx) =>
    listPersons(tx, ctx.tenant.id, { search: query.search, limit: query.page_size, offset: (query.page - 1) * query.page_size }),
  );
  return { count, results: rows.map(toPerson) };
}

export async function getPerson(ctx: Ctx, id: string): Promise<TPerson> {
  if (!isUuid(id)) throw new AppError('not-found', 'Person not found.');
  const row = await ctx.tx((tx) => findPerson(tx, ctx.tenant.id, id));
  if (!row) throw new AppError('not-found', 'Person not found.');
  return toPerson(row);
}

export async function createPerson(ctx: Ctx, input: TCreatePersonRequest): Promise<TPerson> {
  const email = input.primary_email ? normalizeEmail(input.primary_email) : null;
  if (email !== null && !isValidEmail(email)) throw new FieldErrors({ primary_email: ['Invalid email'] });
  const row = await ctx.tx(
    async (tx) => {
      if (email && (await findPersonByEmail(tx, ctx.tenant.id, email))) throw new FieldErrors({ primary_email: [EMAIL_IN_USE] });
      return insertPerson(tx, ctx.tenant.id, { name: input.name, primaryEmail: email });
    },
    { audit: 'people.create' },
  ).catch((error: unknown) => {
    // Two requests racing for one e-mail: the unique index decides, the answer stays the same.
    if (isUniqueViolation(error)) throw new FieldErrors({ primary_email: [EMAIL_IN_USE] });
    throw error;
  });
  return toPerson(row);
}

function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
