import { and, eq, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { checklistCategories, checklistExecutions, checklists } from './checklists.table.ts';

/** One submitted execution as the reports' charts count it (decision 027). */
export interface ScoreFact {
  checklistId: string;
  checklistName: string;
  categoryId: string | null;
  categoryName: string;
  executedByPersonId: string;
  submittedAt: Date;
  /** percent, null when nothing of the checklist is scored */
  score: number | null;
  failed: boolean;
}

/**
 * The executions submitted in [from, to) with their score and result, named: what the reports'
 * "checklist scores" chart reads instead of this module's tables. Drafts are not counted.
 */
export async function scoresForReports(tx: Drizzle, tenantId: string, from: Date, to: Date): Promise<ScoreFact[]> {
  const rows = await tx
    .select({
      checklistId: checklistExecutions.checklistId,
      categoryId: checklistExecutions.categoryId,
      executedByPersonId: checklistExecutions.executedByPersonId,
      submittedAt: checklistExecutions.submittedAt,
      score: checklistExecutions.score,
      result: checklistExecutions.result,
    })
    .from(checklistExecutions)
    .where(
      and(
        eq(checklistExecutions.tenantId, tenantId),
        eq(checklistExecutions.status, 'submitted'),
        isNotNull(checklistExecutions.submittedAt),
        gte(checklistExecutions.submittedAt, from),
        lt(checklistExecutions.submittedAt, to),
      ),
    )
    .limit(200_000);
  const checklistIds = [...new Set(rows.map((row) => row.checklistId))];
  const categoryIds = [...new Set(rows.flatMap((row) => (row.categoryId ? [row.categoryId] : [])))];
  // one transaction handle: read one after the other
  const names =
    checklistIds.length > 0
      ? await tx
          .select({ id: checklists.id, name: checklists.name })
          .from(checklists)
          .where(and(eq(checklists.tenantId, tenantId), inArray(checklists.id, checklistIds)))
      : [];
  const categories =
    categoryIds.length > 0
      ? await tx
          .select({ id: checklistCategories.id, name: checklistCategories.name })
          .from(checklistCategories)
          .where(and(eq(checklistCategories.tenantId, tenantId), inArray(checklistCategories.id, categoryIds)))
      : [];
  const checklistName = new Map(names.map((row) => [row.id, row.name]));
  const categoryName = new Map(categories.map((row) => [row.id, row.name]));
  return rows.map((row) => ({
    checklistId: row.checklistId,
    checklistName: checklistName.get(row.checklistId) ?? '',
    categoryId: row.categoryId,
    categoryName: row.categoryId ? (categoryName.get(row.categoryId) ?? '') : '',
    executedByPersonId: row.executedByPersonId,
    submittedAt: row.submittedAt!,
    score: row.score,
    failed: row.result === 'reprobado',
  }));
}
