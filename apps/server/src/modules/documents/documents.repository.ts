import { and, asc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Drizzle } from '../../platform/db/database.ts';
import { storedFiles, tempUploadParts, tempUploads } from './documents.table.ts';

export type TempUploadRow = typeof tempUploads.$inferSelect;
export type TempUploadPartRow = typeof tempUploadParts.$inferSelect;
export type StoredFileRow = typeof storedFiles.$inferSelect;

const byId = (tenantId: string, id: string) => and(eq(tempUploads.tenantId, tenantId), eq(tempUploads.id, id));

export async function insertTempUpload(tx: Drizzle, values: typeof tempUploads.$inferInsert): Promise<TempUploadRow> {
  const [row] = await tx.insert(tempUploads).values(values).returning();
  return row!;
}

export async function insertPart(tx: Drizzle, values: typeof tempUploadParts.$inferInsert): Promise<void> {
  await tx.insert(tempUploadParts).values(values);
}

export async function findTempUpload(tx: Drizzle, tenantId: string, id: string): Promise<TempUploadRow | null> {
  const [row] = await tx.select().from(tempUploads).where(byId(tenantId, id)).limit(1);
  return row ?? null;
}

/** Uploads a person has open or ready (not stored, not expired): the per-person cap counts these. */
export async function countPendingUploads(tx: Drizzle, tenantId: string, personId: string, now: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(tempUploads)
    .where(and(eq(tempUploads.tenantId, tenantId), eq(tempUploads.ownerPersonId, personId), inArray(tempUploads.state, ['open', 'ready']), sql`${tempUploads.expiresAt} > ${now}`));
  return row?.n ?? 0;
}

/**
 * An open transfer still open, the caller's and not expired: records the offset its pieces
 * reach and the name, and pushes the expiry back (activity keeps a transfer alive). Null when
 * it is not (gone, another owner, expired, finished or rejected).
 */
export async function touchTransfer(
  tx: Drizzle,
  values: { tenantId: string; id: string; ownerPersonId: string; offset: number; name: string; now: Date; expiresAt: Date },
): Promise<TempUploadRow | null> {
  const [row] = await tx
    .update(tempUploads)
    .set({ offsetReached: values.offset, name: values.name, updatedAt: values.now, expiresAt: values.expiresAt })
    .where(and(byId(values.tenantId, values.id), eq(tempUploads.ownerPersonId, values.ownerPersonId), eq(tempUploads.state, 'open'), gt(tempUploads.expiresAt, values.now)))
    .returning();
  return row ?? null;
}

export async function setName(tx: Drizzle, tenantId: string, id: string, name: string): Promise<void> {
  await tx.update(tempUploads).set({ name, updatedAt: new Date() }).where(byId(tenantId, id));
}

/**
 * Every byte of an open transfer is in and accepted: it becomes ready with its pieces recorded,
 * in one transaction. False when it was not open any more (another request finished it).
 */
export async function markReady(
  tx: Drizzle,
  tenantId: string,
  id: string,
  values: { contentType: string; name: string; length: number; parts: { partOffset: number; length: number; storageKey: string }[] },
): Promise<boolean> {
  const updated = await tx
    .update(tempUploads)
    .set({ state: 'ready', contentType: values.contentType, name: values.name, offsetReached: values.length, updatedAt: new Date() })
    .where(and(byId(tenantId, id), eq(tempUploads.state, 'open')))
    .returning({ id: tempUploads.id });
  if (updated.length === 0) return false;
  // A transfer finished again (its check never ran to the end) records its pieces afresh.
  await tx.delete(tempUploadParts).where(and(eq(tempUploadParts.tenantId, tenantId), eq(tempUploadParts.uploadId, id)));
  if (values.parts.length > 0) await tx.insert(tempUploadParts).values(values.parts.map((part) => ({ tenantId, uploadId: id, ...part })));
  return true;
}

export async function markRejected(tx: Drizzle, tenantId: string, id: string, code: string): Promise<void> {
  await tx.update(tempUploads).set({ state: 'rejected', rejectedCode: code, updatedAt: new Date() }).where(byId(tenantId, id));
  await tx.delete(tempUploadParts).where(and(eq(tempUploadParts.tenantId, tenantId), eq(tempUploadParts.uploadId, id)));
}

/**
 * Claims a ready upload for storing (or one whose earlier store stalled before `staleBefore`),
 * recording the permanent id it will get. Returns null when another request holds it.
 */
export async function claimForStore(tx: Drizzle, tenantId: string, id: string, newUploadId: string, staleBefore: Date): Promise<TempUploadRow | null> {
  const [row] = await tx
    .update(tempUploads)
    .set({
      state: 'storing',
      storedUploadId: newUploadId,
      updatedAt: new Date(),
    })
    .where(and(byId(tenantId, id), or(eq(tempUploads.state, 'ready'), and(eq(tempUploads.state, 'storing'), lt(tempUploads.updatedAt, staleBefore)))))
    .returning();
  return row ?? null;
}

export async function releaseClaim(tx: Drizzle, tenantId: string, id: string): Promise<void> {
  await tx
    .update(tempUploads)
    .set({ state: 'ready', storedUploadId: null, updatedAt: new Date() })
    .where(and(byId(tenantId, id), eq(tempUploads.state, 'storing')));
}

export async function markStored(tx: Drizzle, tenantId: string, id: string, sha256: string): Promise<void> {
  await tx.update(tempUploads).set({ state: 'stored', sha256, updatedAt: new Date() }).where(byId(tenantId, id));
  await tx.delete(tempUploadParts).where(and(eq(tempUploadParts.tenantId, tenantId), eq(tempUploadParts.uploadId, id)));
}

export async function listParts(tx: Drizzle, tenantId: string, id: string): Promise<TempUploadPartRow[]> {
  return tx
    .select()
    .from(tempUploadParts)
    .where(and(eq(tempUploadParts.tenantId, tenantId), eq(tempUploadParts.uploadId, id)))
    .orderBy(asc(tempUploadParts.partOffset));
}

export async function deleteTempUpload(tx: Drizzle, tenantId: string, id: string): Promise<void> {
  await tx.delete(tempUploads).where(byId(tenantId, id));
}

export async function insertStoredFile(tx: Drizzle, values: typeof storedFiles.$inferInsert): Promise<StoredFileRow> {
  const [row] = await tx.insert(storedFiles).values(values).returning();
  return row!;
}

export async function findStoredFile(tx: Drizzle, tenantId: string, id: string): Promise<StoredFileRow | null> {
  const [row] = await tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.tenantId, tenantId), eq(storedFiles.id, id)))
    .limit(1);
  return row ?? null;
}

export async function findStoredFiles(tx: Drizzle, tenantId: string, ids: string[]): Promise<StoredFileRow[]> {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(storedFiles)
    .where(and(eq(storedFiles.tenantId, tenantId), inArray(storedFiles.id, ids)));
}

export async function expiredUploads(tx: Drizzle, tenantId: string, now: Date, limit: number): Promise<Pick<TempUploadRow, 'id' | 'state' | 'storedUploadId'>[]> {
  return tx
    .select({
      id: tempUploads.id,
      state: tempUploads.state,
      storedUploadId: tempUploads.storedUploadId,
    })
    .from(tempUploads)
    .where(and(eq(tempUploads.tenantId, tenantId), lt(tempUploads.expiresAt, now)))
    .orderBy(asc(tempUploads.expiresAt))
    .limit(limit);
}

export async function deleteTempUploads(tx: Drizzle, tenantId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.delete(tempUploads).where(and(eq(tempUploads.tenantId, tenantId), inArray(tempUploads.id, ids)));
}
