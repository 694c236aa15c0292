import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventSourcePlusConnect } from './event-source-plus-connection.ts';
import { NotificationStream, STREAM_LIMITS, type StreamFailure, type StreamState } from './notification-stream.ts';

/** A server answer whose body the test writes to as the server would. */
interface FakeStream {
  response: Response;
  send(text: string): void;
  end(): void;
}

function eventStream(contentType = 'text/event-stream; charset=utf-8'): FakeStream {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': contentType } }),
    send: (text) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

type Answer = FakeStream | Response | 'network-error';

/** A fetch that answers from a queue and records what was asked (URL and headers). */
function fakeServer() {
  const requests: { url: string; headers: Headers; at: number }[] = [];
  const answers: Answer[] = [];
  let fallback: () => Answer = () => 'network-error';
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({ url: String(input), headers: new Headers(init?.headers), at: Date.now() });
    const answer = answers.shift() ?? fallback();
    if (answer === 'network-error') throw new TypeError('Failed to fetch');
    return answer instanceof Response ? answer : answer.response;
  });
  return {
    fetch: fetchImpl as unknown as typeof fetch,
    requests,
    answer: (...next: Answer[]) => answers.push(...next),
    otherwise: (make: () => Answer) => {
      fallback = make;
    },
  };
}

/** Lets promises, stream reads and the lazily imported library settle without moving the clock. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await vi.advanceTimersByTimeAsync(0);
}

function setup(server: ReturnType<typeof fakeServer>, token = () => 'token-1') {
  const notifications: unknown[] = [];
  const gaveUp: StreamFailure[] = [];
  const states: StreamState[] = [];
  const onUnauthorized = vi.fn();
  const reconnected: boolean[] = [];
  const stream = new NotificationStream({
    onReconnected: (replayed) => reconnected.push(replayed),
    url: '/api/notifications-engine/v3/notifications/devices/sse',
    connect: eventSourcePlusConnect(server.fetch),
    getToken: async () => token(),
    onNotification: (data) => notifications.push(data),
    onGiveUp: (failure) => gaveUp.push(failure),
    onUnauthorized,
    onStateChange: (state) => states.push(state),
  });
  return { stream, notifications, gaveUp, states, onUnauthorized, reconnected };
}

const PING = 'event: ping\ndata: {"at":"2025-01-01T00:00:00.000Z"}\n\n';

beforeAll(async () => {
  // Loaded once up front, so the lazy import inside the transport resolves from the module cache.
  await import('event-source-plus');
});

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('notification stream (spec §4, §9)', () => {
  it('connects with the bearer token and accept: text/event-stream; a ping opens it', async () => {
    const server = fakeServer();
    const live = eventStream();
    server.answer(live);
    const { stream } = setup(server);
    stream.start();
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe('/api/notifications-engine/v3/notifications/devices/sse');
    expect(server.requests[0]!.headers.get('authorization')).toBe('Bearer token-1');
    expect(server.requests[0]!.headers.get('accept')).toBe('text/event-stream');
    expect(server.requests[0]!.headers.get('last-event-id')).toBeNull();
    live.send(`retry: 2000\n\n${PING}`);
    await settle();
    expect(stream.state).toBe('open');
    stream.stop();
  });

  it('retries after 2, 4, 8 and 16 s; the fifth consecutive failure closes the stream and reports once', async () => {
    const server = fakeServer();
    const { stream, gaveUp } = setup(server);
    stream.start();
    await settle();
    expect(server.requests).toHaveLength(1);

    const waits = [2_000, 4_000, 8_000, 16_000];
    for (const [index, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(server.requests, `no retry before ${wait} ms`).toHaveLength(index + 1);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(server.requests, `retry after ${wait} ms`).toHaveLength(index + 2);
    }
    expect(stream.consecutiveFailures).toBe(STREAM_LIMITS.maxConsecutiveFailures);
    expect(stream.state).toBe('gave-up');
    expect(gaveUp).toEqual([{ kind: 'network', message: expect.any(String) }]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.requests).toHaveLength(5);
  });

  it('every ping resets the failure count: a stream that keeps coming back never gives up, its delay stops at 30 s', async () => {
    const server = fakeServer();
    // Each connection is accepted, pings once and drops at once (a flapping proxy, say).
    server.otherwise(() => {
      const flapping = eventStream();
      flapping.send(PING);
      flapping.end();
      return flapping;
    });
    const { stream, gaveUp } = setup(server);
    stream.start();
    await settle();
    const delays: number[] = [];
    for (let i = 0; i < 8; i++) {
      expect(stream.consecutiveFailures).toBe(1);
      const before = server.requests.length;
      const delay = stream.pendingRetryMs ?? 0;
      delays.push(delay);
      await vi.advanceTimersByTimeAsync(delay);
      await settle();
      expect(server.requests.length).toBe(before + 1);
    }
    expect(delays).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
    expect(gaveUp).toEqual([]);
    stream.stop();
  });

  it('failures in between pings count up from zero again', async () => {
    const server = fakeServer();
    const { stream, gaveUp } = setup(server);
    server.answer('network-error', 'network-error', 'network-error');
    const live = eventStream();
    server.answer(live);
    stream.start();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000);
    await settle();
    expect(server.requests).toHaveLength(4);
    expect(stream.consecutiveFailures).toBe(3);
    live.send(PING);
    await settle();
    expect(stream.consecutiveFailures).toBe(0);
    // Four more failures would have closed it without the ping; now it takes five.
    live.end();
    await settle();
    for (const wait of [16_000, 30_000, 30_000, 30_000]) {
      await vi.advanceTimersByTimeAsync(wait);
      await settle();
    }
    expect(stream.consecutiveFailures).toBe(5);
    expect(gaveUp).toHaveLength(1);
  });

  it('a connection that lives a whole ping interval brings the delay back to 2 s', async () => {
    const server = fakeServer();
    server.answer('network-error', 'network-error');
    const live = eventStream();
    server.answer(live);
    const { stream } = setup(server);
    stream.start();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000);
    await settle();
    live.send(PING);
    await settle();
    expect(stream.nextRetryMs).toBe(8_000);
    live.send(PING);
    await settle();
    expect(stream.nextRetryMs).toBe(2_000);
    stream.stop();
  });

  it('an answer that is not an event stream is a failure', async () => {
    const server = fakeServer();
    server.answer(new Response('<!doctype html><title>Faena</title>', { status: 200, headers: { 'content-type': 'text/html' } }));
    const live = eventStream();
    server.answer(live);
    const { stream } = setup(server);
    stream.start();
    await settle();
    expect(stream.state).toBe('waiting');
    expect(stream.consecutiveFailures).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(server.requests).toHaveLength(2);
    stream.stop();
  });

  it('a notification event is handed on; the reconnection sends its id as Last-Event-ID', async () => {
    const server = fakeServer();
    const first = eventStream();
    const second = eventStream();
    server.answer(first, second);
    const { stream, notifications } = setup(server);
    stream.start();
    await settle();
    const item = { notificationId: 'n-7', summary: { title: 'Hola', body: 'Mundo' }, requestedAt: '2025-01-01T00:00:00.000Z', context: { type: 'System', action: 'test' } };
    first.send(`${PING}id: 7\nevent: notification\ndata: ${JSON.stringify(item)}\n\n`);
    await settle();
    expect(notifications).toEqual([item]);
    expect(stream.lastEventId).toBe('7');
    // The server goes away (restart): the next connection asks for what came after 7.
    first.end();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers.get('last-event-id')).toBe('7');
    second.send(`${PING}id: 8\nevent: notification\ndata: ${JSON.stringify({ ...item, notificationId: 'n-8' })}\n\n`);
    await settle();
    expect(notifications).toHaveLength(2);
    stream.stop();
  });

  it('a refreshed token replaces the open connection at once, keeping the last event id', async () => {
    const server = fakeServer();
    const first = eventStream();
    const second = eventStream();
    server.answer(first, second);
    let token = 'token-1';
    const { stream } = setup(server, () => token);
    stream.start();
    await settle();
    first.send(`${PING}id: 3\nevent: notification\ndata: {}\n\n`);
    await settle();
    token = 'token-2';
    stream.reconnectNow();
    await settle();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.headers.get('authorization')).toBe('Bearer token-2');
    expect(server.requests[1]!.headers.get('last-event-id')).toBe('3');
    expect(stream.consecutiveFailures).toBe(0);
    // The replaced connection ending later changes nothing.
    first.end();
    await settle();
    expect(stream.consecutiveFailures).toBe(0);
    stream.stop();
  });

  it('a 401 asks the session to refresh before the next attempt', async () => {
    const server = fakeServer();
    server.answer(new Response('{"code":"not-signed-in"}', { status: 401, headers: { 'content-type': 'application/json' } }));
    const { stream, onUnauthorized } = setup(server);
    stream.start();
    await settle();
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(stream.state).toBe('waiting');
    stream.stop();
  });

  it('stop closes the connection and cancels a pending retry', async () => {
    const server = fakeServer();
    const { stream } = setup(server);
    stream.start();
    await settle();
    expect(stream.state).toBe('waiting');
    stream.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(server.requests).toHaveLength(1);
    expect(stream.state).toBe('stopped');
  });

  it('back online: a stream that gave up starts again', async () => {
    const server = fakeServer();
    const { stream } = setup(server);
    stream.start();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000 + 4_000 + 8_000 + 16_000);
    await settle();
    expect(stream.state).toBe('gave-up');
    const live = eventStream();
    server.answer(live);
    stream.resume();
    await settle();
    live.send(PING);
    await settle();
    expect(stream.state).toBe('open');
    expect(stream.consecutiveFailures).toBe(0);
    stream.stop();
  });

  it('a reconnection without a last event id says so, so the inbox is read again (nothing to replay from)', async () => {
    const server = fakeServer();
    const first = eventStream();
    const second = eventStream();
    const third = eventStream();
    server.answer(first, second, third);
    const { stream, reconnected } = setup(server);
    stream.start();
    await settle();
    first.send(PING);
    await settle();
    expect(reconnected).toEqual([]);
    first.end();
    await settle();
    await vi.advanceTimersByTimeAsync(2_000);
    await settle();
    second.send(`${PING}id: 4\nevent: notification\ndata: {}\n\n`);
    await settle();
    expect(reconnected).toEqual([false]);
    second.end();
    await settle();
    // One ping only: the connection did not prove stable, the delay keeps doubling.
    expect(stream.pendingRetryMs).toBe(4_000);
    await vi.advanceTimersByTimeAsync(4_000);
    await settle();
    third.send(PING);
    await settle();
    expect(reconnected).toEqual([false, true]);
    stream.stop();
  });
});
