import type { Database } from '../../platform/db/database.ts';
import type { TempUploadRow } from './documents.repository.ts';

/** Open transfers one process remembers (a few MB at most); the oldest goes first. */
const CAPACITY = 10_000;

/**
 * How long this process trusts what it read of a transfer's row (owner, state, expiry) before it
 * reads it again; the same statement pushes the expiry back and records the offset reached. A
 * transfer reverted, finished or expired by another server process is noticed within this time.
 */
export const RECHECK_MS = 1000;

interface Entry {
  /** The row as last read, with `offsetReached` the offset its pieces in storage reach. */
  row: TempUploadRow;
  /** Date.now() when the row was last read from (or written to) the database. */
  checkedAt: number;
}

/**
 * The open chunked transfers this process is receiving, so that a chunk needs no database
 * statement at all: who owns the transfer, its declared length and expiry come from the row read
 * at most RECHECK_MS ago, and its offset from the pieces this process wrote. The truth stays in
 * storage — every chunk is one piece named by its offset, created exclusively — so a stale entry
 * can at worst let a chunk read its bytes and then lose to the piece another process already
 * wrote (409), and a transfer this process has not seen (another process, a restart) is read
 * from the database and its offset from the pieces in storage.
 */
export class OpenTransfers {
  private readonly entries = new Map<string, Entry>();

  get(tenantId: string, id: string): Entry | null {
    return this.entries.get(key(tenantId, id)) ?? null;
  }

  /** Remembers an open transfer as just read (or written); forgets one that is not open any more. */
  remember(row: TempUploadRow, checkedAt = Date.now()): void {
    const k = key(row.tenantId, row.id);
    this.entries.delete(k);
    if (row.state !== 'open') return;
    if (this.entries.size >= CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(k, { row, checkedAt });
  }

  /** A piece from `from` to `to` was written: the offset moves, unless something else moved it meanwhile. */
  advance(tenantId: string, id: string, from: number, to: number, name: string): void {
    const entry = this.entries.get(key(tenantId, id));
    if (entry && entry.row.offsetReached === from) entry.row = { ...entry.row, offsetReached: to, name };
  }

  forget(tenantId: string, id: string): void {
    this.entries.delete(key(tenantId, id));
  }

  /** What a restart of the process loses. */
  clear(): void {
    this.entries.clear();
  }
}

const key = (tenantId: string, id: string) => `${tenantId}/${id}`;

const byDatabase = new WeakMap<Database, OpenTransfers>();

/** One per database handle (tests run several platforms in one process). */
export function openTransfersOf(db: Database): OpenTransfers {
  let transfers = byDatabase.get(db);
  if (!transfers) {
    transfers = new OpenTransfers();
    byDatabase.set(db, transfers);
  }
  return transfers;
}
