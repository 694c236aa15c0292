import { buildBpmnXml } from '@faena/domain/workflows/index';
import type { Platform } from '../../platform/platform.ts';
import { codeLookup } from '../catalogs/index.ts';
import { insertForm } from '../forms/index.ts';
import { findPersonByEmail } from '../people/index.ts';
import { seedPublishedType } from '../workflows/index.ts';
import { openMaintenance, refreshStatus } from './assets.maintenance.ts';
import { newLabelToken } from './assets.service.ts';
import { assetCategories, assetMaintenances, assetTypes, assets } from './assets.table.ts';

const CLOSE_FORM = [
  { id: 1, type: 'text', name: 'trabajo', label: 'Trabajo realizado', required: true, skippable: false, validators: [] },
  { id: 2, type: 'float', name: 'cost', label: 'Costo (CLP)', required: true, skippable: false, validators: [{ type: 'min_value', value: 0 }] },
];

const maintenanceModel = (id: string, task: string, formId: string) =>
  buildBpmnXml({
    id,
    nodes: [
      { id: 'Inicio', kind: 'start', name: 'Solicitud' },
      { id: 'Ejecutar', kind: 'userTask', name: task, formId, dueIn: 'P2D' },
      { id: 'Fin', kind: 'end', name: 'Mantención cerrada' },
    ],
    flows: [
      { id: 'Flujo_1', from: 'Inicio', to: 'Ejecutar' },
      { id: 'Flujo_2', from: 'Ejecutar', to: 'Fin' },
    ],
  });

/**
 * Demo assets (decision 028): categories "Equipos" and "Vehículos", types "Refrigerador" and
 * "Montacargas" with their maintenance workflow types, eight assets in the demo venues, one
 * maintenance done (with its cost) and one corrective maintenance open, so one asset needs
 * maintenance.
 */
export async function seedDemoAssets(platform: Platform, tenantId: string): Promise<void> {
  const admin = await platform.db.transaction(tenantId, (tx) => findPersonByEmail(tx, tenantId, 'admin@faena.test'));
  if (!admin) return;
  await platform.db.transaction(tenantId, async (tx) => {
    const form = await insertForm(tx, tenantId, { name: 'Cierre de mantención', definition: CLOSE_FORM as never, personId: admin.id });
    const corrective = await seedPublishedType(tx, {
      tenantId,
      name: 'Mantención correctiva',
      description: 'Reparar un activo que falla: lo abre un reporte de problema o quien administra activos.',
      icon: 'tool',
      createdBy: admin.id,
      xml: maintenanceModel('MantencionCorrectiva', 'Reparar el activo', form.id),
    });
    const preventive = await seedPublishedType(tx, {
      tenantId,
      name: 'Mantención preventiva',
      description: 'Revisión programada de un activo según su plan.',
      icon: 'calendar-check',
      createdBy: admin.id,
      xml: maintenanceModel('MantencionPreventiva', 'Revisar el activo', form.id),
    });
    const [equipos] = await tx.insert(assetCategories).values({ tenantId, name: 'Equipos', description: 'Equipos de frío, cocina y bodega.' }).returning();
    const [vehiculos] = await tx.insert(assetCategories).values({ tenantId, name: 'Vehículos', description: 'Grúas horquilla y vehículos de reparto.' }).returning();
    const [fridge] = await tx
      .insert(assetTypes)
      .values({
        tenantId,
        categoryId: equipos!.id,
        name: 'Refrigerador',
        icon: 'fridge',
        color: '#1c7ed6',
        maintenanceWorkflowTypeIds: [corrective.id, preventive.id],
        correctiveWorkflowTypeId: corrective.id,
      })
      .returning();
    const [forklift] = await tx
      .insert(assetTypes)
      .values({
        tenantId,
        categoryId: vehiculos!.id,
        name: 'Montacargas',
        icon: 'forklift',
        color: '#f08c00',
        maintenanceWorkflowTypeIds: [corrective.id, preventive.id],
        correctiveWorkflowTypeId: corrective.id,
      })
      .returning();
    const venues = await codeLookup(tx, tenantId, 'venue');
    const venue = (code: string) => venues.get(code.toLowerCase()) ?? null;
    const rows = [
      {
        code: 'REF-001',
        name: 'Refrigerador vertical lácteos',
        manufacturer: 'Fensa',
        model: 'RV-450',
        type: fridge!,
        venue: 'TCO',
        cost: 1_250_000,
        date: '2023-03-10',
        life: 8,
        salvage: 150_000,
        lat: -33.4175,
        lng: -70.6065,
      },
      {
        code: 'REF-002',
        name: 'Refrigerador vertical bebidas',
        manufacturer: 'Fensa',
        model: 'RV-450',
        type: fridge!,
        venue: 'TCO',
        cost: 1_250_000,
        date: '2023-03-10',
        life: 8,
        salvage: 150_000,
        lat: -33.4176,
        lng: -70.6066,
      },
      {
        code: 'REF-003',
        name: 'Cámara de frío carnes',
        manufacturer: 'Frigoríficos del Sur',
        model: 'CF-12',
        type: fridge!,
        venue: 'CDS',
        cost: 8_900_000,
        date: '2021-08-01',
        life: 15,
        salvage: 900_000,
        lat: -33.5925,
        lng: -70.7003,
      },
      {
        code: 'REF-004',
        name: 'Refrigerador mostrador',
        manufacturer: 'Mademsa',
        model: 'MM-200',
        type: fridge!,
        venue: 'TPE',
        cost: 690_000,
        date: '2024-01-20',
        life: 6,
        salvage: 50_000,
        lat: -33.4536,
        lng: -70.5706,
      },
      {
        code: 'REF-005',
        name: 'Refrigerador casino',
        manufacturer: 'Mademsa',
        model: 'MM-300',
        type: fridge!,
        venue: 'HQ',
        cost: 540_000,
        date: '2022-05-05',
        life: 6,
        salvage: 40_000,
        lat: -33.4111,
        lng: -70.5784,
      },
      {
        code: 'MON-001',
        name: 'Montacargas eléctrico 1',
        manufacturer: 'Toyota',
        model: '8FBE15',
        type: forklift!,
        venue: 'CDS',
        cost: 18_500_000,
        date: '2022-02-14',
        life: 10,
        salvage: 2_500_000,
        lat: -33.5928,
        lng: -70.7008,
      },
      {
        code: 'MON-002',
        name: 'Montacargas eléctrico 2',
        manufacturer: 'Toyota',
        model: '8FBE15',
        type: forklift!,
        venue: 'CDS',
        cost: 18_500_000,
        date: '2022-02-14',
        life: 10,
        salvage: 2_500_000,
        lat: -33.5929,
        lng: -70.7009,
      },
      {
        code: 'MON-003',
        name: 'Montacargas diésel',
        manufacturer: 'Hyster',
        model: 'H2.5FT',
        type: forklift!,
        venue: 'CDN',
        cost: 22_000_000,
        date: '2020-11-30',
        life: 10,
        salvage: 3_000_000,
        lat: -23.6099,
        lng: -70.3937,
      },
    ];
    const created = await tx
      .insert(assets)
      .values(
        rows.map((r) => ({
          tenantId,
          code: r.code,
          name: r.name,
          manufacturer: r.manufacturer,
          model: r.model,
          typeId: r.type.id,
          categoryId: r.type.categoryId,
          venueId: venue(r.venue),
          responsiblePersonId: admin.id,
          purchaseDate: r.date,
          purchaseCost: r.cost,
          usefulLifeYears: r.life,
          salvageValue: r.salvage,
          lat: r.lat,
          lng: r.lng,
          labelToken: newLabelToken(),
        })),
      )
      .returning();
    const byCode = new Map(created.map((a) => [a.code, a]));
    // a maintenance done last month, with its cost (the investment tab shows it)
    const lastMonth = new Date(Date.now() - 30 * 86_400_000);
    await tx.insert(assetMaintenances).values({
      tenantId,
      assetId: byCode.get('REF-001')!.id,
      kind: 'preventive',
      status: 'Success',
      title: 'Limpieza de condensador',
      description: 'Revisión semestral.',
      cost: 85_000,
      startedByPersonId: admin.id,
      startedAt: lastMonth,
      completedAt: lastMonth,
      completedByPersonId: admin.id,
      notes: 'Condensador limpio, gas en nivel.',
    });
    await refreshStatus(tx, tenantId, [byCode.get('REF-001')!.id]);
    // a corrective maintenance open: REF-003 needs maintenance
    await openMaintenance(platform, tx, tenantId, byCode.get('REF-003')!, {
      kind: 'corrective',
      workflowTypeId: corrective.id,
      title: 'No mantiene temperatura',
      description: 'La cámara marca 9 °C en la mañana.',
      source: 'manual',
      startedBy: admin.id,
    });
  });
}
