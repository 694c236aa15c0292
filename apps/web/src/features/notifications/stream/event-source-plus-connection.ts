import type { Connect, Connection, StreamFailure } from './notification-stream.ts';

/**
 * The default transport (spec §3 devtools setting: event-source-plus): a fetch-based event source,
 * so the bearer token and Last-Event-ID travel as headers. Its own retry loop is switched off (its
 * back-off is not the spec's): every connection reports its end once and the stream decides.
 */
export function eventSourcePlusConnect(fetchImpl?: typeof fetch): Connect {
  return async (request, handlers) => {
    const { EventSourcePlus } = await import('event-source-plus');
    let over = false;
    const source = new EventSourcePlus(request.url, {
      headers: request.token ? { authorization: `Bearer ${request.token}` } : {},
      credentials: 'same-origin',
      cache: 'no-store',
      maxRetryCount: 0,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    });
    if (request.lastEventId) source.lastEventId = request.lastEventId;
    const controller = source.listen({
      onMessage: (message) => {
        if (!over) handlers.onEvent({ type: message.event || 'message', data: message.data, ...(message.id ? { id: message.id } : {}) });
      },
      onRequestError: ({ error }) => fail({ kind: 'network', message: error.message }),
      onResponseError: ({ response }) => {
        fail(response.ok ? { kind: 'not-event-stream', contentType: response.headers.get('content-type') } : { kind: 'http', status: response.status });
      },
    });
    // With no retries left the library aborts as soon as a connection ends or fails for any other reason.
    controller.onAbort((event) => {
      if (event.type !== 'manual') fail({ kind: 'ended' });
    });

    function fail(failure: StreamFailure): void {
      if (over) return;
      over = true;
      controller.abort();
      handlers.onFailure(failure);
    }

    const connection: Connection = {
      close: () => {
        over = true;
        controller.abort();
      },
    };
    return connection;
  };
}
