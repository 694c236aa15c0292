import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { isUuid } from '../../platform/ids.ts';
import type { FileHolderKind } from '../documents/index.ts';
import { workflowExports } from './export.table.ts';
import { workflowExecutions, workflowUserTasks } from './workflows.table.ts';

/**
 * An execution holds the files of its variables (start form and task answers); an export holds the
 * file it wrote (decision 032). An execution's files are read by whoever may see it (a workflow
 * manager, its starter, an assignee of one of its tasks); an export's by the person who asked for it.
 */
export const EXECUTION_HOLDER = 'workflow-execution';
export const EXPORT_HOLDER = 'workflow-export';

export const workflowExecutionFiles: FileHolderKind = {
  kind: EXECUTION_HOLDER,
  readable: async (ctx, holderIds) => {
    const ids = holderIds.filter(isUuid);
    if (ids.length === 0) return new Set();
    if (ctx.caller.permissions.has('MANAGE_WF')) return new Set(ids);
    const me = ctx.caller.personId;
    const e = workflowExecutions;
    const t = workflowUserTasks;
    const rows = await ctx.read((db) =>
      db
        .select({ id: e.id })
        .from(e)
        .where(
          and(
            eq(e.tenantId, ctx.tenant.id),
            inArray(e.id, ids),
            or(eq(e.startedByPersonId, me), sql`EXISTS (SELECT 1 FROM ${t} WHERE ${t.tenantId} = ${e.tenantId} AND ${t.executionId} = ${e.id} AND ${me}::uuid = ANY(${t.assigneeIds}))`),
          ),
        ),
    );
    return new Set(rows.map((row) => row.id));
  },
};

export const workflowExportFiles: FileHolderKind = {
  kind: EXPORT_HOLDER,
  readable: async (ctx, holderIds) => {
    const ids = holderIds.filter(isUuid);
    if (ids.length === 0) return new Set();
    const x = workflowExports;
    const rows = await ctx.read((db) =>
      db
        .select({ id: x.id })
        .from(x)
        .where(and(eq(x.tenantId, ctx.tenant.id), inArray(x.id, ids), eq(x.createdBy, ctx.caller.personId))),
    );
    return new Set(rows.map((row) => row.id));
  },
};
