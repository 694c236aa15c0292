import { and, eq, inArray } from 'drizzle-orm';
import type { FileHolderKind } from '../documents/index.ts';
import { importJobs } from './imports.table.ts';

/** An import job holds the file it reads (decision 032): read by the person who started the import. */
export const IMPORT_HOLDER = 'import';

export const importFiles: FileHolderKind = {
  kind: IMPORT_HOLDER,
  readable: async (ctx, holderIds) => {
    const ids = holderIds.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
    if (ids.length === 0) return new Set();
    const rows = await ctx.read((db) =>
      db
        .select({ id: importJobs.id })
        .from(importJobs)
        .where(and(eq(importJobs.tenantId, ctx.tenant.id), inArray(importJobs.id, ids), eq(importJobs.createdBy, ctx.caller.personId))),
    );
    return new Set(rows.map((row) => String(row.id)));
  },
};
