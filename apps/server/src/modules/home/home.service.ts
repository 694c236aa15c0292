import type { THomeFeed } from '@faena/contracts';
import { FieldErrors, problem } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { HOME_SECTIONS, quickActions, type HomeClock } from './home.sections.ts';

function dayStart(nowMs: number, tz: string): { todayMs: number; tomorrowMs: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' })
      .formatToParts(nowMs)
      .map((p) => [p.type, p.value]),
  );
  const sinceMidnight = ((Number(parts.hour) * 60 + Number(parts.minute)) * 60 + Number(parts.second)) * 1000 + (nowMs % 1000);
  const todayMs = nowMs - sinceMidnight;
  return { todayMs, tomorrowMs: todayMs + 86_400_000 };
}

/**
 * "What do I do now", in one round trip (decision 027): every section from its module's face,
 * each in its own short read, in one request.
 */
export async function homeFeed(ctx: Ctx, query: { tz?: string | undefined }, nowMs = Date.now()): Promise<THomeFeed> {
  const signed = signedIn(ctx);
  const tz = query.tz ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
  } catch {
    throw new FieldErrors({ tz: [problem('invalid-timezone', 'Unknown time zone.')] });
  }
  const clock: HomeClock = { nowMs, ...dayStart(nowMs, tz) };
  const feed: THomeFeed = { generated_at: new Date(nowMs).toISOString(), activities: null, tasks: null, posts: null, quick_actions: quickActions(signed) };
  const loaded = await Promise.all(HOME_SECTIONS.map(async (section) => [section.key, await section.load(signed, clock)] as const));
  for (const [key, value] of loaded) Object.assign(feed, { [key]: value });
  return feed;
}
