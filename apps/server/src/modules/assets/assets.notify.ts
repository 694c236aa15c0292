import type { Drizzle } from '../../platform/db/database.ts';
import type { Platform } from '../../platform/platform.ts';
import { notify } from '../notifications/index.ts';

/**
 * What the asset's responsible person is told (issue 49, [P17]): inbox and push, each opening the
 * asset. Nobody is told of what they did themselves.
 */
interface Told {
  id: string;
  code: string;
  name: string;
  responsiblePersonId: string | null;
}

const assetPath = (asset: Told) => `/assets/${asset.id}`;

/** The person just made responsible for the asset (created with them, or changed to them). */
export async function tellNewResponsible(platform: Pick<Platform, 'bus' | 'jobs'>, tx: Drizzle, tenantId: string, asset: Told, before: string | null, by: string | null): Promise<void> {
  const person = asset.responsiblePersonId;
  if (!person || person === before || person === by) return;
  await notify(platform, tx, {
    tenantId,
    personIds: [person],
    kind: 'system_update',
    title: `Eres responsable de ${asset.code} · ${asset.name}`.slice(0, 200),
    body: 'Te avisaremos cuando se reporte un problema en este activo.',
    context: { type: 'Asset', action: 'responsible', id: asset.id, path: assetPath(asset) },
  });
}

/** A problem on the asset: reported on its label, or failed items of an inspection (a corrective maintenance opened). */
export async function tellProblem(
  platform: Pick<Platform, 'bus' | 'jobs'>,
  tx: Drizzle,
  tenantId: string,
  asset: Told,
  problem: { source: 'public_report' | 'inspection'; description: string; count?: number },
  by: string | null,
): Promise<void> {
  const person = asset.responsiblePersonId;
  if (!person || person === by) return;
  const what = problem.source === 'public_report' ? 'Problema reportado' : (problem.count ?? 1) > 1 ? `${problem.count} ítems reprobados en una inspección` : 'Ítem reprobado en una inspección';
  await notify(platform, tx, {
    tenantId,
    personIds: [person],
    kind: 'new_incident',
    title: `${what}: ${asset.code} · ${asset.name}`.slice(0, 200),
    body: problem.description.slice(0, 500),
    context: { type: 'Asset', action: problem.source === 'public_report' ? 'problem-reported' : 'inspection-failed', id: asset.id, path: `${assetPath(asset)}/detail?tab=maintenance` },
    priority: 4,
  });
}
