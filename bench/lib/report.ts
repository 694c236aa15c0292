/** What a benchmark hands back to bench/run.ts: tables to print, targets to mark, raw data to keep. */

export type Cell = string | number | null;

export interface Table {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** Lines printed under the table (what the columns mean, caveats). */
  notes?: string[];
}

export type Verdict = 'PASS' | 'MISS' | 'SKIP';

export interface Target {
  name: string;
  verdict: Verdict;
  /** measured vs wanted, in words: "83.1% of bare (target ≥ 70%)". */
  detail: string;
}

export interface BenchReport {
  tables: Table[];
  targets: Target[];
  /** Anything worth keeping in the JSON file (raw load-generator summaries, settings). */
  data: Record<string, unknown>;
}

export interface BenchContext {
  /** Progress line (stderr), so the tables stay readable on stdout. */
  log(message: string): void;
  /** Prints a table as soon as it is ready (it is also kept for the final JSON). */
  table(table: Table): void;
  target(target: Target): void;
  data: Record<string, unknown>;
}

export interface Benchmark {
  /** One line saying what is measured. */
  title: string;
  run(ctx: BenchContext): Promise<void>;
}

export function target(name: string, measured: number | null, wanted: number, detail: (measured: number) => string, higherIsBetter = true): Target {
  if (measured === null || !Number.isFinite(measured)) return { name, verdict: 'SKIP', detail: 'not measured in this run' };
  const pass = higherIsBetter ? measured >= wanted : measured <= wanted;
  return { name, verdict: pass ? 'PASS' : 'MISS', detail: detail(measured) };
}

export function formatCell(cell: Cell): string {
  if (cell === null) return '—';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return '—';
    if (Number.isInteger(cell)) return String(cell);
    return Math.abs(cell) >= 100 ? cell.toFixed(0) : Math.abs(cell) >= 10 ? cell.toFixed(1) : cell.toFixed(2);
  }
  return cell;
}

export function renderTable(table: Table): string {
  const cells = table.rows.map((row) => row.map(formatCell));
  const widths = table.columns.map((column, i) => Math.max(column.length, ...cells.map((row) => (row[i] ?? '').length)));
  const line = (values: string[]) =>
    values
      .map((value, i) => (i === 0 ? value.padEnd(widths[i]!) : value.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [`## ${table.title}`, line(table.columns), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const row of cells) out.push(line(row));
  for (const note of table.notes ?? []) out.push(`  ${note}`);
  return out.join('\n');
}

export function renderTarget(t: Target): string {
  return `${t.verdict.padEnd(4)}  ${t.name}: ${t.detail}`;
}

export const pct = (ratio: number) => `${(ratio * 100).toFixed(1)}%`;
