import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../platform/ids.ts';
import { audiencesOfPerson } from '../audiences/index.ts';
import type { FileHolderKind } from '../documents/index.ts';
import { findVisiblePost } from './posts.repository.ts';
import { posts } from './posts.table.ts';

/** A post holds its cover, images, attachments and the images of its body (decision 032): read by whoever may read the post. */
export const POST_HOLDER = 'post';

export const postFiles: FileHolderKind = {
  kind: POST_HOLDER,
  // as getPost: a manager (MANAGE_POSTS) or its author in any state, a member once it is published for them
  readable: async (ctx, holderIds) => {
    const ids = holderIds.filter(isUuid);
    if (ids.length === 0) return new Set();
    return ctx.tx(async (tx) => {
      const rows = await tx
        .select({ id: posts.id, author: posts.authorPersonId })
        .from(posts)
        .where(and(eq(posts.tenantId, ctx.tenant.id), inArray(posts.id, ids)));
      if (ctx.caller.permissions.has('MANAGE_POSTS')) return new Set(rows.map((row) => row.id));
      const out = new Set(rows.filter((row) => row.author === ctx.caller.personId).map((row) => row.id));
      const rest = rows.filter((row) => !out.has(row.id));
      if (rest.length === 0) return out;
      const audienceIds = (await audiencesOfPerson(tx, ctx.tenant.id, ctx.caller.personId)).map((audience) => audience.id);
      const now = new Date();
      for (const row of rest) if (await findVisiblePost(tx, ctx.tenant.id, row.id, audienceIds, now)) out.add(row.id);
      return out;
    });
  },
};
