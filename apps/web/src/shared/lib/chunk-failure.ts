/**
 * Chunk-load failures (spec §4): the first failure reloads the page and records it; a second
 * failure within 5 minutes shows the error; after such a reload a one-time apology toast appears —
 * about the update when the version changed, about a technical problem otherwise.
 */
export const CHUNK_FAILURE_WINDOW_MS = 5 * 60_000;
export const CHUNK_FAILURE_KEY = 'faena.chunk-failure';

export interface ChunkFailureRecord {
  timestamp: number;
  appVersion: string;
  apologized: boolean;
}

export type ChunkFailureDecision = 'reload' | 'show-error';
export type Apology = 'updated' | 'technical' | null;

export function decideOnChunkFailure(record: ChunkFailureRecord | null, now: number): ChunkFailureDecision {
  if (record && now - record.timestamp >= 0 && now - record.timestamp < CHUNK_FAILURE_WINDOW_MS) return 'show-error';
  return 'reload';
}

export function apologyAfterReload(record: ChunkFailureRecord | null, now: number, appVersion: string): Apology {
  if (!record || record.apologized) return null;
  if (now - record.timestamp < 0 || now - record.timestamp >= CHUNK_FAILURE_WINDOW_MS) return null;
  return record.appVersion !== appVersion ? 'updated' : 'technical';
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|is not a valid JavaScript MIME type|Loading chunk [\w-]+ failed/i.test(
      error.message,
    )
  );
}

export interface ChunkFailureEnv {
  read(): ChunkFailureRecord | null;
  write(record: ChunkFailureRecord): void;
  reload(): void;
  now(): number;
  appVersion: string;
}

export function readRecord(storage: Pick<Storage, 'getItem'>): ChunkFailureRecord | null {
  try {
    const raw = storage.getItem(CHUNK_FAILURE_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<ChunkFailureRecord>;
    if (typeof value.timestamp !== 'number' || typeof value.appVersion !== 'string') return null;
    return { timestamp: value.timestamp, appVersion: value.appVersion, apologized: value.apologized === true };
  } catch {
    return null;
  }
}

/**
 * Wraps a lazy import: on a chunk-load failure, the first time reloads (and never resolves, so
 * nothing half-renders meanwhile); a second time within the window rethrows for the error page.
 */
export function withChunkReload<T>(load: () => Promise<T>, env: ChunkFailureEnv): () => Promise<T> {
  return () =>
    load().catch((error: unknown) => {
      if (!isChunkLoadError(error)) throw error;
      if (decideOnChunkFailure(env.read(), env.now()) === 'show-error') throw error;
      env.write({ timestamp: env.now(), appVersion: env.appVersion, apologized: false });
      env.reload();
      return new Promise<T>(() => undefined);
    });
}
