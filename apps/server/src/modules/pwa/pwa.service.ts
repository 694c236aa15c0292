/**
 * The installable app of each organisation (decision 030): its web app manifest (name, brand
 * colour, icons) and the icons, drawn from the organisation's logo with sharp, or Faena's own mark when it
 * has none (or its logo cannot be read as an image). Icons are cached per process by logo and size.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type sharpModule from 'sharp';
import type { PwaIconName, TWebManifest } from '@faena/contracts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import type { TenantRecord } from '../../platform/tenancy.ts';
import { findStoredFile, isUploadId } from '../documents/index.ts';

/** Faena's brand colour (spec §1): the theme colour of an organisation without one of its own. */
export const FAENA_THEME_COLOR = '#44a690';
const BACKGROUND = '#ffffff';
/** Where the organisation module serves the logo (organization.service.ts, LOGO_PATH). */
const LOGO_PATH = '/api/organization/v3/logo/';
const LOGO_MAX_BYTES = 10 * 1024 * 1024;
/** Faena's mark (apps/web/public/favicon.svg). */
const FAENA_MARK = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${FAENA_THEME_COLOR}"/><path d="M20 46V18h24v7H28v5h13v7H28v9z" fill="#fff"/></svg>`;
/** The mark full-bleed, for the maskable icon (the launcher cuts its own shape). */
const FAENA_MARK_SQUARE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${FAENA_THEME_COLOR}"/><path d="M24 42V22h17v5H30v3.6h9.3v5H30V42z" fill="#fff"/></svg>`;

const ICONS: Record<PwaIconName, { size: number; maskable: boolean }> = {
  '180.png': { size: 180, maskable: false },
  '192.png': { size: 192, maskable: false },
  '512.png': { size: 512, maskable: false },
  '512-maskable.png': { size: 512, maskable: true },
};

export const isIconName = (name: string): name is PwaIconName => Object.hasOwn(ICONS, name);

let sharpLoaded: Promise<typeof sharpModule> | null = null;
const loadSharp = () => (sharpLoaded ??= import('sharp').then((module) => module.default));

const logoUploadOf = (tenant: Pick<TenantRecord, 'logoUrl'>) => (tenant.logoUrl?.startsWith(LOGO_PATH) ? tenant.logoUrl.slice(LOGO_PATH.length) : null);

/** Changes with the logo, so an installed app fetches the new icons. */
export function iconVersion(tenant: Pick<TenantRecord, 'logoUrl'>): string {
  return createHash('sha256')
    .update(tenant.logoUrl ?? 'faena')
    .digest('hex')
    .slice(0, 12);
}

/** Short names show under a home-screen icon: about 12 characters fit. */
export function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  const firstWord = trimmed.split(/\s+/)[0] ?? trimmed;
  return firstWord.length <= 12 ? firstWord : `${trimmed.slice(0, 11)}…`;
}

export function webManifest(tenant: TenantRecord): TWebManifest {
  const version = iconVersion(tenant);
  const icon = (name: PwaIconName, purpose: 'any' | 'maskable') => ({
    src: `/api/pwa/icons/${name}?v=${version}`,
    sizes: `${ICONS[name].size}x${ICONS[name].size}`,
    type: 'image/png' as const,
    purpose,
  });
  return {
    id: '/',
    name: tenant.name,
    short_name: shortNameOf(tenant.name),
    description: `${tenant.name} · Faena`,
    lang: 'es',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: BACKGROUND,
    // The organisation's brand colour colours the title bar and splash; the splash background stays light.
    theme_color: tenant.brandColor ?? FAENA_THEME_COLOR,
    icons: [icon('192.png', 'any'), icon('512.png', 'any'), icon('512-maskable.png', 'maskable')],
  };
}

async function readLimited(stream: Readable, limit: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    total += buffer.length;
    if (total > limit) {
      stream.destroy();
      return null;
    }
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

async function logoBytes(ctx: Ctx): Promise<Buffer | null> {
  const uploadId = logoUploadOf(ctx.tenant);
  if (!uploadId || !isUploadId(uploadId)) return null;
  const file = await ctx.read((db) => findStoredFile(db, ctx.tenant.id, uploadId));
  if (!file || !file.contentType.startsWith('image/')) return null;
  try {
    return await readLimited((await ctx.platform.storage.get(file.storageKey)) as Readable, LOGO_MAX_BYTES);
  } catch {
    return null;
  }
}

async function draw(source: Buffer, size: number, maskable: boolean, background: string): Promise<Buffer> {
  const sharp = await loadSharp();
  // The maskable icon keeps its picture inside the launcher's safe zone (the middle 80%).
  const inner = maskable ? Math.round(size * 0.7) : size;
  const picture = await sharp(source, { limitInputPixels: 50_000_000, density: 384 }).rotate().resize(inner, inner, { fit: 'contain', background }).flatten({ background }).png().toBuffer();
  if (!maskable) return picture;
  return sharp({ create: { width: size, height: size, channels: 4, background } })
    .composite([{ input: picture, gravity: 'center' }])
    .png()
    .toBuffer();
}

const cache = new Map<string, Buffer>();
const CACHE_MAX = 256;

function remember(key: string, png: Buffer): Buffer {
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, png);
  return png;
}

/** The organisation's icon as a PNG of the named size. */
export async function iconPng(ctx: Ctx, name: string): Promise<Buffer> {
  if (!isIconName(name)) throw new AppError('not-found', 'Icon not found.');
  const { size, maskable } = ICONS[name];
  const key = `${ctx.tenant.id}:${ctx.tenant.logoUrl ?? ''}:${name}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const logo = await logoBytes(ctx);
  if (logo) {
    try {
      return remember(key, await draw(logo, size, maskable, BACKGROUND));
    } catch {
      // Not an image sharp can read: Faena's mark instead.
    }
  }
  const mark = Buffer.from(maskable ? FAENA_MARK_SQUARE : FAENA_MARK);
  return remember(key, await draw(mark, size, false, maskable ? FAENA_THEME_COLOR : BACKGROUND));
}
