import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { ASSETS_BASE, PUBLIC_PHOTO_MAX_BYTES, ZLabelTokenParams, ZPublicAsset, ZPublicReportResult, ZPublicReportWrite, type TPublicAsset } from '@faena/contracts';
import type { z } from 'zod';
import type { App } from '../../platform/http/app.ts';
import { PUBLIC } from '../../platform/http/access.ts';
import { ctxOf, type Ctx } from '../../platform/http/context.ts';
import { countPublicAttempt } from '../../platform/attempt-limits.ts';
import { FieldErrors, problem } from '../../platform/errors.ts';
import type { Platform } from '../../platform/platform.ts';
import { fileKey, insertStoredFile, newUploadId } from '../documents/index.ts';
import { assertAssetsOn, notFound } from './assets.guard.ts';
import { openMaintenance } from './assets.maintenance.ts';
import { tellProblem } from './assets.notify.ts';
import { findType, type AssetRow } from './assets.service.ts';
import { assetReportAttempts, assets } from './assets.table.ts';

type ReportWrite = z.output<typeof ZPublicReportWrite>;

/** Per address (per tenant) and per asset: attempts in their windows (decision 028). */
export const REPORT_LIMITS = { perAddress: 5, addressWindowSeconds: 600, perAsset: 30, assetWindowSeconds: 3600 };
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const labelNotFound = () => notFound('Label');

async function byToken(ctx: Ctx, token: string): Promise<AssetRow> {
  if (!TOKEN.test(token)) throw labelNotFound();
  const [row] = await ctx.read((db) =>
    db
      .select()
      .from(assets)
      .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.labelToken, token)))
      .limit(1),
  );
  if (!row) throw labelNotFound();
  return row;
}

export async function publicAsset(ctx: Ctx, token: string): Promise<TPublicAsset> {
  const row = await byToken(ctx, token);
  return { name: row.name, code: row.code, tenant_name: ctx.tenant.name };
}

/** Counts the attempt (in its own transaction: it stays when the report is refused) or refuses it with 429 and Retry-After. */
async function countAttempt(ctx: Ctx, assetId: string, address: string): Promise<void> {
  const t = assetReportAttempts;
  await countPublicAttempt(
    ctx.platform.db,
    { table: t, tenantId: t.tenantId, subject: t.assetId, addressHash: t.addressHash, at: t.at },
    {
      tenantId: ctx.tenant.id,
      subjectId: assetId,
      address,
      limits: {
        perAddress: REPORT_LIMITS.perAddress,
        addressWindowSeconds: REPORT_LIMITS.addressWindowSeconds,
        perSubject: REPORT_LIMITS.perAsset,
        subjectWindowSeconds: REPORT_LIMITS.assetWindowSeconds,
      },
      detail: 'Too many problem reports: try again later.',
      record: (tx, addressHash) => tx.insert(t).values({ tenantId: ctx.tenant.id, assetId, addressHash }),
    },
  );
}

/** The image kinds a report's photo may be, told from its first bytes (never from what the client says). */
export function imageType(bytes: Buffer): string | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString('latin1', 0, 6))) return 'image/gif';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** The photo of a data URL, checked to be an image within the size limit; a field error otherwise. */
function decodePhoto(dataUrl: string): { bytes: Buffer; contentType: string } {
  const match = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!match) throw new FieldErrors({ photo: [problem('not-an-image', 'The photo must be an image (a data URL).')] });
  const bytes = Buffer.from(match[1]!, 'base64');
  if (bytes.length > PUBLIC_PHOTO_MAX_BYTES) throw new FieldErrors({ photo: [problem('too-large', `The photo is larger than ${PUBLIC_PHOTO_MAX_BYTES / 1024 / 1024} MB.`)] });
  const contentType = imageType(bytes);
  if (!contentType) throw new FieldErrors({ photo: [problem('not-an-image', 'The photo is not an image.')] });
  return { bytes, contentType };
}

/**
 * A problem reported by anyone holding the label: a corrective maintenance opens (an execution of
 * the type's corrective workflow type, or a record of this module), and the asset turns
 * maintenance_needed. The photo is kept in the files module with the maintenance.
 */
export async function publicReport(ctx: Ctx, token: string, input: ReportWrite, address: string): Promise<{ id: string }> {
  const asset = await byToken(ctx, token);
  await countAttempt(ctx, asset.id, address);
  const photo = input.photo ? decodePhoto(input.photo) : null;
  let photoId: string | null = null;
  if (photo) {
    photoId = newUploadId();
    await ctx.platform.storage.put(fileKey(ctx.tenant.id, photoId), Readable.from([photo.bytes]), { contentType: photo.contentType });
  }
  const extension = photo?.contentType.split('/')[1] ?? 'jpg';
  try {
    return await ctx.tx(
      async (tx) => {
        const current = await tx
          .select()
          .from(assets)
          .where(and(eq(assets.tenantId, ctx.tenant.id), eq(assets.id, asset.id)))
          .for('update');
        if (current.length === 0) throw labelNotFound();
        if (photo && photoId)
          await insertStoredFile(tx, {
            tenantId: ctx.tenant.id,
            id: photoId,
            name: `reporte-${asset.code}.${extension}`,
            size: photo.bytes.length,
            contentType: photo.contentType,
            sha256: createHash('sha256').update(photo.bytes).digest('hex'),
            storageKey: fileKey(ctx.tenant.id, photoId),
            createdBy: null,
          });
        const type = await findType(tx, ctx.tenant.id, asset.typeId);
        const row = await openMaintenance(ctx.platform, tx, ctx.tenant.id, asset, {
          kind: 'corrective',
          workflowTypeId: type?.correctiveWorkflowTypeId ?? null,
          title: 'Reporte de problema',
          description: input.description,
          source: 'public_report',
          reporterName: input.reporter_name ?? null,
          reporterContact: input.contact ?? null,
          photoId,
          startedBy: null,
        });
        await tellProblem(ctx.platform, tx, ctx.tenant.id, current[0]!, { source: 'public_report', description: input.description }, null);
        return { id: row.id };
      },
      { audit: 'assets.public-report', subject: () => asset.id },
    );
  } catch (error) {
    // nothing half-written: the photo goes with the report that failed
    if (photoId) await ctx.platform.storage.delete(fileKey(ctx.tenant.id, photoId)).catch(() => undefined);
    throw error;
  }
}

/** The label's public page and problem report: no sign-in, the asset module on (decision 028). */
export async function publicAssetRoutes(app: App, platform: Platform): Promise<void> {
  const prefix = `${ASSETS_BASE}/public/assets/:token`;
  const tags = ['assets (public)'];
  app.get(
    `${prefix}/`,
    {
      config: { access: PUBLIC },
      schema: { tags, summary: 'What a label’s public page shows: the asset’s name and code, and the organisation', params: ZLabelTokenParams, response: { 200: ZPublicAsset } },
    },
    async (request) => {
      const ctx = ctxOf(request, platform);
      assertAssetsOn(ctx.tenant);
      return publicAsset(ctx, request.params.token);
    },
  );
  app.post(
    `${prefix}/reports/`,
    {
      config: { access: PUBLIC },
      bodyLimit: Math.ceil((PUBLIC_PHOTO_MAX_BYTES * 4) / 3) + 64 * 1024,
      schema: {
        tags,
        summary: 'Report a problem without signing in: opens a corrective maintenance (rate-limited per address and asset: 429 with Retry-After)',
        params: ZLabelTokenParams,
        body: ZPublicReportWrite,
        response: { 201: ZPublicReportResult },
      },
    },
    async (request, reply) => {
      const ctx = ctxOf(request, platform);
      assertAssetsOn(ctx.tenant);
      return reply.status(201).send(await publicReport(ctx, request.params.token, request.body, request.ip));
    },
  );
}
