import { buildBpmnXml } from '@faena/domain/workflows/index';
import type { Platform } from '../../platform/platform.ts';
import { insertForm } from '../forms/index.ts';
import { findPersonByEmail } from '../people/index.ts';
import { parseModel } from './workflows.service.ts';
import { workflowCategories, workflowTypes, workflowVersionElements, workflowVersions } from './workflows.table.ts';

const REQUEST_FORM = [
  { id: 1, type: 'text', name: 'producto', label: 'Producto o servicio', required: true, skippable: false, validators: [] },
  { id: 2, type: 'integer', name: 'amount', label: 'Monto (CLP)', required: true, skippable: false, validators: [{ type: 'min_value', value: 1 }] },
];
const CONFIRM_FORM = [
  { id: 1, type: 'text', name: 'proveedor', label: 'Proveedor sugerido', required: false, skippable: false, validators: [] },
  { id: 2, type: 'boolean', name: 'presupuesto_ok', label: '¿Está dentro del presupuesto?', required: true, skippable: false, validators: [] },
];
const APPROVAL_FORM = [
  { id: 1, type: 'boolean', name: 'aprobada', label: '¿Aprobar la compra?', required: true, skippable: false, validators: [] },
  { id: 2, type: 'text', name: 'comentario_aprobacion', label: 'Comentario', required: false, skippable: false, validators: [] },
];

/**
 * Demo workflow (API.md "Demo seed"): category "Compras" with the published type "Solicitud de
 * compra" — a start form, a confirmation task for the starter, an exclusive gateway on
 * amount > 100000 to an approval by the administrator, and a success end.
 */
export async function seedDemoWorkflows(platform: Platform, tenantId: string): Promise<void> {
  const admin = await platform.db.transaction(tenantId, (tx) => findPersonByEmail(tx, tenantId, 'admin@faena.test'));
  if (!admin) return;
  await platform.db.transaction(tenantId, async (tx) => {
    const request = await insertForm(tx, tenantId, { name: 'Solicitud de compra', definition: REQUEST_FORM as never, personId: admin.id });
    const confirm = await insertForm(tx, tenantId, { name: 'Confirmación de compra', definition: CONFIRM_FORM as never, personId: admin.id });
    const approval = await insertForm(tx, tenantId, { name: 'Aprobación de compra', definition: APPROVAL_FORM as never, personId: admin.id });
    const xml = buildBpmnXml({
      id: 'SolicitudDeCompra',
      nodes: [
        { id: 'Inicio', kind: 'start', name: 'Solicitud', formId: request.id },
        { id: 'Confirmar', kind: 'userTask', name: 'Confirmar solicitud', formId: confirm.id, dueIn: 'P2D' },
        { id: 'MontoAlto', kind: 'exclusive', name: '¿Monto sobre $100.000?', defaultFlow: 'Flujo_Normal' },
        { id: 'Aprobar', kind: 'userTask', name: 'Aprobar compra', formId: approval.id, assigneeType: 'people', assignees: admin.passport, dueIn: 'P3D' },
        { id: 'Fin', kind: 'end', name: 'Compra registrada' },
      ],
      flows: [
        { id: 'Flujo_1', from: 'Inicio', to: 'Confirmar' },
        { id: 'Flujo_2', from: 'Confirmar', to: 'MontoAlto' },
        { id: 'Flujo_Alto', from: 'MontoAlto', to: 'Aprobar', condition: 'amount > 100000', name: 'Sí' },
        { id: 'Flujo_Normal', from: 'MontoAlto', to: 'Fin', name: 'No' },
        { id: 'Flujo_3', from: 'Aprobar', to: 'Fin' },
      ],
    });
    const graph = await parseModel(xml);
    const [category] = await tx.insert(workflowCategories).values({ tenantId, name: 'Compras', position: 0 }).returning();
    const [type] = await tx
      .insert(workflowTypes)
      .values({
        tenantId,
        name: 'Solicitud de compra',
        description: 'Pida una compra; sobre $100.000 la aprueba administración.',
        icon: 'shopping-cart',
        categoryId: category!.id,
        createdByPersonId: admin.id,
      })
      .returning();
    const now = new Date();
    const [version] = await tx.insert(workflowVersions).values({ tenantId, typeId: type!.id, number: 1, isActive: true, isPublished: true, publishedAt: now, bpmnXml: xml, graph }).returning();
    await tx
      .insert(workflowVersionElements)
      .values(graph.nodes.map((n) => ({ tenantId, versionId: version!.id, bpmnId: n.id, type: n.type ?? 'undefined', name: n.name, messageName: n.messageName ?? null, formId: n.formId ?? null })));
  });
}
