import { TOGGLEABLE_MODULES } from '@faena/domain';
import { isTimeZone } from '@faena/domain/activities/recurrence';
import type { TOrganization } from '@faena/contracts';
import type { FastifyReply } from 'fastify';
import { AppError, FieldErrors, problem, type FieldProblem } from '../../platform/errors.ts';
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
    brand_color: tenant.brandColor,
  };
}

/** A brand colour as the manifest and the meta tag take it: #rrggbb (stored in lower case). */
const BRAND_COLOR = /^#[0-9a-f]{6}$/i;

/** The brand colour of a change: undefined (unchanged), null (back to Faena's, also for ''), #rrggbb in lower case, or 'invalid'. */
function brandColorOf(input: string | null | undefined): string | null | undefined | 'invalid' {
  if (input === undefined) return undefined;
  const value = input?.trim() ?? '';
  if (value === '') return null;
  return BRAND_COLOR.test(value) ? value.toLowerCase() : 'invalid';
}

/** getCurrentOrganization. */
export function currentOrganization(ctx: Ctx): TOrganization {
  return toOrganization(ctx.tenant);
}

/**
 * Renames the organisation or changes its logo (an image upload, served publicly for the
 * sign-in page), its time zone or its brand colour (the installed app's, decision 030). Every
 * process drops its tenant cache (tenant.changed), so the next request anywhere sees the change.
 */
export async function updateOrganization(
  ctx: Ctx,
  input: { name?: string | undefined; logo_upload_id?: string | null | undefined; timezone?: string | undefined; brand_color?: string | null | undefined },
): Promise<TOrganization> {
  const errors: Record<string, FieldProblem[]> = {};
  if (input.timezone !== undefined && !isTimeZone(input.timezone)) errors.timezone = [problem('invalid-timezone', `Unknown time zone: ${input.timezone}`)];
  const brandColor = brandColorOf(input.brand_color);
  if (brandColor === 'invalid') errors.brand_color = [problem('invalid-color', 'The brand colour must be a hex colour like #44a690.')];
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
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
        ...(brandColor !== undefined ? { brandColor } : {}),
      });
      if (logoUrl !== undefined)
        await holdFiles(tx, ctx.tenant.id, { kind: 'organization', id: ctx.tenant.id }, logoUrl && input.logo_upload_id ? [input.logo_upload_id] : [], {
          by: ctx.caller?.personId ?? NO_ONE,
          only: true,
        });
      await ctx.platform.bus.publish(tx, { topic: TENANT_CHANGED, tenantId: ctx.tenant.id });
      return updated;
    },
    { audit: 'organization.update', details: { name: input.name, logo_upload_id: input.logo_upload_id, timezone: input.timezone, brand_color: brandColor } },
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
