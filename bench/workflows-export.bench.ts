/**
 * Executions export ([P11 Workflow work] point 3, decision 025), PostgreSQL: one workflow type with
 * N executions (default 100,000) whose variables answer a start form and a task form, exported as
 * XLSX and as CSV through the real route and job (POST …/executions/exports/, polled until DONE,
 * the file written to the document manager's storage), against exceljs alone writing the same
 * rows (the same cell texts, computed beforehand and held in memory) with the same streaming
 * writer to a file. Reported: rows/s of each, their ratio (target: the export ≥ 25% of exceljs
 * alone), and the process's peak RSS during each export against its idle RSS (the export
 * streams: it must not grow with N). Skipped with a line when no PostgreSQL is given.
 */
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildBpmnXml } from '@faena/domain/workflows/index';
import { loadConfig } from '../apps/server/src/platform/config.ts';
import { boot } from '../apps/server/src/platform/boot.ts';
import { openPostgres } from '../apps/server/src/platform/db/database.ts';
import { createTenant } from '../apps/server/src/modules/tenants/index.ts';
import { execCells, exportHeader, type ExportField } from '../apps/server/src/modules/workflows/workflows.export.ts';
import { httpJson } from './lib/http.ts';
import { postgresBaseUrl, POSTGRES_SKIPPED, throwAwayDatabase } from './lib/postgres.ts';
import { pct, target, type Benchmark } from './lib/report.ts';

const EXECUTIONS = Number(process.env.BENCH_WF_EXPORT_EXECUTIONS ?? 100_000);
const HOST = 'bench.app.localhost';
const WF = '/api/workflow-backend/v3';
const MB = 1024 * 1024;

/** Samples the process's RSS every 20 ms until stopped; answers the peak. */
function rssSampler(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

const bench: Benchmark = {
  title: `executions export: ${EXECUTIONS.toLocaleString('en')} executions as XLSX and CSV through the job, against exceljs alone writing the same rows`,
  async run(ctx) {
    const base = postgresBaseUrl();
    if (!base) {
      ctx.log(POSTGRES_SKIPPED);
      ctx.target(target('export ≥ 25% of exceljs alone (PostgreSQL)', null, 0.25, () => ''));
      return;
    }
    const database = await throwAwayDatabase(base, 'faena_bench_wfx');
    const dataDir = mkdtempSync(join(tmpdir(), 'faena-bench-wfx-'));
    const db = await openPostgres(database.url, { poolSize: 6 });
    const config = loadConfig({ PUBLIC_DOMAIN: 'app.localhost', LOG_LEVEL: 'silent', SEED_DEMO: 'false', DATA_DIR: dataDir });
    const running = await boot(config, { db, logger: false, seed: false });
    await running.app.listen({ port: 0, host: '127.0.0.1' });
    const address = running.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const owner = new pg.Pool({ connectionString: database.url, max: 2 });
    try {
      const { tenant } = await createTenant(db, running.platform.bus, { subdomain: 'bench', name: 'Bench', adminEmail: 'admin@bench.test', adminPassword: 'secret-pass' });
      const call = async <T>(method: string, path: string, body?: unknown, token?: string): Promise<T> => {
        const answer = await httpJson(port, method, path, { host: HOST, ...(token ? { authorization: `Bearer ${token}` } : {}) }, body);
        if (answer.status >= 300) throw new Error(`${method} ${path} → ${answer.status} ${JSON.stringify(answer.body)}`);
        return answer.body as T;
      };
      const token = (await call<{ id_token: string }>('POST', '/api/auth/v3/sign-in/password', { email: 'admin@bench.test', password: 'secret-pass' })).id_token;
      const form = async (name: string, fields: Record<string, unknown>[]) =>
        (await call<{ id: string }>('POST', '/api/forms/v3/forms/', { name, description: fields.map((f, i) => ({ id: i + 1, required: false, skippable: false, validators: [], ...f })) }, token)).id;
      const startForm = await form('Aviso', [
        { type: 'text', name: 'title', label: 'Título' },
        { type: 'integer', name: 'amount', label: 'Monto' },
        { type: 'date', name: 'due', label: 'Fecha' },
      ]);
      const reviewForm = await form('Revisión', [
        { type: 'boolean', name: 'approved', label: 'Aprobado' },
        { type: 'text', name: 'comment', label: 'Comentario' },
      ]);
      const type = await call<{ id: string }>('POST', `${WF}/workflow-types/`, { name: 'Mantención' }, token);
      const xml = buildBpmnXml({
        nodes: [
          { id: 's', kind: 'start', formId: startForm },
          { id: 'review', kind: 'userTask', name: 'Revisión', formId: reviewForm, notify: 'none' },
          { id: 'e', kind: 'end' },
        ],
        flows: [
          { id: 'f1', from: 's', to: 'review' },
          { id: 'f2', from: 'review', to: 'e' },
        ],
      });
      const version = await call<{ id: string }>('POST', `${WF}/workflow-types/${type.id}/versions/`, { bpmn_xml: xml }, token);
      await call('POST', `${WF}/versions/${version.id}/publish/`, {}, token);

      ctx.log(`seeding ${EXECUTIONS.toLocaleString('en')} executions (a third in process at Revisión, the rest finished)`);
      const [{ person }] = (await owner.query(`SELECT id AS person FROM persons WHERE tenant_id = $1 LIMIT 1`, [tenant.id])).rows as [{ person: string }];
      await owner.query(
        `INSERT INTO workflow_executions (tenant_id, type_id, version_id, name, status, variables, started_by_person_id, created_at, updated_at, completed_at)
         SELECT $1, $2, $3, 'Mantención', CASE WHEN g % 3 = 0 THEN 'InProcess' WHEN g % 7 = 0 THEN 'Error' ELSE 'Success' END,
           jsonb_build_object('title', 'Aviso número ' || g, 'amount', g, 'due', '2026-11-' || lpad((1 + g % 28)::text, 2, '0'), 'approved', g % 2 = 0, 'comment', CASE WHEN g % 5 = 0 THEN 'Revisado en terreno, sin novedad' ELSE '' END),
           $4, now() - (g || ' seconds')::interval, now() - (g || ' seconds')::interval, CASE WHEN g % 3 = 0 THEN NULL ELSE now() END
         FROM generate_series(1, $5::int) g`,
        [tenant.id, type.id, version.id, person, EXECUTIONS],
      );
      // the open tasks of the executions in process (their current step)
      await owner.query(
        `WITH e AS (SELECT id FROM workflow_executions WHERE tenant_id = $1 AND status = 'InProcess'),
          el AS (INSERT INTO workflow_elements (tenant_id, execution_id, bpmn_id, name, type) SELECT $1, e.id, 'review', 'Revisión', 'UserTask' FROM e RETURNING id, execution_id)
         INSERT INTO workflow_user_tasks (tenant_id, id, execution_id, assignee_ids) SELECT $1, el.id, el.execution_id, ARRAY[$2::uuid] FROM el`,
        [tenant.id, person],
      );
      await owner.query('ANALYZE');

      const exportOnce = async (format: 'csv' | 'xlsx') => {
        const idle = process.memoryUsage.rss();
        const sampler = rssSampler();
        const t0 = performance.now();
        const created = await call<{ id: string }>('POST', `${WF}/workflow-types/${type.id}/executions/exports/`, { format }, token);
        let done: { status: string; rows: number; upload_id: string | null };
        for (;;) {
          done = await call('GET', `${WF}/executions-exports/${created.id}/`, undefined, token);
          if (done.status === 'DONE' || done.status === 'FAILED') break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        const seconds = (performance.now() - t0) / 1000;
        const peak = sampler.stop();
        if (done.status !== 'DONE' || done.rows !== EXECUTIONS) throw new Error(`${format} export: ${done.status}, ${done.rows} rows`);
        const [{ size }] = (await owner.query(`SELECT size FROM stored_files WHERE tenant_id = $1 AND id = $2`, [tenant.id, done.upload_id])).rows as [{ size: string }];
        return { seconds, idle, peak, size: Number(size) };
      };

      // the first export of a server pays for loading exceljs, JIT warm-up and a cold PostgreSQL cache: reported apart
      ctx.log('export as XLSX through the job (first, cold)');
      const cold = await exportOnce('xlsx');
      ctx.log('export as CSV through the job');
      const csv = await exportOnce('csv');
      ctx.log('export as XLSX through the job (again, warm)');
      const xlsx = await exportOnce('xlsx');

      ctx.log('exceljs alone writing the same rows');
      const fields: ExportField[] = [
        { name: 'title', label: 'Título', field: { id: 1, type: 'text', name: 'title', label: 'Título' } as ExportField['field'] },
        { name: 'amount', label: 'Monto', field: { id: 2, type: 'integer', name: 'amount', label: 'Monto' } as ExportField['field'] },
        { name: 'due', label: 'Fecha', field: { id: 3, type: 'date', name: 'due', label: 'Fecha' } as ExportField['field'] },
        { name: 'approved', label: 'Aprobado', field: { id: 1, type: 'boolean', name: 'approved', label: 'Aprobado' } as ExportField['field'] },
        { name: 'comment', label: 'Comentario', field: { id: 2, type: 'text', name: 'comment', label: 'Comentario' } as ExportField['field'] },
      ];
      const source = (
        await owner.query(
          `SELECT e.id, e.status, e.variables, e.started_by_person_id, e.created_at, e.updated_at, e.completed_at, CASE WHEN e.status = 'InProcess' THEN ARRAY['Revisión'] END AS steps
         FROM workflow_executions e WHERE e.tenant_id = $1 ORDER BY e.created_at DESC, e.id DESC`,
          [tenant.id],
        )
      ).rows as Parameters<typeof execCells>[0][];
      const starters = new Map([[person, { name: 'Administrador' }]]);
      const rows = source.map((r) => execCells(r, fields, starters, new Set()));
      source.length = 0;
      const { default: Excel } = await import('exceljs');
      const file = join(dataDir, 'alone.xlsx');
      const aloneIdle = process.memoryUsage.rss();
      const aloneSampler = rssSampler();
      const a0 = performance.now();
      const book = new Excel.stream.xlsx.WorkbookWriter({ stream: createWriteStream(file), useSharedStrings: false, useStyles: false });
      const sheet = book.addWorksheet('Ejecuciones');
      sheet.addRow(exportHeader(fields)).commit();
      for (const row of rows) sheet.addRow(row).commit();
      sheet.commit();
      await book.commit();
      const aloneSeconds = (performance.now() - a0) / 1000;
      const alonePeak = aloneSampler.stop();
      const aloneSize = statSync(file).size;

      const rate = (s: number) => EXECUTIONS / s;
      const ratio = rate(xlsx.seconds) / rate(aloneSeconds);
      ctx.table({
        title: `${EXECUTIONS.toLocaleString('en')} executions, 12 columns, PostgreSQL`,
        columns: ['writer', 'seconds', 'rows/s', 'of exceljs alone', 'file MB', 'idle RSS MB', 'peak RSS MB', 'growth MB'],
        rows: [
          [
            'export job, XLSX first (cold)',
            Math.round(cold.seconds * 10) / 10,
            Math.round(rate(cold.seconds)),
            pct(rate(cold.seconds) / rate(aloneSeconds)),
            Math.round((cold.size / MB) * 10) / 10,
            Math.round(cold.idle / MB),
            Math.round(cold.peak / MB),
            Math.round((cold.peak - cold.idle) / MB),
          ],
          [
            'export job, XLSX (warm)',
            Math.round(xlsx.seconds * 10) / 10,
            Math.round(rate(xlsx.seconds)),
            pct(ratio),
            Math.round((xlsx.size / MB) * 10) / 10,
            Math.round(xlsx.idle / MB),
            Math.round(xlsx.peak / MB),
            Math.round((xlsx.peak - xlsx.idle) / MB),
          ],
          [
            'export job, CSV',
            Math.round(csv.seconds * 10) / 10,
            Math.round(rate(csv.seconds)),
            pct(rate(csv.seconds) / rate(aloneSeconds)),
            Math.round((csv.size / MB) * 10) / 10,
            Math.round(csv.idle / MB),
            Math.round(csv.peak / MB),
            Math.round((csv.peak - csv.idle) / MB),
          ],
          [
            'exceljs alone, XLSX',
            Math.round(aloneSeconds * 10) / 10,
            Math.round(rate(aloneSeconds)),
            '100.0%',
            Math.round((aloneSize / MB) * 10) / 10,
            Math.round(aloneIdle / MB),
            Math.round(alonePeak / MB),
            Math.round((alonePeak - aloneIdle) / MB),
          ],
        ],
        notes: [
          "export job: from the POST to the export polled as DONE — the count, pages of 1,000 executions (their open steps and starters), the cells as the answer display words them, exceljs's streaming writer (or Papa for CSV) into the document manager's storage through a SHA-256 transform, progress written after each page, the stored_files row.",
          'exceljs alone: the same cell texts computed beforehand (held in memory, not timed) written with the same streaming writer to a local file.',
          'RSS is the whole bench process (server, PostgreSQL client pools, the bench itself): idle is just before the export, peak the highest of samples every 20 ms during it. The exceljs-alone row holds all its rows in memory before it starts, so its idle is higher.',
        ],
      });
      ctx.data.export = { cold, xlsx, csv, alone: { seconds: aloneSeconds, idle: aloneIdle, peak: alonePeak, size: aloneSize } };
      ctx.target(target('XLSX export (warm) ≥ 25% of exceljs alone (PostgreSQL)', ratio, 0.25, (m) => `${pct(m)} of exceljs alone (target ≥ 25%)`));
      ctx.target(
        target('XLSX export peak RSS growth ≤ 256 MB over idle (streams)', (xlsx.peak - xlsx.idle) / MB, 256, (m) => `${Math.round(m)} MB over an idle ${Math.round(xlsx.idle / MB)} MB`, false),
      );
    } finally {
      await owner.end();
      await running.close();
      await db.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

export default bench;
