import { createHash, createHmac, randomBytes } from 'node:crypto';
import { AppError } from '../../platform/errors.ts';
import { signedIn, type Ctx } from '../../platform/http/context.ts';
import { ensureSecret } from '../../platform/secrets.ts';
import { audiencesOfPerson } from '../audiences/index.ts';
import { locationNames, venueNames } from '../catalogs/index.ts';
import { feedSeries, feedToken, personOfFeed, saveFeedToken } from './activities.repository.ts';
import { calendarText, occurrenceEvent, seriesEvents, zonesOf } from './activities.ics.ts';
import { locateOccurrence, seriesBundle } from './activities.service.ts';

export const FEED_PATH = '/api/activities/v3/calendar-feed';
const SECRET = 'activities.calendar-feed';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function feedSecret(ctx: Ctx): Promise<string> {
  return ensureSecret(ctx.platform.db, SECRET, () => randomBytes(32).toString('base64url'));
}

function tokenFor(secret: string, ctx: Ctx, personId: string, generation: number): string {
  return createHmac('sha256', secret).update(`${ctx.tenant.id}:${personId}:${generation}`).digest('base64url');
}

/**
 * The caller's secret feed address (absolute, on the tenant's host). The token is derived from a
 * server secret, so it can be shown again; the database keeps only its hash.
 */
export async function calendarFeed(ctx: Ctx, reset = false): Promise<{ url: string }> {
  const { caller } = signedIn(ctx);
  // the secret first: it is read in a transaction of its own
  const secret = await feedSecret(ctx);
  const token = await ctx.tx(
    async (tx) => {
      const current = await feedToken(tx, ctx.tenant.id, caller.personId);
      const generation = current === null ? 1 : reset ? current.generation + 1 : current.generation;
      const value = tokenFor(secret, ctx, caller.personId, generation);
      if (current === null || reset) await saveFeedToken(tx, ctx.tenant.id, caller.personId, generation, sha256(value));
      return value;
    },
    reset ? { audit: 'activities.calendar-feed.reset' } : {},
  );
  return { url: `${ctx.origin}${FEED_PATH}/${token}.ics` };
}

/** The feed of the person a token belongs to: their series as VEVENTs. 404 for an unknown or reset token. */
export async function feedCalendar(ctx: Ctx, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw new AppError('not-found', 'Calendar not found.');
  return ctx.tx(async (tx) => {
    const personId = await personOfFeed(tx, ctx.tenant.id, sha256(token));
    if (!personId) throw new AppError('not-found', 'Calendar not found.');
    const audiences = await audiencesOfPerson(tx, ctx.tenant.id, personId);
    // the series, their category names and exceptions in one statement; venue and location names in one each
    const series = await feedSeries(
      tx,
      ctx.tenant.id,
      personId,
      audiences.map((a) => a.id),
    );
    const venues = await venueNames(
      tx,
      ctx.tenant.id,
      series.flatMap((s) => (s.venueId ? [s.venueId] : [])),
    );
    const locations = await locationNames(
      tx,
      ctx.tenant.id,
      series.flatMap((s) => (s.locationId ? [s.locationId] : [])),
    );
    const events = series.flatMap((s) =>
      seriesEvents({
        row: s,
        exceptions: s.exceptions,
        categories: s.categories,
        location: locationText(s.venueId ? venues.get(s.venueId) : undefined, s.locationId ? locations.get(s.locationId) : undefined),
      }),
    );
    return calendarText(events, zonesOf(series), `Faena — ${ctx.tenant.name}`);
  });
}

function locationText(venue: string | undefined, location: string | undefined): string | null {
  const parts = [location, venue].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** One occurrence as a downloadable .ics (same visibility as the occurrence). */
export async function occurrenceCalendar(ctx: Ctx, id: string, recurrenceId: string): Promise<{ text: string; filename: string }> {
  const signed = signedIn(ctx);
  return ctx.tx(async (tx) => {
    const { row, parts } = await locateOccurrence(signed, tx, id, recurrenceId);
    const { names } = await seriesBundle(tx, ctx.tenant.id, [row]);
    const startMs = parts.exception?.startAt?.getTime() ?? parts.originalStartMs;
    const event = occurrenceEvent(
      row,
      parts.recurrenceId,
      startMs,
      parts.exception?.durationMinutes ?? row.durationMinutes,
      parts.exception?.title ?? row.title,
      locationText(row.venueId ? names.venues.get(row.venueId) : undefined, row.locationId ? names.locations.get(row.locationId) : undefined),
      parts.categories.map((cid) => names.categories.get(cid) ?? '').filter(Boolean),
    );
    return { text: calendarText([event], zonesOf([{ timezone: row.timezone, start: new Date(startMs).toISOString().slice(0, 16) }])), filename: `actividad-${parts.recurrenceId}.ics` };
  });
}
