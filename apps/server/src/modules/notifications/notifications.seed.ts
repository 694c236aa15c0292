import type { Platform } from '../../platform/platform.ts';
import { signInablePersonIds } from '../people/index.ts';
import { notify } from './notifications.producer.ts';

/**
 * A few notifications for every member of the demo tenant who can sign in, so the bell has
 * something to show on first start. Inbox only: no push (nothing is registered yet).
 */
export async function seedDemoNotifications(platform: Pick<Platform, 'db' | 'bus' | 'jobs'>, tenantId: string): Promise<void> {
  await platform.db.transaction(tenantId, async (tx) => {
    const personIds = await signInablePersonIds(tx, tenantId);
    const samples = [
      { kind: 'system_update' as const, title: 'Bienvenido a Faena', body: 'Aquí verás los avisos de tu organización.', context: { type: 'System', action: 'welcome' } },
      { kind: 'new_report' as const, title: 'Nuevo reporte disponible', body: 'El reporte semanal de seguridad está listo.', context: { type: 'Report', action: 'published' } },
      {
        kind: 'new_incident' as const,
        title: 'Incidente reportado en Bodega Central',
        body: 'Se reportó un derrame menor; ya fue contenido.',
        context: { type: 'Incident', action: 'created' },
        priority: 4,
      },
    ];
    for (const sample of samples) await notify(platform, tx, { tenantId, personIds, push: false, ...sample });
  });
}
