import type { Platform } from '../../platform/platform.ts';
import { reportCategories, reports } from './reports.table.ts';

/**
 * Demo reports: the built-in charts over the demo's own activities, checklists and workflows, in two
 * categories. They are part of the demo's starting state, not news: nobody is notified of them.
 */
export async function seedDemoReports(platform: Platform, tenantId: string): Promise<void> {
  await platform.db.transaction(tenantId, async (tx) => {
    const [operation, processes] = await tx
      .insert(reportCategories)
      .values([
        { tenantId, name: 'Operación', position: 0 },
        { tenantId, name: 'Procesos', position: 1 },
      ])
      .returning({ id: reportCategories.id });
    await tx.insert(reports).values([
      {
        tenantId,
        categoryId: operation!.id,
        title: 'Cumplimiento de actividades',
        description: 'Actividades completadas, vencidas y pendientes de las últimas semanas.',
        kind: 'builtin',
        chart: 'activity-completion',
        params: { range_days: 56, grouping: 'week' },
        position: 0,
      },
      {
        tenantId,
        categoryId: operation!.id,
        title: 'Cumplimiento por responsable',
        description: 'Quién completa sus actividades a tiempo.',
        kind: 'builtin',
        chart: 'activity-completion',
        params: { range_days: 30, grouping: 'responsible' },
        position: 1,
      },
      {
        tenantId,
        categoryId: operation!.id,
        title: 'Puntajes de checklists',
        description: 'Puntaje promedio de cada checklist y cuántas ejecuciones reprobaron.',
        kind: 'builtin',
        chart: 'checklist-scores',
        params: { range_days: 56, grouping: 'checklist' },
        position: 2,
      },
      {
        tenantId,
        categoryId: processes!.id,
        title: 'Flujos iniciados y finalizados',
        description: 'Solicitudes que entran y salen cada semana.',
        kind: 'builtin',
        chart: 'workflow-throughput',
        params: { range_days: 56, grouping: 'week' },
        position: 0,
      },
      {
        tenantId,
        categoryId: processes!.id,
        title: 'Duración de los flujos',
        description: 'Horas promedio desde el inicio hasta el fin, por tipo.',
        kind: 'builtin',
        chart: 'workflow-lead-time',
        params: { range_days: 90, grouping: 'type' },
        position: 1,
      },
    ]);
  });
}
