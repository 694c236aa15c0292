import type { Platform } from '../../platform/platform.ts';
import { insertAudience } from '../audiences/index.ts';
import { findPersonByEmail } from '../people/index.ts';
import { insertPost } from './posts.repository.ts';
import { excerptOf, sanitizePostHtml } from './posts.sanitize.ts';
import { deliverPost } from './posts.service.ts';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Demo posts: a pinned safety notice asking for "Leído y entendido", an older birthday post (both
 * published to everyone, delivered like any publication), and a draft for the year-end shifts.
 */
export async function seedDemoPosts(platform: Platform, tenantId: string): Promise<void> {
  const now = Date.now();
  const published = await platform.db.transaction(tenantId, async (tx) => {
    const admin = await findPersonByEmail(tx, tenantId, 'admin@faena.test');
    // the warehouse crew, for announcements meant only for them
    const crew = (await Promise.all(['operario@faena.test', 'supervisora@faena.test'].map((email) => findPersonByEmail(tx, tenantId, email))))
      .filter((person) => person !== null)
      .map((person) => person.id);
    await insertAudience(tx, { tenantId, name: 'Equipo de bodega', description: 'Operarios y supervisión de la bodega', rules: { positions: [], venues: [], business_lines: [], persons: crew } });
    const make = async (input: { title: string; body: string; isPinned?: boolean; requiresAck?: boolean; publishAt: Date | null; status: 'draft' | 'published' }) => {
      const body = sanitizePostHtml(input.body);
      return insertPost(tx, {
        tenantId,
        title: input.title,
        body,
        excerpt: excerptOf(body),
        isPinned: input.isPinned ?? false,
        requiresAck: input.requiresAck ?? false,
        status: input.status,
        publishAt: input.publishAt,
        authorPersonId: admin?.id ?? null,
      });
    };
    const birthdays = await make({
      title: 'Cumpleaños de diciembre',
      body: '<p>Este mes celebramos a quienes están de cumpleaños. ¡Los esperamos el viernes a las 17:00 en el casino con una torta!</p>',
      publishAt: new Date(now - 3 * DAY),
      status: 'published',
    });
    const safety = await make({
      title: 'Nuevo protocolo de seguridad en bodega',
      body: '<p>Desde el lunes es <strong>obligatorio</strong> usar casco y chaleco reflectante en toda la bodega, también en los pasillos de picking.</p><ul><li>Los equipos se retiran en la caseta de guardia.</li><li>Reporta cualquier equipo dañado a tu supervisora.</li></ul>',
      isPinned: true,
      requiresAck: true,
      publishAt: new Date(now - DAY),
      status: 'published',
    });
    await make({
      title: 'Turnos de fin de año',
      body: '<p>Borrador: los turnos del 24 y 31 de diciembre terminan a las 15:00.</p>',
      publishAt: null,
      status: 'draft',
    });
    return [birthdays.id, safety.id];
  });
  for (const postId of published) await deliverPost(platform, { tenantId, postId });
}
