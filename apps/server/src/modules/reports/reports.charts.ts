import type { TChartData, TReportGrouping } from '@faena/contracts';
import type { Drizzle } from '../../platform/db/database.ts';
import { occurrencesForReports } from '../activities/index.ts';
import { scoresForReports } from '../checklists/index.ts';
import { personSummaries } from '../people/index.ts';
import { executionsForReports } from '../workflows/index.ts';

/** The window a chart counts: whole days [from, to] in `tz`, and their instants. */
export interface ChartRange {
  from: string;
  to: string;
  fromMs: number;
  toMs: number;
  tz: string;
}

export interface ChartSpec {
  key: string;
  groupings: readonly TReportGrouping[];
  defaultGrouping: TReportGrouping;
  compute(tx: Drizzle, tenantId: string, range: ChartRange, grouping: TReportGrouping, nowMs: number): Promise<TChartData>;
}

const PERIODS = new Set<TReportGrouping>(['day', 'week', 'month']);
const DAY_MS = 86_400_000;

const dayFormat = new Map<string, Intl.DateTimeFormat>();
/** The calendar day (YYYY-MM-DD) an instant falls on in `tz`. */
export function dayOf(ms: number, tz: string): string {
  let format = dayFormat.get(tz);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormat.set(tz, format);
  }
  return format.format(ms);
}

/** The instant a calendar day starts in `tz` (its offset read at noon UTC of that day, then corrected once). */
export function startOfDay(day: string, tz: string): number {
  const utc = Date.parse(`${day}T00:00:00Z`);
  const offset = (ms: number) => {
    const name = new Intl.DateTimeFormat('en-US', { timeZone: tz, timeZoneName: 'longOffset' }).formatToParts(ms).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
    return match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) * 60_000 : 0;
  };
  const guess = utc - offset(utc + DAY_MS / 2);
  return utc - offset(guess);
}

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

/** The bucket of a day: itself, the Monday of its ISO week, or its month. */
export function bucketOf(day: string, grouping: TReportGrouping): string {
  if (grouping === 'month') return day.slice(0, 7);
  if (grouping === 'week') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    return addDays(day, -weekday);
  }
  return day;
}

/** Every bucket of the range in order, so that empty periods show as zero. */
export function bucketsOf(range: Pick<ChartRange, 'from' | 'to'>, grouping: TReportGrouping): string[] {
  const out: string[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const bucket = bucketOf(day, grouping);
    if (out[out.length - 1] !== bucket) out.push(bucket);
  }
  return out;
}

/** Counts into points: period buckets in order (all of them), others by their label. */
class Tally {
  private readonly points = new Map<string, { key: string; label: string; values: Record<string, number> }>();
  private readonly series: readonly string[];
  constructor(series: readonly string[]) {
    this.series = series;
  }
  seed(keys: readonly string[]) {
    for (const key of keys) this.point(key, key);
  }
  point(key: string, label: string) {
    let point = this.points.get(key);
    if (!point) {
      point = { key, label, values: Object.fromEntries(this.series.map((s) => [s, 0])) };
      this.points.set(key, point);
    }
    return point;
  }
  add(key: string, label: string, serie: string, n = 1) {
    const point = this.point(key, label);
    point.values[serie] = (point.values[serie] ?? 0) + n;
  }
  list(sortByLabel: boolean) {
    const list = [...this.points.values()];
    if (sortByLabel) list.sort((a, b) => (a.label === '' ? 1 : b.label === '' ? -1 : a.label.localeCompare(b.label, 'es')));
    return list;
  }
}

const totalsOf = (series: readonly string[], points: TChartData['points']) => Object.fromEntries(series.map((s) => [s, points.reduce((sum, p) => sum + (p.values[s] ?? 0), 0)]));

const ACTIVITY_SERIES = ['completed', 'cancelled', 'missed', 'pending'] as const;
const activityCompletion: ChartSpec = {
  key: 'activity-completion',
  groupings: ['week', 'day', 'month', 'responsible', 'category'],
  defaultGrouping: 'week',
  async compute(tx, tenantId, range, grouping, nowMs) {
    const occurrences = await occurrencesForReports(tx, tenantId, new Date(range.fromMs), new Date(range.toMs), nowMs);
    const tally = new Tally(ACTIVITY_SERIES);
    const periods = PERIODS.has(grouping);
    if (periods) tally.seed(bucketsOf(range, grouping));
    for (const o of occurrences) {
      // a planner's cancelled occurrence without a completion is not an occurrence any more
      if (o.raw_status === 'CANCELLED' && o.completion === null) continue;
      const serie = o.status === 'COMPLETED' ? 'completed' : o.status === 'CANCELLED' ? 'cancelled' : o.status === 'EXPIRED' ? 'missed' : 'pending';
      if (periods) {
        tally.add(bucketOf(dayOf(Date.parse(o.startDate), range.tz), grouping), '', serie);
      } else if (grouping === 'responsible') {
        if (o.responsible.length === 0) tally.add('', '', serie);
        for (const person of o.responsible) tally.add(person.passport, person.name, serie);
      } else {
        if (o.categories.length === 0) tally.add('', '', serie);
        for (const category of o.categories) tally.add(category.id, category.name, serie);
      }
    }
    const points = tally.list(!periods).map((p) => (periods ? { ...p, label: p.key } : p));
    return { chart: this.key, type: 'bar', stacked: true, unit: 'count', grouping, from: range.from, to: range.to, series: [...ACTIVITY_SERIES], points, totals: totalsOf(ACTIVITY_SERIES, points) };
  },
};

const THROUGHPUT_SERIES = ['started', 'finished'] as const;
const workflowThroughput: ChartSpec = {
  key: 'workflow-throughput',
  groupings: ['week', 'day', 'month', 'type'],
  defaultGrouping: 'week',
  async compute(tx, tenantId, range, grouping) {
    const executions = await executionsForReports(tx, tenantId, new Date(range.fromMs), new Date(range.toMs));
    const tally = new Tally(THROUGHPUT_SERIES);
    const periods = PERIODS.has(grouping);
    if (periods) tally.seed(bucketsOf(range, grouping));
    const inRange = (ms: number) => ms >= range.fromMs && ms < range.toMs;
    for (const e of executions) {
      const count = (ms: number, serie: string) => {
        if (!inRange(ms)) return;
        if (periods) tally.add(bucketOf(dayOf(ms, range.tz), grouping), '', serie);
        else tally.add(e.typeId, e.typeName, serie);
      };
      count(e.startedAt.getTime(), 'started');
      if (e.completedAt) count(e.completedAt.getTime(), 'finished');
    }
    const points = tally.list(!periods).map((p) => (periods ? { ...p, label: p.key } : p));
    return {
      chart: this.key,
      type: periods ? 'line' : 'bar',
      stacked: false,
      unit: 'count',
      grouping,
      from: range.from,
      to: range.to,
      series: [...THROUGHPUT_SERIES],
      points,
      totals: totalsOf(THROUGHPUT_SERIES, points),
    };
  },
};

const workflowLeadTime: ChartSpec = {
  key: 'workflow-lead-time',
  groupings: ['type', 'week', 'month'],
  defaultGrouping: 'type',
  async compute(tx, tenantId, range, grouping) {
    const executions = await executionsForReports(tx, tenantId, new Date(range.fromMs), new Date(range.toMs));
    const periods = PERIODS.has(grouping);
    const sums = new Map<string, { label: string; hours: number; n: number }>();
    if (periods) for (const key of bucketsOf(range, grouping)) sums.set(key, { label: key, hours: 0, n: 0 });
    let allHours = 0;
    let all = 0;
    for (const e of executions) {
      if (!e.completedAt || e.completedAt.getTime() < range.fromMs || e.completedAt.getTime() >= range.toMs) continue;
      const hours = (e.completedAt.getTime() - e.startedAt.getTime()) / 3_600_000;
      const key = periods ? bucketOf(dayOf(e.completedAt.getTime(), range.tz), grouping) : e.typeId;
      const entry = sums.get(key) ?? { label: periods ? key : e.typeName, hours: 0, n: 0 };
      entry.hours += hours;
      entry.n += 1;
      sums.set(key, entry);
      allHours += hours;
      all += 1;
    }
    const round = (n: number) => Math.round(n * 10) / 10;
    let points = [...sums.entries()].map(([key, s]) => ({ key, label: s.label, values: { average_hours: s.n > 0 ? round(s.hours / s.n) : 0, finished: s.n } }));
    if (!periods) points = points.sort((a, b) => b.values.average_hours - a.values.average_hours);
    return {
      chart: this.key,
      type: 'bar',
      stacked: false,
      unit: 'hours',
      grouping,
      from: range.from,
      to: range.to,
      series: ['average_hours'],
      points,
      totals: { average_hours: all > 0 ? round(allHours / all) : 0, finished: all },
    };
  },
};

const checklistScores: ChartSpec = {
  key: 'checklist-scores',
  groupings: ['week', 'day', 'month', 'checklist', 'category', 'responsible'],
  defaultGrouping: 'week',
  async compute(tx, tenantId, range, grouping) {
    const facts = await scoresForReports(tx, tenantId, new Date(range.fromMs), new Date(range.toMs));
    const periods = PERIODS.has(grouping);
    const people =
      grouping === 'responsible'
        ? await personSummaries(
            tx,
            tenantId,
            facts.map((f) => f.executedByPersonId),
          )
        : new Map<string, { name: string }>();
    const sums = new Map<string, { label: string; score: number; scored: number; n: number; failed: number }>();
    if (periods) for (const key of bucketsOf(range, grouping)) sums.set(key, { label: key, score: 0, scored: 0, n: 0, failed: 0 });
    const all = { score: 0, scored: 0, n: 0, failed: 0 };
    for (const f of facts) {
      const [key, label] = periods
        ? [bucketOf(dayOf(f.submittedAt.getTime(), range.tz), grouping), '']
        : grouping === 'checklist'
          ? [f.checklistId, f.checklistName]
          : grouping === 'category'
            ? [f.categoryId ?? '', f.categoryName]
            : [f.executedByPersonId, people.get(f.executedByPersonId)?.name ?? ''];
      const entry = sums.get(key) ?? { label: periods ? key : label, score: 0, scored: 0, n: 0, failed: 0 };
      for (const total of [entry, all]) {
        total.n += 1;
        if (f.failed) total.failed += 1;
        if (f.score !== null) {
          total.score += f.score;
          total.scored += 1;
        }
      }
      sums.set(key, entry);
    }
    const round = (n: number) => Math.round(n * 10) / 10;
    const average = (s: { score: number; scored: number }) => (s.scored > 0 ? round(s.score / s.scored) : 0);
    let points = [...sums.entries()].map(([key, s]) => ({ key, label: s.label, values: { average_score: average(s), executions: s.n, failed_executions: s.failed } }));
    // worst first: who or what needs attention
    if (!periods) points = points.sort((a, b) => a.values.average_score - b.values.average_score || a.label.localeCompare(b.label, 'es'));
    return {
      chart: this.key,
      type: periods ? 'line' : 'bar',
      stacked: false,
      unit: 'percent',
      grouping,
      from: range.from,
      to: range.to,
      series: ['average_score'],
      points,
      totals: { average_score: average(all), executions: all.n, failed_executions: all.failed },
    };
  },
};

/**
 * The built-in charts (decision 027): each counts one module's data through that module's face.
 * Adding a chart is one entry.
 */
export const CHARTS: ReadonlyMap<string, ChartSpec> = new Map([activityCompletion, workflowThroughput, workflowLeadTime, checklistScores].map((spec) => [spec.key, spec]));

export function isZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The range a chart counts: the given days, or the last `rangeDays` days up to today, in `tz`. */
export function rangeOf(query: { from?: string | undefined; to?: string | undefined }, rangeDays: number, tz: string, nowMs: number): ChartRange {
  const to = query.to ?? dayOf(nowMs, tz);
  const from = query.from ?? addDays(to, -(rangeDays - 1));
  return { from, to, fromMs: startOfDay(from, tz), toMs: startOfDay(addDays(to, 1), tz), tz };
}
