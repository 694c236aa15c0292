import type { InfiniteData } from '@tanstack/react-query';
import type { TInboxNotification, TInboxPage } from '@faena/contracts';

/** Spec §9: the inbox is read in pages of 20 (offset = (page - 1) * 20). */
export const INBOX_PAGE_SIZE = 20;
/** Spec §9: the unread badge shows at most 99, then "99+". */
export const UNREAD_BADGE_CAP = 99;

export type NotificationType = 'Activity' | 'Import' | 'Post' | 'Unknown';

/** Spec §3, client form of an inbox notification. */
export interface InboxNotification {
  id: string;
  title: string;
  body: string;
  createdAt: string;
  read: boolean;
  type: NotificationType;
  action: string;
  /** For activities: the activity the notification is about; for imports: the job. */
  contextId?: string;
  /** The server's context type (System, Report, Incident, …), to pick an icon. */
  contextType: string;
  /** Where the notification opens, when its module says (an address inside the app). */
  path?: string;
}

/** Only an address of this app (one leading slash, no scheme, no other host). */
const isAppPath = (path: unknown): path is string => typeof path === 'string' && /^\/(?![/\\])/.test(path);

export type InboxData = InfiniteData<TInboxPage, unknown>;

export function offsetOfPage(page: number, pageSize = INBOX_PAGE_SIZE): number {
  return (Math.max(1, page) - 1) * pageSize;
}

export function toClientNotification(item: TInboxNotification): InboxNotification {
  const { context } = item;
  const hasId = typeof context.id === 'string' && context.id !== '';
  const isActivity = context.type === 'Activity' && hasId;
  const isImport = context.type === 'Import' && hasId;
  const isPost = context.type === 'Post' && hasId;
  return {
    id: item.notificationId,
    title: item.summary.title,
    body: item.summary.body,
    createdAt: item.requestedAt,
    read: item.checkedAt !== undefined && item.checkedAt !== null,
    type: isActivity ? 'Activity' : isImport ? 'Import' : isPost ? 'Post' : 'Unknown',
    action: context.action,
    ...(isActivity || isImport || isPost ? { contextId: context.id } : {}),
    contextType: item.context.type,
    ...(isAppPath(context.path) ? { path: context.path } : {}),
  };
}

/** The badge text: nothing at 0, the count up to 99, then "99+". */
export function formatUnreadBadge(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(Math.floor(count));
}

/**
 * Where an Activity notification leads: the activity link shape /activities/{public_id}/{recurrenceId}
 * (spec, forms §2). The context carries one id; "public_id/recurrence" or "public_id:recurrence" are
 * split, a bare id opens the activity's current occurrence.
 */
export const CURRENT_OCCURRENCE = 'current';

const CATALOG_IMPORTS = new Set(['venues', 'locations', 'venue-categories', 'business-lines', 'blueprints', 'companies', 'stores']);

/**
 * Where each import family shows a job (the directory's bulk-load screens). An import notification
 * names the job only; `GET /api/resources/v3/imports/jobs/{id}/` tells its creator the kind and, for
 * data-source rows, the data source.
 */
export function importJobPath(job: { id: number | string; kind: string; data_source?: string | null }): string | null {
  const id = encodeURIComponent(String(job.id));
  if (job.kind === 'people') return `/people-bulk-load/${id}`;
  if (job.kind === 'positions') return `/positions/upload/${id}`;
  if (job.kind === 'data-source-rows') return job.data_source ? `/fuentes-de-datos/${encodeURIComponent(job.data_source)}/carga-masiva/${id}` : null;
  if (CATALOG_IMPORTS.has(job.kind)) return `/${job.kind}/import/${id}`;
  return null;
}

export function notificationPath(notification: Pick<InboxNotification, 'type' | 'contextId' | 'path'>): string | null {
  // the module said where it opens
  if (notification.path) return notification.path;
  // a post's notification (kind new_post) opens the post
  if (notification.type === 'Post' && notification.contextId) return `/posts/${encodeURIComponent(notification.contextId)}`;
  if (notification.type !== 'Activity' || !notification.contextId) return null;
  const [publicId = '', recurrence] = notification.contextId.split(/[/:]/, 2);
  if (!publicId) return null;
  return `/activities/${encodeURIComponent(publicId)}/${encodeURIComponent(recurrence || CURRENT_OCCURRENCE)}`;
}

/** Spec §3 paged list: the next page is page + 1 unless the last one came back empty or everything is loaded. */
export function nextInboxPage(lastPage: TInboxPage, lastPageParam: number): number | undefined {
  if (lastPage.data.length === 0) return undefined;
  if (lastPage.pagination.offset + lastPage.data.length >= lastPage.pagination.total) return undefined;
  return lastPageParam + 1;
}

/** Every loaded notification once, newest first (a page read after new arrivals repeats items). */
export function flattenInbox(data: InboxData | undefined): InboxNotification[] {
  if (!data) return [];
  const seen = new Set<string>();
  const out: InboxNotification[] = [];
  for (const page of data.pages) {
    for (const item of page.data) {
      if (seen.has(item.notificationId)) continue;
      seen.add(item.notificationId);
      out.push(toClientNotification(item));
    }
  }
  return out;
}

export function unreadCountOf(data: InboxData | undefined): number {
  return data?.pages[0]?.pagination.totalUnread ?? 0;
}

export function totalOf(data: InboxData | undefined): number {
  return data?.pages[0]?.pagination.total ?? 0;
}

function mapPages(data: InboxData, change: (page: TInboxPage) => TInboxPage): InboxData {
  return { ...data, pages: data.pages.map(change) };
}

/** Optimistic "read": checkedAt set on the item (in every page it appears), one unread less. */
export function markReadInInbox(data: InboxData, id: string, at: string): InboxData {
  const wasUnread = data.pages.some((page) => page.data.some((item) => item.notificationId === id && !item.checkedAt));
  return mapPages(data, (page) => ({
    ...page,
    data: page.data.map((item) => (item.notificationId === id && !item.checkedAt ? { ...item, checkedAt: at } : item)),
    pagination: { ...page.pagination, totalUnread: wasUnread ? Math.max(0, page.pagination.totalUnread - 1) : page.pagination.totalUnread },
  }));
}

export function markAllReadInInbox(data: InboxData, at: string): InboxData {
  return mapPages(data, (page) => ({
    ...page,
    data: page.data.map((item) => (item.checkedAt ? item : { ...item, checkedAt: at })),
    pagination: { ...page.pagination, totalUnread: 0 },
  }));
}

/** Optimistic delete: the item leaves the list at once. */
export function removeFromInbox(data: InboxData, id: string): InboxData {
  const removed = data.pages.flatMap((page) => page.data).find((item) => item.notificationId === id);
  if (!removed) return data;
  return mapPages(data, (page) => ({
    ...page,
    data: page.data.filter((item) => item.notificationId !== id),
    pagination: {
      ...page.pagination,
      total: Math.max(0, page.pagination.total - 1),
      totalUnread: removed.checkedAt ? page.pagination.totalUnread : Math.max(0, page.pagination.totalUnread - 1),
    },
  }));
}
