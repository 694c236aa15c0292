import { useEffect } from 'react';
import { keepPreviousData, queryOptions, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useMutation } from '../api/use-mutation.ts';
import type { TFileLanguage, TImportJob, TImportOperation, TImportRow, TImportStatus } from '@faena/contracts';
import { uploadIdFromLink } from '@faena/domain/forms/files';
import { apiClient, buildQuery } from '../api/api-client.ts';
import { downloadWithCookie, uploadBlob } from '../uploads/upload-api.ts';

/**
 * One import family (decision 008): the routes under `baseUrl` — jobs, create, status,
 * rows (and rows.csv), apply, discard, current.csv — and the importer `kind` whose columns `GET /imports/kinds` describes.
 */
export interface ImportFamily {
  /** e.g. `/api/audiences/v3/persons/imports` (no trailing slash). */
  baseUrl: string;
  /** e.g. `people`, `positions`, `venues`, `data-source-rows`. */
  kind: string;
  /** What an applied import of the family changes: the cached answers under these keys go stale once a job is seen APPLY_OK. */
  changes?: readonly QueryKey[] | undefined;
}

export interface ImportKind {
  kind: string;
  modes: ('upsert' | 'replace')[];
  default_mode: 'upsert' | 'replace';
  /** The family offers its current records as a file in these columns (`current.csv`). */
  has_current: boolean;
  /**
   * `name` is the canonical (English) header, `header_es` the one Spanish files write; `description`
   * is English, `description_es` Spanish.
   */
  columns: { name: string; header_es: string; aliases: string[]; required: boolean; description: string; description_es?: string }[];
}

/** The language of the files the app writes or asks for (templates, current records, exports): Spanish for es and es-MX. */
export type FileLanguage = TFileLanguage;
export const fileLanguageOf = (language: string): FileLanguage => (language.startsWith('es') ? 'es' : 'en');

/** A column's header in a file in `language`. */
export const headerOf = (column: ImportKind['columns'][number], language: FileLanguage) => (language === 'es' ? column.header_es : column.name);
export interface ImportKinds {
  kinds: ImportKind[];
  error_codes: Record<string, string>;
  /** What one file may be on this server (a larger file fails whole, FILE_TYPE_NOT_SUPPORTED). */
  limits: { max_bytes: number; max_rows: number };
}
export interface Paged<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
export type ImportMode = 'upsert' | 'replace';

/** Spec forms §4 (kept here so the chunk does not pull zod from the contracts). */
export const IMPORT_OPERATIONS: readonly TImportOperation[] = ['ADD', 'UPDATE', 'DELETE', 'UNDELETE', 'NO_CHANGE', 'ERROR'];
export const IMPORT_EXTENSIONS = ['csv', 'xlsx'] as const;

/** The job is still moving: poll it. */
export const isRunning = (status: TImportStatus) => status === 'PENDING' || status === 'VALIDATING' || status === 'APPLYING';
/** The preview's rows exist once validation has ended. */
export const hasPreview = (status: TImportStatus) => status !== 'PENDING' && status !== 'VALIDATING';
/** What DELETE /{job}/ accepts (the server refuses the rest with 409). */
export const canDiscard = (status: TImportStatus) => status === 'VALIDATION_OK' || status === 'VALIDATION_FAILED' || status === 'APPLY_FAILED';
/** How often a running job is polled. */
export const POLL_MS = 1000;

const root = (family: ImportFamily) => family.baseUrl.replace(/\/+$/, '');
const jobUrl = (family: ImportFamily, id: number | string) => `${root(family)}/${encodeURIComponent(String(id))}/`;

export const importKeys = {
  all: (family: ImportFamily) => ['imports', root(family)] as const,
  jobs: (family: ImportFamily, page: number) => ['imports', root(family), 'jobs', page] as const,
  job: (family: ImportFamily, id: number | string) => ['imports', root(family), 'job', String(id)] as const,
  rows: (family: ImportFamily, id: number | string, operation: TImportOperation | null, page: number, search = '') =>
    ['imports', root(family), 'job', String(id), 'rows', operation, page, search] as const,
  kinds: ['imports', 'kinds'] as const,
};

/** GET /api/resources/v3/imports/kinds: every importer's columns and the texts of every error code. */
export const importKindsQuery = queryOptions({
  queryKey: importKeys.kinds,
  queryFn: ({ signal }) => apiClient.get<ImportKinds>('/api/resources/v3/imports/kinds', { signal }),
  staleTime: 10 * 60_000,
});
export function useImportKinds() {
  return useQuery(importKindsQuery);
}

export function useImportJobs(family: ImportFamily, page: number, pageSize = 10) {
  return useQuery({
    queryKey: importKeys.jobs(family, page),
    queryFn: ({ signal }) => apiClient.get<Paged<TImportJob>>(`${root(family)}/`, { query: { page, page_size: pageSize }, signal }),
    placeholderData: keepPreviousData,
    // A job of the list that is still running keeps the list fresh.
    refetchInterval: (query) => (query.state.data?.results.some((job) => isRunning(job.status)) ? POLL_MS * 3 : false),
  });
}

/** getJobStatus: polled every second while the job validates or applies; once it is applied, what the family `changes` goes stale. */
export function useImportJob(family: ImportFamily, id: number | string | null) {
  const client = useQueryClient();
  const job = useQuery({
    queryKey: importKeys.job(family, id ?? ''),
    enabled: id !== null && id !== '',
    queryFn: ({ signal }) => apiClient.get<TImportJob>(jobUrl(family, id ?? ''), { signal }),
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data.status) ? POLL_MS : false),
    refetchIntervalInBackground: false,
  });
  const applied = job.data?.status === 'APPLY_OK';
  // by value: a family written inline is a new object on every render
  const changes = JSON.stringify(family.changes ?? []);
  useEffect(() => {
    if (!applied) return;
    for (const queryKey of JSON.parse(changes) as QueryKey[]) void client.invalidateQueries({ queryKey });
  }, [applied, changes, client]);
  return job;
}

/** A page of the preview, one operation's or all; `search`: by name, key or sheet row. */
export function useImportRows(family: ImportFamily, job: TImportJob | undefined, operation: TImportOperation | null, page: number, pageSize: number, search = '') {
  const searched = search.trim();
  return useQuery({
    // The status is part of the key: apply re-runs the diff, so the preview changes with it.
    queryKey: [...importKeys.rows(family, job?.id ?? '', operation, page, searched), job?.status, pageSize],
    enabled: job !== undefined && hasPreview(job.status),
    queryFn: ({ signal }) => apiClient.get<Paged<TImportRow>>(`${jobUrl(family, job!.id)}rows/`, { query: { page, page_size: pageSize, operation, search: searched || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET …/{id}/rows.csv: the preview as a CSV file — every row, one operation's (ERROR: what to fix), or what a search finds. */
export function downloadImportRows(family: ImportFamily, jobId: number, operation: TImportOperation | null, search = ''): Promise<void> {
  return downloadWithCookie(`${jobUrl(family, jobId)}rows.csv${buildQuery({ operation, search: search.trim() || undefined })}`);
}

/** GET …/current.csv: the current records in the family's columns — a file to edit and upload back. */
export function downloadCurrentRecords(family: ImportFamily, language: FileLanguage): Promise<void> {
  return downloadWithCookie(`${family.baseUrl}/current.csv${buildQuery({ language })}`);
}

/** Uploads the file to the document manager and returns its upload id (what POST / takes); `maxBytes` is the server's limit (`limits.max_bytes`). */
export async function uploadImportFile(file: File, maxBytes: number): Promise<string> {
  const link = await uploadBlob(file, file.name, {
    noun: 'file',
    isMultiple: false,
    minFiles: 1,
    maxFiles: 1,
    minSize: 0,
    maxSize: maxBytes,
    formats: null,
    messages: {},
  });
  const id = uploadIdFromLink(link);
  if (!id) throw new Error(`The upload server answered a link without an upload id: ${link}`);
  return id;
}

export function useCreateImport(family: ImportFamily) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ file, maxBytes, mode }: { file: File; maxBytes: number; mode?: ImportMode | undefined }) => {
      const uploadId = await uploadImportFile(file, maxBytes);
      return apiClient.post<TImportJob>(`${root(family)}/`, { json: { upload_id: uploadId, ...(mode ? { mode } : {}) } });
    },
    onSuccess: (job) => {
      client.setQueryData(importKeys.job(family, job.id), job);
      void client.invalidateQueries({ queryKey: [...importKeys.all(family), 'jobs'] });
    },
  });
}

export function useApplyImport(family: ImportFamily) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => apiClient.post<TImportJob>(`${jobUrl(family, id)}apply`),
    onSuccess: (job) => {
      client.setQueryData(importKeys.job(family, job.id), job);
      void client.invalidateQueries({ queryKey: [...importKeys.all(family), 'jobs'] });
    },
  });
}

export function useDiscardImport(family: ImportFamily) {
  const client = useQueryClient();
  return useMutation({
    meta: { silent: true },
    mutationFn: (id: number) => apiClient.delete<void>(jobUrl(family, id), { responseType: 'none' }),
    onSuccess: (_answer, id) => {
      client.removeQueries({ queryKey: importKeys.job(family, id) });
      void client.invalidateQueries({ queryKey: [...importKeys.all(family), 'jobs'] });
    },
  });
}

/** The file's extension, lower case, when it is one the engine reads. */
export function importExtension(name: string): (typeof IMPORT_EXTENSIONS)[number] | null {
  const ext = /\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  return ext === 'csv' || ext === 'xlsx' ? ext : null;
}

/**
 * A CSV template with the kind's columns as headers in `language` (UTF-8 with BOM, so spreadsheet
 * programs read accents; quoted where needed).
 */
export function templateCsv(kind: ImportKind, language: FileLanguage): string {
  const quote = (cell: string) => (/[",;\n\r]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell);
  return `\uFEFF${kind.columns.map((column) => quote(headerOf(column, language))).join(',')}\r\n`;
}
