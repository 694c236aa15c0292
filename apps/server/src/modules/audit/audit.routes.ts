import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZPageQuery, zPaged } from '@faena/contracts';
import type { App } from '../../platform/http/app.ts';
import { requires } from '../../platform/http/access.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageLinks } from '../../platform/http/paging.ts';
import type { Platform } from '../../platform/platform.ts';
import { auditLog } from '../../platform/audit/audit.table.ts';

const ZAuditEntry = z.object({
  id: z.string(),
  action: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number(),
  actor_person_id: z.string().nullable(),
  impersonator_person_id: z.string().nullable(),
  request_id: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});

export function auditRoutes(app: App, platform: Platform): void {
  app.get(
    '/api/audit/v3/entries',
    {
      config: { access: requires('MANAGE_PEOPLE') },
      schema: { tags: ['audit'], querystring: ZPageQuery.extend({ impersonated: z.enum(['true', 'false']).optional() }), response: { 200: zPaged(ZAuditEntry) } },
    },
    async (request) => {
      const ctx = ctxOf(request, platform);
      const { page, page_size, impersonated } = request.query;
      const filters = [eq(auditLog.tenantId, ctx.tenant.id), ...(impersonated === 'true' ? [isNotNull(auditLog.impersonatorPersonId)] : [])];
      const rows = await ctx.tx((tx) =>
        tx
          .select({ row: auditLog, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
          .from(auditLog)
          .where(and(...filters))
          .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
          .limit(page_size)
          .offset((page - 1) * page_size),
      );
      const count = rows[0]?.total ?? 0;
      return {
        count,
        ...pageLinks(request, count, page, page_size),
        results: rows.map(({ row }) => ({
          id: row.id,
          action: row.action,
          method: row.method,
          path: row.path,
          status: row.status,
          actor_person_id: row.actorPersonId,
          impersonator_person_id: row.impersonatorPersonId,
          request_id: row.requestId,
          details: row.details,
          created_at: row.createdAt.toISOString(),
        })),
      };
    },
  );
}
