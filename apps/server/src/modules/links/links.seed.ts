import type { Platform } from '../../platform/platform.ts';
import { insertLink } from './links.repository.ts';

/** Demo links of interest, in two categories and one without. */
export async function seedDemoLinks(platform: Platform, tenantId: string): Promise<void> {
  await platform.db.transaction(tenantId, async (tx) => {
    const links = [
      { title: 'Portal de remuneraciones', url: 'https://remuneraciones.example.com', icon: 'chart', category: 'Personas', position: 0 },
      { title: 'Beneficios y convenios', url: 'https://beneficios.example.com', icon: 'heart', category: 'Personas', position: 1 },
      { title: 'Reglamento interno de orden, higiene y seguridad', url: 'https://www.dt.gob.cl', icon: 'shield', category: 'Seguridad', position: 0 },
      { title: 'Mutual de seguridad: denuncia de accidentes', url: 'https://www.achs.cl', icon: 'phone', category: 'Seguridad', position: 1 },
      { title: 'Calendario de capacitaciones', url: 'https://capacitaciones.example.com', icon: 'school', category: null, position: 0 },
    ];
    for (const link of links) await insertLink(tx, { tenantId, ...link });
  });
}
