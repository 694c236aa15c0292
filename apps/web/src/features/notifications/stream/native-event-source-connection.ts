import type { Connect } from './notification-stream.ts';

/**
 * The browser's own EventSource (devtools option). It cannot send a bearer header, so the session
 * is first synced to the HttpOnly cookie (the spec's token sync) and the last event id goes as
 * `?lastEventId=`. Its built-in reconnection is cut short: any error closes it and the stream's
 * own back-off applies. Where the server accepts only a bearer token on the stream, this fails
 * like any refused connection.
 */
export function nativeEventSourceConnect(syncSessionCookie: (token: string) => Promise<unknown>): Connect {
  return async (request, handlers) => {
    if (typeof EventSource === 'undefined') {
      handlers.onFailure({ kind: 'unsupported' });
      return { close: () => undefined };
    }
    if (request.token) await syncSessionCookie(request.token);
    const url = new URL(request.url, window.location.href);
    if (request.lastEventId) url.searchParams.set('lastEventId', request.lastEventId);
    const source = new EventSource(url, { withCredentials: true });
    let over = false;
    const forward = (type: string) => (event: Event) => {
      const message = event as MessageEvent<string>;
      if (!over) handlers.onEvent({ type, data: message.data, ...(message.lastEventId ? { id: message.lastEventId } : {}) });
    };
    source.addEventListener('ping', forward('ping'));
    source.addEventListener('notification', forward('notification'));
    source.addEventListener('error', () => {
      if (over) return;
      over = true;
      source.close();
      handlers.onFailure({ kind: 'network' });
    });
    return {
      close: () => {
        over = true;
        source.close();
      },
    };
  };
}
