import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TInboxNotification } from '@faena/contracts';
import { renderRoutes } from '../../../test/render.tsx';
import { NotificationBell } from './notification-bell.tsx';

const API = '/api/notifications-engine/v3/notifications';

function item(id: string, read = false): TInboxNotification {
  return {
    notificationId: id,
    summary: { title: `Aviso ${id}`, body: `Detalle ${id}` },
    requestedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    ...(read ? { checkedAt: new Date().toISOString() } : {}),
    context: { type: 'System', action: 'welcome' },
  };
}

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Deferred {
  resolve(response: Response): void;
}

/** The notifications service, in memory: the inbox, and PATCHes the test answers when it likes. */
function fakeService(initial: TInboxNotification[], options: { totalUnread?: number; inboxStatus?: number } = {}) {
  let items = [...initial];
  const calls: string[] = [];
  const pendingChecks: { id: string; deferred: Deferred }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://demo.app.localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    if (method === 'GET' && url.pathname === `${API}/inbox`) {
      if (options.inboxStatus) return json({ code: 'boom' }, options.inboxStatus);
      const offset = Number(url.searchParams.get('offset'));
      const limit = Number(url.searchParams.get('limit'));
      const unread = options.totalUnread ?? items.filter((n) => !n.checkedAt).length;
      return json({ data: items.slice(offset, offset + limit), pagination: { total: items.length, offset, limit, totalUnread: unread } });
    }
    const check = /\/inbox\/check\/by_notification_id\/(.+)$/.exec(url.pathname);
    if (method === 'PATCH' && check) {
      const id = decodeURIComponent(check[1]!);
      return new Promise<Response>((resolve) => pendingChecks.push({ id, deferred: { resolve } }));
    }
    return json({ code: 'not-found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    inboxReads: () => calls.filter((c) => c.startsWith(`GET ${API}/inbox`)).length,
    /** Answers the oldest pending PATCH: applied (200) or failed (500). */
    answerCheck(ok: boolean) {
      const pending = pendingChecks.shift();
      if (!pending) throw new Error('no PATCH pending');
      if (ok) {
        items = items.map((n) => (n.notificationId === pending.id ? { ...n, checkedAt: new Date().toISOString() } : n));
        pending.deferred.resolve(json(items.find((n) => n.notificationId === pending.id)));
      } else {
        pending.deferred.resolve(json({ code: 'internal' }, 500));
      }
    },
    pendingChecks: () => pendingChecks.length,
  };
}

async function renderBell() {
  const view = await renderRoutes([{ path: '/', Component: NotificationBell }]);
  return view;
}

function badge(): HTMLElement {
  return screen.getByTestId('notifications-badge');
}

function row(id: string): HTMLElement {
  return document.querySelector(`[data-notification-id="${id}"]`) as HTMLElement;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bell popup', () => {
  it('shows the unread count on the bell, capped at 99+ (spec §9)', async () => {
    fakeService([item('a')], { totalUnread: 250 });
    await renderBell();
    await waitFor(() => expect(badge().dataset.count).toBe('99+'));
    expect(within(badge()).getByText('99+')).toBeTruthy();
    expect(screen.getByTestId('bell').getAttribute('aria-label')).toBe('Notificaciones, 250 sin leer');
  });

  it('shows the exact count up to 99 and no badge when everything is read', async () => {
    fakeService([item('a'), item('b'), item('c', true)]);
    await renderBell();
    await waitFor(() => expect(badge().dataset.count).toBe('2'));
  });

  it('shows an alert icon when the inbox failed to load (spec §2)', async () => {
    fakeService([], { inboxStatus: 503 });
    await renderBell();
    await waitFor(() => expect(screen.getByTestId('notifications-alert')).toBeTruthy(), { timeout: 3000 });
    fireEvent.click(screen.getByTestId('bell'));
    await screen.findByTestId('notifications-load-failed');
  });

  it('marking as read is immediate, rolls back when the server fails, then reads the inbox again (spec §4)', async () => {
    const service = fakeService([item('a'), item('b')]);
    await renderBell();
    await waitFor(() => expect(badge().dataset.count).toBe('2'));
    fireEvent.click(screen.getByTestId('bell'));
    await screen.findByTestId('notification-list');
    const readsBefore = service.inboxReads();

    fireEvent.click(within(row('a')).getByTestId('notification-mark-read'));
    // Read at once, before the server answers.
    await waitFor(() => expect(row('a').hasAttribute('data-unread')).toBe(false));
    expect(badge().dataset.count).toBe('1');
    expect(service.pendingChecks()).toBe(1);

    service.answerCheck(false);
    // Rolled back, with a message, and the inbox read again.
    await waitFor(() => expect(row('a').hasAttribute('data-unread')).toBe(true));
    expect(badge().dataset.count).toBe('2');
    await screen.findByText('No pudimos marcar la notificación como leída. Inténtalo de nuevo.');
    await waitFor(() => expect(service.inboxReads()).toBeGreaterThan(readsBefore));
  });

  it('a successful read stays read and the inbox is read again', async () => {
    const service = fakeService([item('a'), item('b')]);
    await renderBell();
    await waitFor(() => expect(badge().dataset.count).toBe('2'));
    fireEvent.click(screen.getByTestId('bell'));
    await screen.findByTestId('notification-list');
    const readsBefore = service.inboxReads();
    fireEvent.click(within(row('b')).getByTestId('notification-open'));
    await waitFor(() => expect(row('b').hasAttribute('data-unread')).toBe(false));
    service.answerCheck(true);
    await waitFor(() => expect(service.inboxReads()).toBeGreaterThan(readsBefore));
    await waitFor(() => expect(badge().dataset.count).toBe('1'));
    expect(row('b').hasAttribute('data-unread')).toBe(false);
  });

  it('delete says it is unavailable (spec §8) and keeps the notification', async () => {
    fakeService([item('a')]);
    await renderBell();
    fireEvent.click(screen.getByTestId('bell'));
    await screen.findByTestId('notification-list');
    fireEvent.click(within(row('a')).getByTestId('notification-delete'));
    await screen.findByText('Eliminar notificaciones no está disponible en nuestro servicio de mensajería aún.');
    expect(row('a')).toBeTruthy();
  });

  it('clicking an Activity notification marks it read and opens its activity', async () => {
    const activity: TInboxNotification = { ...item('act'), context: { type: 'Activity', action: 'assigned', id: 'act-9' } };
    const service = fakeService([activity, item('b')]);
    const view = await renderRoutes([
      { path: '/', Component: NotificationBell },
      { path: '/activities/:id/:recurrenceId', Component: () => <p>actividad abierta</p> },
    ]);
    fireEvent.click(await screen.findByTestId('bell'));
    await screen.findByTestId('notification-list');
    fireEvent.click(within(row('act')).getByTestId('notification-open'));
    await screen.findByText('actividad abierta');
    expect(view.router.state.location.pathname).toBe('/activities/act-9/current');
    expect(service.pendingChecks()).toBe(1);
  });

  it('loads the next page of 20 when asked', async () => {
    const service = fakeService(Array.from({ length: 25 }, (_, i) => item(`n${i}`)));
    await renderBell();
    fireEvent.click(screen.getByTestId('bell'));
    await screen.findByTestId('notification-list');
    expect(document.querySelectorAll('[data-testid=notification-item]')).toHaveLength(20);
    fireEvent.click(screen.getByTestId('notifications-load-more'));
    await waitFor(() => expect(document.querySelectorAll('[data-testid=notification-item]')).toHaveLength(25));
    expect(service.calls).toContain(`GET ${API}/inbox?offset=20&limit=20`);
  });
});
