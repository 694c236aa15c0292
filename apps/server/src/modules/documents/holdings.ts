import { and, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { FieldErrors, problem, type FieldMessages } from '../../platform/errors.ts';
import type { Ctx, SignedInCtx } from '../../platform/http/context.ts';
import type { Platform } from '../../platform/platform.ts';
import { storedFiles } from './documents.table.ts';
import { fileHoldings } from './holdings.table.ts';

/**
 * Files by what holds them (decision 032). Each module that keeps upload ids writes holdings at
 * its save points (`holdFiles`, `releaseFiles`) and registers a reader for its kind: who may read
 * through which of its holders. Documents never imports another module: the readers are handed to
 * it at start-up (modules/index.ts).
 */

/** What holds a file: a kind ('post', 'asset', …) and the holder's id in its module. */
export interface FileHolder {
  kind: string;
  id: string;
}

/** Of `holderIds` (all of the reader's kind), those the caller may read files through. */
export type HolderReader = (ctx: SignedInCtx, holderIds: readonly string[]) => Promise<ReadonlySet<string>>;

export interface FileHolderKind {
  kind: string;
  readable: HolderReader;
}

/** A file nothing holds yet is its uploader's for this long (the form being filled), then no one's. */
export const UNATTACHED_READ_MS = 24 * 3600_000;

const readers = new Map<string, HolderReader>();

/** Wires each kind's reader (once, at start-up; registering a kind again replaces its reader). */
export function registerFileHolders(kinds: readonly FileHolderKind[]): void {
  for (const { kind, readable } of kinds) readers.set(kind, readable);
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{24}$/;
const LINK = /\/upload\/([A-Za-z0-9_-]{24})\/download(?:[/?#]|$)/g;

/** Every upload id in a value: bare ids and download links in any string, at any depth (answers, variables). */
export function uploadIdsIn(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string') {
    if (UPLOAD_ID.test(value)) into.add(value);
    else for (const match of value.matchAll(LINK)) into.add(match[1]!);
  } else if (Array.isArray(value)) for (const item of value) uploadIdsIn(item, into);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) uploadIdsIn(item, into);
  return into;
}

export interface HoldOptions {
  /**
   * Who is attaching: a file not yet held by this holder is attached only if this person
   * uploaded it (someone who merely knows an id cannot pull a file into a holder they can read).
   * null: the server itself (files it made, backfills).
   */
  by: string | null;
  /** The holder holds exactly these afterwards (files it held and no longer names are released). */
  only?: boolean;
  /** Files `by` did not upload but may attach: what assertFilesAttachable admitted (readable to them). */
  admitted?: ReadonlySet<string>;
}

/**
 * Records that `holder` holds the tenant's stored files among `uploadIds` (unknown ids and other
 * tenants' are ignored). Call it in the transaction that saves the references.
 */
export async function holdFiles(tx: Drizzle, tenantId: string, holder: FileHolder, uploadIds: Iterable<string>, options: HoldOptions): Promise<void> {
  const ids = [...new Set([...uploadIds].filter((id) => UPLOAD_ID.test(id)))];
  const h = fileHoldings;
  const released = and(eq(h.tenantId, tenantId), eq(h.holderKind, holder.kind), eq(h.holderId, holder.id), ids.length > 0 ? notInArray(h.uploadId, ids) : undefined);
  if (ids.length === 0) {
    if (options.only) await tx.delete(h).where(released);
    return;
  }
  const f = storedFiles;
  const attachable = and(
    eq(f.tenantId, tenantId),
    inArray(f.id, ids),
    options.by === null ? undefined : options.admitted?.size ? or(eq(f.createdBy, options.by), inArray(f.id, [...options.admitted])) : eq(f.createdBy, options.by),
  );
  // `only`: what it no longer names is released in the same statement (a data-modifying WITH: one
  // round trip; the rows it deletes and the ones it inserts are never the same)
  await tx.execute(sql`
    ${options.only ? sql`WITH released AS (DELETE FROM ${h} WHERE ${released})` : sql``}
    INSERT INTO ${h} (tenant_id, upload_id, holder_kind, holder_id, created_at)
    SELECT ${f.tenantId}, ${f.id}, ${holder.kind}, ${holder.id}, now() FROM ${f} WHERE ${attachable}
    ON CONFLICT DO NOTHING`);
}

/** The stored files a holder holds (what its page lists beside the holder), in the order they were held, then uploaded. */
export async function heldFiles(tx: Drizzle, tenantId: string, holder: FileHolder): Promise<{ id: string; name: string; size: number; contentType: string }[]> {
  return tx
    .select({ id: storedFiles.id, name: storedFiles.name, size: storedFiles.size, contentType: storedFiles.contentType })
    .from(fileHoldings)
    .innerJoin(storedFiles, and(eq(storedFiles.tenantId, fileHoldings.tenantId), eq(storedFiles.id, fileHoldings.uploadId)))
    .where(and(eq(fileHoldings.tenantId, tenantId), eq(fileHoldings.holderKind, holder.kind), eq(fileHoldings.holderId, holder.id)))
    .orderBy(fileHoldings.createdAt, storedFiles.createdAt, storedFiles.id);
}

/** heldFiles for many holders of one kind in one statement: holder id → its files, each list in heldFiles' order. */
export async function heldFilesOf(tx: Drizzle, tenantId: string, kind: string, holderIds: readonly string[]): Promise<Map<string, { id: string; name: string; size: number; contentType: string }[]>> {
  const out = new Map<string, { id: string; name: string; size: number; contentType: string }[]>();
  const wanted = [...new Set(holderIds)];
  if (wanted.length === 0) return out;
  const rows = await tx
    .select({ holderId: fileHoldings.holderId, id: storedFiles.id, name: storedFiles.name, size: storedFiles.size, contentType: storedFiles.contentType })
    .from(fileHoldings)
    .innerJoin(storedFiles, and(eq(storedFiles.tenantId, fileHoldings.tenantId), eq(storedFiles.id, fileHoldings.uploadId)))
    .where(and(eq(fileHoldings.tenantId, tenantId), eq(fileHoldings.holderKind, kind), inArray(fileHoldings.holderId, wanted)))
    .orderBy(fileHoldings.holderId, fileHoldings.createdAt, storedFiles.createdAt, storedFiles.id);
  for (const { holderId, ...file } of rows) (out.get(holderId) ?? out.set(holderId, []).get(holderId)!).push(file);
  return out;
}

/** The holder lets go of its files (all of them, or those among `uploadIds`): when it is deleted or stops naming them. */
export async function releaseFiles(tx: Drizzle, tenantId: string, holder: FileHolder, uploadIds?: readonly string[]): Promise<void> {
  await tx
    .delete(fileHoldings)
    .where(
      and(
        eq(fileHoldings.tenantId, tenantId),
        eq(fileHoldings.holderKind, holder.kind),
        eq(fileHoldings.holderId, holder.id),
        uploadIds ? inArray(fileHoldings.uploadId, uploadIds.length > 0 ? [...uploadIds] : ['']) : undefined,
      ),
    );
}

/**
 * A holder lets go of a file made for it (a workflow export's file, when its retention ends) and the
 * file is deleted if nothing else holds it: its bytes, then its row. Idempotent: a pass cut short
 * (the bytes gone, the row left) is done again. Answers whether the file was deleted.
 */
export async function dropHeldFile(platform: Pick<Platform, 'db' | 'storage'>, tenantId: string, holder: FileHolder, uploadId: string): Promise<boolean> {
  const unheld = and(
    eq(storedFiles.tenantId, tenantId),
    eq(storedFiles.id, uploadId),
    sql`NOT EXISTS (SELECT 1 FROM ${fileHoldings} WHERE ${fileHoldings.tenantId} = ${tenantId} AND ${fileHoldings.uploadId} = ${uploadId})`,
  );
  const [file] = await platform.db.transaction(tenantId, async (tx) => {
    await releaseFiles(tx, tenantId, holder, [uploadId]);
    return tx.select({ storageKey: storedFiles.storageKey }).from(storedFiles).where(unheld);
  });
  if (!file) return false;
  await platform.storage.delete(file.storageKey);
  await platform.db.transaction(tenantId, (tx) => tx.delete(storedFiles).where(unheld));
  return true;
}

interface FileOwnership {
  id: string;
  createdBy: string | null;
  createdAt: Date;
}

/**
 * The ids among `files` the caller may read: through a holder whose kind's reader admits the
 * caller, or, for a file nothing holds, as its uploader within UNATTACHED_READ_MS. Signed-out
 * callers read nothing here (public screens get signed links).
 */
export async function readableFileIds(ctx: Ctx, files: readonly FileOwnership[]): Promise<Set<string>> {
  const out = new Set<string>();
  const caller = ctx.caller;
  if (!caller || files.length === 0) return out;
  const signedIn = ctx as SignedInCtx;
  const holdings = await ctx.read((db) =>
    db
      .select({ uploadId: fileHoldings.uploadId, kind: fileHoldings.holderKind, holderId: fileHoldings.holderId })
      .from(fileHoldings)
      .where(
        and(
          eq(fileHoldings.tenantId, ctx.tenant.id),
          inArray(
            fileHoldings.uploadId,
            files.map((file) => file.id),
          ),
        ),
      ),
  );
  const wanted = new Map<string, Set<string>>();
  for (const h of holdings) {
    let ids = wanted.get(h.kind);
    if (!ids) wanted.set(h.kind, (ids = new Set()));
    ids.add(h.holderId);
  }
  const admitted = new Map<string, ReadonlySet<string>>();
  for (const [kind, ids] of wanted) {
    const reader = readers.get(kind);
    admitted.set(kind, reader ? await reader(signedIn, [...ids]) : new Set());
  }
  const held = new Set<string>();
  for (const h of holdings) {
    held.add(h.uploadId);
    if (admitted.get(h.kind)?.has(h.holderId)) out.add(h.uploadId);
  }
  const since = Date.now() - UNATTACHED_READ_MS;
  for (const file of files) if (!held.has(file.id) && file.createdBy === caller.personId && file.createdAt.getTime() > since) out.add(file.id);
  return out;
}

/** A kind whose files every signed-in member of the tenant may read (a person's photo, a venue's image, the organisation's logo). */
export function readByEveryMember(kind: string): FileHolderKind {
  return { kind, readable: async (_ctx, holderIds) => new Set(holderIds) };
}

/** For `HoldOptions.by` where no person acts (a signed-out start): only files already held stay; nothing new is attached. */
export const NO_ONE = '00000000-0000-0000-0000-000000000000';

/**
 * Before a write that references files: refuses, as the field's `unknown-file` error (400, the same
 * answer as an id that does not exist, so it tells nothing about what exists), every stored file
 * the caller could not read — the download rule (readableFileIds: a holding the caller may read
 * through, or their own upload) — unless `holder` already holds it (an edit keeps what it had).
 * Otherwise a member who learned an id could attach it and read its name, size and type in the
 * holder's answer (issue 50). Ids that are no stored file of the tenant are left to the caller's
 * own checks. Call it outside the write's transaction: the readers run their own reads. Answers
 * the files admitted, for `holdFiles`'s `admitted` (a readable file someone else uploaded is held too).
 */
export async function assertFilesAttachable(ctx: SignedInCtx, holder: FileHolder | null, fields: Record<string, Iterable<string>>): Promise<Set<string>> {
  const byField = Object.entries(fields).map(([field, ids]) => [field, [...new Set([...ids].filter((id) => UPLOAD_ID.test(id)))]] as const);
  const ids = [...new Set(byField.flatMap(([, list]) => list))];
  if (ids.length === 0) return new Set();
  const tenantId = ctx.tenant.id;
  const files = await ctx.read((db) =>
    db
      .select({ id: storedFiles.id, createdBy: storedFiles.createdBy, createdAt: storedFiles.createdAt })
      .from(storedFiles)
      .where(and(eq(storedFiles.tenantId, tenantId), inArray(storedFiles.id, ids))),
  );
  if (files.length === 0) return new Set();
  const ok = new Set(files.filter((file) => file.createdBy === ctx.caller.personId).map((file) => file.id));
  // the caller's own uploads (the usual case: photos just taken) need no further read
  const others = files.filter((file) => !ok.has(file.id));
  if (others.length === 0) return ok;
  if (holder) {
    const kept = await ctx.read((db) =>
      db
        .select({ uploadId: fileHoldings.uploadId })
        .from(fileHoldings)
        .where(
          and(
            eq(fileHoldings.tenantId, tenantId),
            eq(fileHoldings.holderKind, holder.kind),
            eq(fileHoldings.holderId, holder.id),
            inArray(
              fileHoldings.uploadId,
              others.map((file) => file.id),
            ),
          ),
        ),
    );
    for (const row of kept) ok.add(row.uploadId);
  }
  const rest = files.filter((file) => !ok.has(file.id));
  if (rest.length > 0) for (const id of await readableFileIds(ctx, rest)) ok.add(id);
  const errors: FieldMessages = {};
  for (const [field, list] of byField) {
    for (const id of list) if (files.some((file) => file.id === id) && !ok.has(id)) (errors[field] ??= []).push(problem('unknown-file', `Unknown file: ${id}`));
  }
  if (Object.keys(errors).length > 0) throw new FieldErrors(errors);
  return ok;
}
