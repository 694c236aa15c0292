import { ZFormDefinition } from '@faena/domain';
import { scoreExecution, ZChecklistItem, ZChecklistSection } from '@faena/domain/checklists/index';
import type { Platform } from '../../platform/platform.ts';
import { findPersonByEmail } from '../people/index.ts';
import { checklistCategories, checklistExecutions, checklists, checklistVersions } from './checklists.table.ts';

/** "Apertura de tienda": a choice with a failing option, a critical yes/no, a number range, stars and a photo, in three sections. */
export const OPENING_FIELDS = [
  { id: 1, type: 'display_text', text: 'Recorra la tienda antes de abrir al público.' },
  { id: 2, type: 'boolean', name: 'alarma_desactivada', label: '¿La alarma quedó desactivada con el código del turno?', required: true },
  { id: 3, type: 'multiple_choice', name: 'limpieza', label: 'Limpieza de la entrada y el piso de ventas', required: true, choices: [{ choice: 'Buena' }, { choice: 'Regular' }, { choice: 'Mala' }] },
  { id: 4, type: 'float', name: 'temperatura_camara', label: 'Temperatura de la cámara de frío (°C)', required: true, skippable: true },
  { id: 5, type: 'boolean', name: 'productos_vencidos', label: '¿Se retiraron los productos vencidos?', required: true },
  { id: 6, type: 'stars', name: 'orden_vitrinas', label: 'Orden de vitrinas y góndolas', max: 5, required: true },
  { id: 7, type: 'image', name: 'foto_fachada', label: 'Foto de la fachada con la cortina abierta', source: 'camera' },
];
export const OPENING_SECTIONS = [
  { id: 'acceso', title: 'Acceso y seguridad', field_ids: [1, 2, 3] },
  { id: 'frio', title: 'Cámara de frío', field_ids: [4, 5] },
  { id: 'sala', title: 'Sala de ventas', field_ids: [6, 7] },
];
export const OPENING_ITEMS = [
  { field_id: 2, weight: 2, critical: true, scoring: { kind: 'boolean', yes: 1, no: 0 } },
  { field_id: 3, weight: 1, scoring: { kind: 'choice', scores: { Buena: 2, Regular: 1, Mala: 0 }, failing: ['Mala'] } },
  { field_id: 4, weight: 2, scoring: { kind: 'range', min: 0, max: 5, score_in: 1, score_out: 0 } },
  { field_id: 5, weight: 1, scoring: { kind: 'boolean', yes: 1, no: 0, failing_value: false } },
  { field_id: 6, weight: 1, scoring: { kind: 'stars' } },
];

/**
 * Demo checklists (issue 43 point 5): the category "Operaciones de tienda" with "Apertura de
 * tienda", which everyone with the checklists menu may execute (the operario among them) and whose
 * critical failures go to the supervisor, and one execution the operario submitted yesterday.
 */
export async function seedDemoChecklists(platform: Platform, tenantId: string): Promise<void> {
  await platform.db.transaction(tenantId, async (tx) => {
    const operario = await findPersonByEmail(tx, tenantId, 'operario@faena.test');
    const supervisora = await findPersonByEmail(tx, tenantId, 'supervisora@faena.test');
    const admin = await findPersonByEmail(tx, tenantId, 'admin@faena.test');
    if (!operario) return;
    const fields = ZFormDefinition.parse(OPENING_FIELDS);
    const sections = OPENING_SECTIONS.map((section) => ZChecklistSection.parse(section));
    const items = OPENING_ITEMS.map((item) => ZChecklistItem.parse(item));
    const [category] = await tx.insert(checklistCategories).values({ tenantId, name: 'Operaciones de tienda', position: 0 }).returning();
    await tx.insert(checklistCategories).values({ tenantId, name: 'Seguridad y prevención', position: 1 });
    const [checklist] = await tx
      .insert(checklists)
      .values({
        tenantId,
        categoryId: category!.id,
        name: 'Apertura de tienda',
        description: 'Revisión diaria antes de abrir: seguridad, cadena de frío y sala de ventas.',
        currentVersion: 1,
        itemCount: fields.filter((field) => field.type !== 'display_text').length,
        passMark: 80,
        supervisorIds: supervisora ? [supervisora.id] : [],
        createdByPersonId: admin?.id ?? null,
      })
      .returning();
    await tx.insert(checklistVersions).values({
      tenantId,
      checklistId: checklist!.id,
      version: 1,
      name: checklist!.name,
      description: checklist!.description,
      sections,
      fields,
      items,
      passMark: 80,
      createdByPersonId: admin?.id ?? null,
    });
    const answers = { alarma_desactivada: true, limpieza: 'Regular', temperatura_camara: 7.5, productos_vencidos: true, orden_vitrinas: 4 };
    const scored = scoreExecution({ fields, sections, items, pass_mark: 80 }, answers);
    const submittedAt = new Date(Date.now() - 86_400_000);
    await tx.insert(checklistExecutions).values({
      tenantId,
      checklistId: checklist!.id,
      version: 1,
      categoryId: category!.id,
      status: 'submitted',
      executedByPersonId: operario.id,
      answers,
      notes: { '4': 'La puerta de la cámara no cierra bien.' },
      revision: 3,
      score: scored.score,
      result: scored.result,
      failedCount: scored.failed_items.length,
      criticalFailed: scored.critical_failed,
      failedItems: scored.failed_items,
      sectionScores: scored.section_scores,
      startedAt: new Date(submittedAt.getTime() - 12 * 60_000),
      updatedAt: submittedAt,
      submittedAt,
    });
  });
}
