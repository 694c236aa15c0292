import { and, eq, gte, inArray, isNotNull, lt, or } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { workflowExecutions, workflowTypes } from './workflows.table.ts';

export interface ExecutionFact {
  typeId: string;
  typeName: string;
  status: string;
  startedAt: Date;
  completedAt: Date | null;
}

/**
 * The executions started or finished in [from, to) with their type's name: what the reports'
 * throughput and lead-time charts count (decision 027). Read-only; the caller's transaction.
 */
export async function executionsForReports(tx: Drizzle, tenantId: string, from: Date, to: Date): Promise<ExecutionFact[]> {
  const rows = await tx
    .select({ typeId: workflowExecutions.typeId, status: workflowExecutions.status, startedAt: workflowExecutions.createdAt, completedAt: workflowExecutions.completedAt })
    .from(workflowExecutions)
    .where(
      and(
        eq(workflowExecutions.tenantId, tenantId),
        or(
          and(gte(workflowExecutions.createdAt, from), lt(workflowExecutions.createdAt, to)),
          and(isNotNull(workflowExecutions.completedAt), gte(workflowExecutions.completedAt, from), lt(workflowExecutions.completedAt, to)),
        ),
      ),
    )
    .limit(200_000);
  const typeIds = [...new Set(rows.map((row) => row.typeId))];
  const types =
    typeIds.length > 0
      ? await tx
          .select({ id: workflowTypes.id, name: workflowTypes.name })
          .from(workflowTypes)
          .where(and(eq(workflowTypes.tenantId, tenantId), inArray(workflowTypes.id, typeIds)))
      : [];
  const names = new Map(types.map((type) => [type.id, type.name]));
  return rows.map((row) => ({ ...row, typeName: names.get(row.typeId) ?? '' }));
}
