import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import unzipper from 'unzipper';
import { expect } from 'vitest';
import type { TImportRow } from '@faena/contracts';
import { body, type TestServer } from './harness.ts';
import { store, storedId, uploadedId, uploadWhole } from './documents.helpers.ts';

export const AUD = '/api/audiences/v3';
export const ORG = '/api/organization/v3';
export const RES = '/api/resources/v3';
export const PERSONS = `${AUD}/persons/`;

/** Uploads a file through the upload server and stores it: its upload_id. */
export async function uploadFile(server: TestServer, subdomain: string, token: string, file: Buffer, name: string): Promise<string> {
  const temporary = await uploadedId(await uploadWhole(server, subdomain, token, file, name));
  return storedId(await store(server, subdomain, token, temporary));
}

/** An XLSX workbook of the given rows (first sheet), as bytes. */
export async function xlsx(rows: unknown[][], configure?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Hoja1');
  for (const row of rows) sheet.addRow(row);
  configure?.(sheet);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The parts of a zip file (an XLSX workbook), inflated, in the file's order. */
export async function unzipParts(file: Buffer): Promise<[string, Buffer][]> {
  const parts: [string, Buffer][] = [];
  for await (const entry of Readable.from([file]).pipe(unzipper.Parse({ forceStream: true })) as AsyncIterable<unzipper.Entry>) parts.push([entry.path, await entry.buffer()]);
  return parts;
}

export const csv = (rows: string[][], delimiter = ',') =>
  Buffer.from(`${rows.map((row) => row.map((cell) => (/[",;\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)).join(delimiter)).join('\n')}\n`, 'utf8');

export interface ImportJob {
  id: number;
  kind: string;
  status: string;
  error_code: string | null;
  error_message: string | null;
  fail_description: string | null;
  counts: Record<string, number>;
  progress: { phase: string; percent: number; rows: number };
  applied_at: string | null;
  rows_purged_at: string | null;
  file_uid: string;
  file_name: string | null;
  file_columns: Record<string, string>;
  data_source: string | null;
  mode: string;
}
/** A row of an import's preview, as the contract gives it. */
export type ImportRow = TImportRow;

/** Polls a job until its status is one of `until` (or the time runs out). */
export async function waitForJob(server: TestServer, subdomain: string, token: string, base: string, id: number, until: string[], timeoutMs = 60_000): Promise<ImportJob> {
  const started = Date.now();
  for (;;) {
    const response = await server.api(subdomain, `${base}${id}/`, { token });
    expect(response.status).toBe(200);
    const job = await body<ImportJob>(response);
    if (until.includes(job.status)) return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${id} still ${job.status} (${JSON.stringify(job.progress)}) after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Uploads a file and starts an import at `base` (a family prefix ending in '/'): the created job. */
export async function startImport(server: TestServer, subdomain: string, token: string, base: string, file: Buffer, name: string, mode?: string): Promise<ImportJob> {
  const uploadId = await uploadFile(server, subdomain, token, file, name);
  const response = await server.api(subdomain, base, { method: 'POST', token, json: { upload_id: uploadId, ...(mode ? { mode } : {}) } });
  expect(response.status, await response.clone().text()).toBe(201);
  return body<ImportJob>(response);
}

/** Validates, applies and answers the final job (expects VALIDATION_OK then APPLY_OK). */
export async function importAll(server: TestServer, subdomain: string, token: string, base: string, file: Buffer, name: string, mode?: string): Promise<ImportJob> {
  const job = await startImport(server, subdomain, token, base, file, name, mode);
  const validated = await waitForJob(server, subdomain, token, base, job.id, ['VALIDATION_OK', 'VALIDATION_FAILED']);
  if (validated.status !== 'VALIDATION_OK') throw new Error(`validation failed: ${JSON.stringify(validated)} ${JSON.stringify(await rowsOf(server, subdomain, token, base, job.id, 'ERROR'))}`);
  const applying = await server.api(subdomain, `${base}${job.id}/apply`, { method: 'POST', token });
  expect(applying.status).toBe(202);
  const done = await waitForJob(server, subdomain, token, base, job.id, ['APPLY_OK', 'APPLY_FAILED']);
  expect(done.status, JSON.stringify(done)).toBe('APPLY_OK');
  return done;
}

export async function rowsOf(server: TestServer, subdomain: string, token: string, base: string, id: number, operation?: string, search?: string): Promise<ImportRow[]> {
  const query = new URLSearchParams({ page_size: '200', ...(operation ? { operation } : {}), ...(search !== undefined ? { search } : {}) });
  const response = await server.api(subdomain, `${base}${id}/rows/?${query}`, { token });
  expect(response.status).toBe(200);
  return (await body<{ results: ImportRow[] }>(response)).results;
}
