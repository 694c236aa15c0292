import { LINKS_MAX, type TLink, type TLinkIcon, type ZLinkUpdate, type ZLinkWrite } from '@faena/contracts';
import type { z } from 'zod';
import type { Drizzle } from '../../platform/db/database.ts';
import { AppError, FieldErrors, problem } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { isUuid } from '../../platform/ids.ts';
import { audiencesOfPerson, findAudience } from '../audiences/index.ts';
import { countLinks, deleteLink, findLink, insertLink, listLinks, nextPosition, updateLink, type LinkRow } from './links.repository.ts';

type LinkWrite = z.output<typeof ZLinkWrite>;
type LinkUpdate = z.output<typeof ZLinkUpdate>;

const notFound = () => new AppError('not-found', 'Link not found.');
const categoryOf = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

async function audienceNames(tx: Drizzle, tenantId: string, rows: readonly LinkRow[]): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((row) => row.audienceId).filter((value): value is string => value !== null))) {
    const audience = await findAudience(tx, tenantId, id);
    if (audience) names.set(id, audience.name);
  }
  return names;
}

const toLink = (row: LinkRow, names: Map<string, string>): TLink => ({
  id: row.id,
  title: row.title,
  url: row.url,
  icon: row.icon as TLinkIcon,
  category: row.category,
  audience: row.audienceId ? { id: row.audienceId, name: names.get(row.audienceId) ?? '' } : null,
  position: row.position,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function checkAudience(tx: Drizzle, tenantId: string, audienceId: string | null | undefined): Promise<void> {
  if (audienceId && (!isUuid(audienceId) || !(await findAudience(tx, tenantId, audienceId)))) throw new FieldErrors({ audience_id: [problem('unknown-reference', 'Unknown audience.')] });
}

/** The links the caller sees: for everyone and for their audiences (`all`: every link, for MANAGE_POSTS). */
export async function listForCaller(ctx: Ctx, all: boolean): Promise<{ count: number; results: TLink[] }> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const audienceIds = all ? null : (await audiencesOfPerson(tx, ctx.tenant.id, signed.caller.personId)).map((audience) => audience.id);
    const rows = await listLinks(tx, ctx.tenant.id, audienceIds);
    const names = await audienceNames(tx, ctx.tenant.id, rows);
    return { count: rows.length, results: rows.map((row) => toLink(row, names)) };
  });
}

export async function createLink(ctx: Ctx, input: LinkWrite): Promise<TLink> {
  return ctx.tx(
    async (tx) => {
      await checkAudience(tx, ctx.tenant.id, input.audience_id);
      if ((await countLinks(tx, ctx.tenant.id)) >= LINKS_MAX) throw new AppError('bad-request', `An organisation has at most ${LINKS_MAX} links.`, { reason: 'too-many-links' });
      const category = categoryOf(input.category);
      const row = await insertLink(tx, {
        tenantId: ctx.tenant.id,
        title: input.title,
        url: input.url,
        icon: input.icon,
        category,
        audienceId: input.audience_id,
        position: input.position ?? (await nextPosition(tx, ctx.tenant.id, category)),
      });
      return toLink(row, await audienceNames(tx, ctx.tenant.id, [row]));
    },
    { audit: 'links.create', subject: (link) => link.id },
  );
}

export async function editLink(ctx: Ctx, id: string, input: LinkUpdate): Promise<TLink> {
  if (!isUuid(id)) throw notFound();
  return ctx.tx(
    async (tx) => {
      if (!(await findLink(tx, ctx.tenant.id, id))) throw notFound();
      await checkAudience(tx, ctx.tenant.id, input.audience_id);
      const row = await updateLink(tx, ctx.tenant.id, id, {
        ...(input.title !== undefined ? { title: input.title } : {}),
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.icon !== undefined ? { icon: input.icon } : {}),
        ...(input.category !== undefined ? { category: categoryOf(input.category) } : {}),
        ...(input.audience_id !== undefined ? { audienceId: input.audience_id } : {}),
        ...(input.position !== undefined ? { position: input.position } : {}),
      });
      if (!row) throw notFound();
      return toLink(row, await audienceNames(tx, ctx.tenant.id, [row]));
    },
    { audit: 'links.update' },
  );
}

export async function removeLink(ctx: Ctx, id: string): Promise<void> {
  if (!isUuid(id) || !(await ctx.tx((tx) => deleteLink(tx, ctx.tenant.id, id), { audit: 'links.delete' }))) throw notFound();
}
