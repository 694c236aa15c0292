import { z } from 'zod';
import { ZOccurrence } from './activities.ts';
import { ZPostSummary } from './posts.ts';

/**
 * The home feed — /api/home/v3/feed/ (decision 027): "what do I do now", in one round trip.
 * Each section comes from its module's face; a section the person cannot use is absent (null).
 */
export const HOME_BASE = '/api/home/v3';
/** At most this many items per section; `count` says how many there are. */
export const HOME_SECTION_LIMIT = 10;

export const ZHomeFeedQuery = z.object({
  /** The viewer's IANA zone: what "today" is. */
  tz: z.string().max(64).optional(),
});

export const ZHomeTask = z
  .object({
    id: z.string(),
    name: z.string(),
    summary: z.string(),
    due_at: z.string().nullable(),
    is_overdue: z.boolean(),
    created_at: z.string(),
    execution: z.string(),
    workflow_type: z.object({ id: z.string(), name: z.string() }),
    /** The version the execution runs: with the type and execution, where the task opens (taskPath). */
    version: z.object({ id: z.string() }),
  })
  .meta({ id: 'HomeTask' });
export type THomeTask = z.infer<typeof ZHomeTask>;

export const HOME_QUICK_ACTIONS = ['new-activity', 'new-post', 'start-workflow', 'reports', 'links'] as const;
export type THomeQuickAction = (typeof HOME_QUICK_ACTIONS)[number];

export const ZHomeFeed = z
  .object({
    generated_at: z.string(),
    activities: z.object({ overdue: z.array(ZOccurrence), today: z.array(ZOccurrence), count: z.number().int() }).nullable(),
    tasks: z.object({ results: z.array(ZHomeTask), count: z.number().int() }).nullable(),
    posts: z.object({ results: z.array(ZPostSummary), awaiting_ack: z.number().int(), unread: z.number().int() }).nullable(),
    quick_actions: z.array(z.object({ key: z.enum(HOME_QUICK_ACTIONS), to: z.string() })),
  })
  .meta({ id: 'HomeFeed' });
export type THomeFeed = z.infer<typeof ZHomeFeed>;
