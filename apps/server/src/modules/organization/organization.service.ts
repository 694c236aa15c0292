import { TOGGLEABLE_MODULES } from '@faena/domain';
import { isTimeZone } from '@faena/domain/activities/recurrence';
import type { TOrganization } from '@faena/contracts';
import type { FastifyReply } from 'fastify';
import { AppError, FieldErrors, problem } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { TENANT_CHANGED, type TenantRecord } from '../../platform/tenancy.ts';
import { filesMetadata, findStoredFile, holdFiles, isUploadId, NO_ONE } from '../documents/index.ts';
import { updateTenant } from '../tenants/index.ts';

const LOGO_PATH = '/api/organization/v3/logo/';
const LOGO_TYPES = /^image\/(png|jpeg|gif|webp|svg\+xml)$/;

const logoUploadOf = (tenant: Pick<TenantRecord, 'logoUrl'>) => (tenant.logoUrl?.startsWith(LOGO_PATH) ? tenant.logoUrl.slice(LOGO_PATH.length) : null);

function toOrganization(tenant: TenantRecord): TOrganization {
  return {
    id: tenant.id,
    subdomain: tenant.subdomain,
    name: tenant.name,
    logo_url: tenant.logoUrl,
    logo_upload_id: logoUploadOf(tenant),
    disabled_modules: tenant.disabledModules.filter((m) => (TOGGLEABLE_MODULES as readonly string[]).includes(m)),
    timezone: tenant.timezone,
  };
}

/** getCurrentOrganization. */
export function currentOrganization(ctx: Ctx): TOrganization {
  return toOrganization(ctx.tenant);
}

/**
 * Renames the organisation or changes its logo (an image upload, served publicly for the
 * sign-in page). Every process drops its tenant cache (tenant.changed), so the next request
 * anywhere sees the change.
 */
export async function updateOrganization(ctx: Ctx, input: { name?: string | undefined; logo_upload_id?: string | null | undefined; timezone?: string | undefined }): Promise<TOrganization> {
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) throw new FieldErrors({ timezone: [problem('invalid-timezone', `Unknown time zone: ${input.timezone}`)] });
  let logoUrl: string | null | undefined;
  if (input.logo_upload_id !== undefined) {
    if (input.logo_upload_id === null || input.logo_upload_id === '') logoUrl = null;
    else {
      const file = (await filesMetadata(ctx, [input.logo_upload_id]))[input.logo_upload_id];
      if (!file) throw new FieldErrors({ logo_upload_id: [problem('unknown-file', 'Unknown file.')] });
      if (!LOGO_TYPES.test(file.content_type)) throw new FieldErrors({ logo_upload_id: [problem('not-an-image', 'The logo must be a PNG, JPEG, GIF, WebP or SVG image.')] });
      logoUrl = `${LOGO_PATH}${input.logo_upload_id}`;
    }
  }
  const tenant = await ctx.tx(
    async (tx) => {
      const updated = await updateTenant(tx, ctx.tenant.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(logoUrl !== undefined ? { logoUrl } : {}),
        ...(input.timezone !== undefined ? { timezone: input.timezone } : {}),
      });
      if (logoUrl !== undefined)
        await holdFiles(tx, ctx.tenant.id, { kind: 'organization', id: ctx.tenant.id }, logoUrl && input.logo_upload_id ? [input.logo_upload_id] : [], {
          by: ctx.caller?.personId ?? NO_ONE,
          only: true,
        });
      await ctx.platform.bus.publish(tx, { topic: TENANT_CHANGED, tenantId: ctx.tenant.id });
      return updated;
    },
    { audit: 'organization.update', details: { name: input.name, logo_upload_id: input.logo_upload_id, timezone: input.timezone } },
  );
  if (!tenant) throw new AppError('not-found', 'Organization not found.');
  ctx.platform.tenants.forget();
  return toOrganization(tenant);
}

/** The tenant's current logo, to anyone on its host (the sign-in page shows it); any other file id is not found. */
export async function sendLogo(ctx: Ctx, uploadId: string, reply: FastifyReply): Promise<FastifyReply> {
  if (!isUploadId(uploadId) || logoUploadOf(ctx.tenant) !== uploadId) throw new AppError('not-found', 'Logo not found.');
  const file = await ctx.platform.db.transaction(ctx.tenant.id, (tx) => findStoredFile(tx, ctx.tenant.id, uploadId));
  if (!file) throw new AppError('not-found', 'Logo not found.');
  const stream = await ctx.platform.storage.get(file.storageKey);
  return reply
    .header('content-type', file.contentType)
    .header('content-length', String(file.size))
    .header('cache-control', 'public, max-age=86400')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .send(stream);
}
