import { HOME_SECTION_LIMIT, type THomeFeed, type THomeTask, type TOccurrence, type TPostSummary } from '@faena/contracts';
import type { SignedInCtx } from '../../platform/http/context.ts';
import { listOccurrences } from '../activities/index.ts';
import { postsFeed } from '../posts/index.ts';
import { myTasks } from '../workflows/index.ts';

const DAY_MS = 86_400_000;
/** How far back an overdue activity is still "to do now". */
export const OVERDUE_DAYS = 14;

export interface HomeClock {
  nowMs: number;
  /** Start and end of the viewer's today. */
  todayMs: number;
  tomorrowMs: number;
}

type Sections = Omit<THomeFeed, 'generated_at' | 'quick_actions'>;

/**
 * One section of the home feed, read from its module's face. A module adds itself with one entry
 * here (checklists to do, when that module offers a read of them); a section the person may not
 * use answers null and the page hides it.
 */
interface HomeSection<K extends keyof Sections> {
  key: K;
  load(ctx: SignedInCtx, clock: HomeClock): Promise<Sections[K]>;
}

/** Overdue first, then by start. */
const activities: HomeSection<'activities'> = {
  key: 'activities',
  async load(ctx, clock) {
    if (!ctx.caller.permissions.has('VIEW_TASKS')) return null;
    const { results } = await listOccurrences(ctx, { from: new Date(clock.todayMs - OVERDUE_DAYS * DAY_MS).toISOString(), to: new Date(clock.tomorrowMs).toISOString(), mine: true }, clock.nowMs);
    const overdue: TOccurrence[] = [];
    const today: TOccurrence[] = [];
    for (const o of results) {
      if (o.status === 'EXPIRED') overdue.push(o);
      else if (Date.parse(o.startDate) >= clock.todayMs && o.status !== 'CANCELLED') today.push(o);
    }
    const byStart = (a: TOccurrence, b: TOccurrence) => Date.parse(a.startDate) - Date.parse(b.startDate);
    overdue.sort(byStart);
    today.sort(byStart);
    return { overdue: overdue.slice(0, HOME_SECTION_LIMIT), today: today.slice(0, HOME_SECTION_LIMIT), count: overdue.length + today.length };
  },
};

/** Overdue first, then due soonest, then oldest. */
const tasks: HomeSection<'tasks'> = {
  key: 'tasks',
  async load(ctx, clock) {
    const { results } = await myTasks(ctx);
    const items: THomeTask[] = results.map((t) => ({
      id: t.id,
      name: t.name,
      summary: t.summary,
      due_at: t.due_at,
      is_overdue: t.due_at !== null && Date.parse(t.due_at) < clock.nowMs,
      created_at: t.created_at,
      execution: t.execution,
      workflow_type: t.workflow_type,
      version: { id: t.version.id },
    }));
    const due = (t: THomeTask) => (t.due_at ? Date.parse(t.due_at) : Number.POSITIVE_INFINITY);
    items.sort((a, b) => due(a) - due(b) || Date.parse(a.created_at) - Date.parse(b.created_at));
    return { results: items.slice(0, HOME_SECTION_LIMIT), count: items.length };
  },
};

/** Awaiting my acknowledgement first, then unread, then the latest. */
const posts: HomeSection<'posts'> = {
  key: 'posts',
  async load(ctx) {
    // the feed puts pinned, then unread or awaiting acknowledgement first: its first page holds what matters
    const page = await postsFeed(ctx, { page: 1, page_size: 50 });
    const awaiting = (p: TPostSummary) => p.requires_ack && p.acknowledged_at === null;
    const unread = (p: TPostSummary) => p.read_at === null;
    const rank = (p: TPostSummary) => (awaiting(p) ? 0 : unread(p) ? 1 : 2);
    const sorted = [...page.results].sort((a, b) => rank(a) - rank(b) || Date.parse(b.publish_at ?? b.created_at) - Date.parse(a.publish_at ?? a.created_at));
    return { results: sorted.slice(0, 5), awaiting_ack: page.results.filter(awaiting).length, unread: page.results.filter(unread).length };
  },
};

export const HOME_SECTIONS = [activities, tasks, posts] as const;

/** Quick actions, by permission: where the person can start something. */
export function quickActions(ctx: SignedInCtx): THomeFeed['quick_actions'] {
  const has = (key: string) => ctx.caller.permissions.has(key);
  const out: THomeFeed['quick_actions'] = [];
  if (has('MANAGE_TASKS')) out.push({ key: 'new-activity', to: '/activities/create' });
  if (has('MANAGE_POSTS')) out.push({ key: 'new-post', to: '/posts/new' });
  if (has('VIEW_WF')) out.push({ key: 'start-workflow', to: '/workflows' });
  if (has('VIEW_REPORTS')) out.push({ key: 'reports', to: '/reports/list' });
  out.push({ key: 'links', to: '/links' });
  return out;
}
