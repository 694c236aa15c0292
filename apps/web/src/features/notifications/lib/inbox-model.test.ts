import { describe, expect, it } from 'vitest';
import type { TInboxNotification, TInboxPage } from '@faena/contracts';
import {
  flattenInbox,
  formatUnreadBadge,
  importJobPath,
  markAllReadInInbox,
  markReadInInbox,
  nextInboxPage,
  notificationPath,
  offsetOfPage,
  removeFromInbox,
  toClientNotification,
  type InboxData,
} from './inbox-model.ts';

function item(id: string, read = false, context: TInboxNotification['context'] = { type: 'System', action: 'test' }): TInboxNotification {
  return { notificationId: id, summary: { title: `T ${id}`, body: `B ${id}` }, requestedAt: '2025-03-01T12:00:00.000Z', ...(read ? { checkedAt: '2025-03-01T13:00:00.000Z' } : {}), context };
}

function page(items: TInboxNotification[], offset: number, total: number, totalUnread: number): TInboxPage {
  return { data: items, pagination: { total, offset, limit: 20, totalUnread } };
}

describe('unread badge (spec §9: capped at 99)', () => {
  it('shows nothing at 0, the count up to 99, then 99+', () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(-3)).toBeNull();
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(99)).toBe('99');
    expect(formatUnreadBadge(100)).toBe('99+');
    expect(formatUnreadBadge(12_345)).toBe('99+');
  });
});

describe('pages of 20 (spec §7, §9)', () => {
  it('offset = (page - 1) * 20', () => {
    expect(offsetOfPage(1)).toBe(0);
    expect(offsetOfPage(2)).toBe(20);
    expect(offsetOfPage(5)).toBe(80);
  });
  it('the next page is page + 1 until everything is loaded or a page comes back empty', () => {
    const full = page(
      Array.from({ length: 20 }, (_, i) => item(`n${i}`)),
      0,
      45,
      3,
    );
    expect(nextInboxPage(full, 1)).toBe(2);
    expect(
      nextInboxPage(
        page(
          Array.from({ length: 5 }, (_, i) => item(`m${i}`)),
          40,
          45,
          3,
        ),
        3,
      ),
    ).toBeUndefined();
    expect(nextInboxPage(page([], 60, 80, 0), 4)).toBeUndefined();
  });
  it('an item repeated by a page read after new arrivals is listed once', () => {
    const data: InboxData = { pages: [page([item('a'), item('b')], 0, 3, 3), page([item('b'), item('c')], 2, 3, 3)], pageParams: [1, 2] };
    expect(flattenInbox(data).map((n) => n.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('client form (spec §3)', () => {
  it('read when checkedAt is present; Activity keeps its context id, anything else is Unknown', () => {
    expect(toClientNotification(item('x'))).toMatchObject({ id: 'x', title: 'T x', body: 'B x', createdAt: '2025-03-01T12:00:00.000Z', read: false, type: 'Unknown', action: 'test' });
    expect(toClientNotification(item('y', true)).read).toBe(true);
    expect(toClientNotification(item('z', false, { type: 'Activity', action: 'assigned', id: 'act-9' }))).toMatchObject({ type: 'Activity', contextId: 'act-9' });
  });
  it('an Activity notification opens its activity (/activities/{public_id}/{recurrenceId}); others open nothing', () => {
    expect(notificationPath({ type: 'Activity', contextId: 'act-9' })).toBe('/activities/act-9/current');
    expect(notificationPath({ type: 'Activity', contextId: 'act-9/20250301' })).toBe('/activities/act-9/20250301');
    expect(notificationPath({ type: 'Unknown' })).toBeNull();
  });

  it('opens the address its module gave (an address of this app only)', () => {
    const told = toClientNotification(item('p', false, { type: 'Permissions', action: 'changed', path: '/profile' }));
    expect(told).toMatchObject({ type: 'Unknown', contextType: 'Permissions', path: '/profile' });
    expect(notificationPath(told)).toBe('/profile');
    for (const path of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil.example']) {
      const refused = toClientNotification(item('q', false, { type: 'Position', action: 'changed', path }));
      expect(refused.path, path).toBeUndefined();
      expect(notificationPath(refused)).toBeNull();
    }
  });

  it('knows an import notification and where each import family shows its job', () => {
    expect(toClientNotification(item('i', false, { type: 'Import', action: 'APPLY_OK', id: '12' }))).toMatchObject({ type: 'Import', contextId: '12' });
    expect(importJobPath({ id: 12, kind: 'people' })).toBe('/people-bulk-load/12');
    expect(importJobPath({ id: 3, kind: 'positions' })).toBe('/positions/upload/3');
    expect(importJobPath({ id: 4, kind: 'business-lines' })).toBe('/business-lines/import/4');
    expect(importJobPath({ id: 5, kind: 'data-source-rows', data_source: 'ds-1' })).toBe('/fuentes-de-datos/ds-1/carga-masiva/5');
    // A family unknown to this version, or rows without their data source, open nothing.
    expect(importJobPath({ id: 6, kind: 'data-source-rows', data_source: null })).toBeNull();
    expect(importJobPath({ id: 7, kind: 'assets' })).toBeNull();
  });
});

describe('optimistic changes', () => {
  const data: InboxData = { pages: [page([item('a'), item('b', true)], 0, 21, 5), page([item('c')], 20, 21, 5)], pageParams: [1, 2] };
  it('read: checkedAt set, one unread less in every page; already read changes nothing', () => {
    const next = markReadInInbox(data, 'c', '2025-03-02T00:00:00.000Z');
    expect(next.pages[1]!.data[0]!.checkedAt).toBe('2025-03-02T00:00:00.000Z');
    expect(next.pages.map((p) => p.pagination.totalUnread)).toEqual([4, 4]);
    expect(markReadInInbox(data, 'b', 'now').pages[0]!.pagination.totalUnread).toBe(5);
    expect(data.pages[1]!.data[0]!.checkedAt).toBeUndefined();
  });
  it('all read: nothing unread', () => {
    const next = markAllReadInInbox(data, 'now');
    expect(next.pages.flatMap((p) => p.data).every((n) => n.checkedAt)).toBe(true);
    expect(next.pages[0]!.pagination.totalUnread).toBe(0);
  });
  it('delete: the item leaves at once', () => {
    const next = removeFromInbox(data, 'a');
    expect(flattenInbox(next).map((n) => n.id)).toEqual(['b', 'c']);
    expect(next.pages[0]!.pagination).toMatchObject({ total: 20, totalUnread: 4 });
  });
});
