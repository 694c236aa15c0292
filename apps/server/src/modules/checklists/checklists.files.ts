import { and, eq, inArray } from 'drizzle-orm';
import { isUuid } from '../../platform/ids.ts';
import type { FileHolderKind } from '../documents/index.ts';
import { manages } from './checklists.service.ts';
import { checklistExecutions } from './checklists.table.ts';

/** A checklist execution holds its photos, signatures and file answers (decision 032): read by whoever may see the execution. */
export const EXECUTION_HOLDER = 'checklist-execution';

export const checklistExecutionFiles: FileHolderKind = {
  kind: EXECUTION_HOLDER,
  // as getExecution: VIEW_CHECKLISTS or MANAGE_CHECKLISTS, and the execution is the caller's or the caller manages checklists
  readable: async (ctx, holderIds) => {
    const ids = holderIds.filter(isUuid);
    const permissions = ctx.caller.permissions;
    if (ids.length === 0 || !(permissions.has('VIEW_CHECKLISTS') || permissions.has('MANAGE_CHECKLISTS'))) return new Set();
    const all = manages(ctx);
    const rows = await ctx.read((db) =>
      db
        .select({ id: checklistExecutions.id, by: checklistExecutions.executedByPersonId })
        .from(checklistExecutions)
        .where(and(eq(checklistExecutions.tenantId, ctx.tenant.id), inArray(checklistExecutions.id, ids))),
    );
    return new Set(rows.filter((row) => all || row.by === ctx.caller.personId).map((row) => row.id));
  },
};
