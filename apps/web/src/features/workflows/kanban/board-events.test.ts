import { describe, expect, it, vi } from 'vitest';
import { parseSse, watchBoard } from './board-events.ts';

const streamOf = (...chunks: string[]) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk));
      controller.close();
    },
  });

describe('board event stream', () => {
  it('reads complete events and keeps a partial one for the next chunk', () => {
    expect(parseSse('retry: 2000\n\nevent: ping\ndata: {}\n\nevent: chan')).toEqual({ events: [{ event: 'ping', data: '{}' }], rest: 'event: chan' });
    expect(parseSse('event: changed\r\ndata: {}\r\n\r\n').events).toEqual([{ event: 'changed', data: '{}' }]);
  });

  it('reads the board on connecting and on each changed event, with the bearer token; a refused stream is tried again later', async () => {
    const onChanged = vi.fn();
    const timers: (() => void)[] = [];
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(new Response('nope', { status: 503 }))
      .mockResolvedValueOnce(
        new Response(streamOf('retry: 2000\n\nevent: ping\ndata: {}\n\n', 'event: changed\ndata: {}\n\nevent: cha', 'nged\ndata: {}\n\n'), { headers: { 'content-type': 'text/event-stream' } }),
      )
      .mockReturnValue(new Promise(() => undefined));
    const stop = watchBoard({ url: '/x/events/', getToken: async () => 'tok', onChanged, fetch, setTimer: (callback) => timers.push(callback), clearTimer: () => undefined });
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    expect(onChanged).not.toHaveBeenCalled();
    timers.shift()!();
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledTimes(3));
    expect(fetch.mock.calls[1]![1].headers).toMatchObject({ authorization: 'Bearer tok', accept: 'text/event-stream' });
    // the stream ended: another connection is planned
    await vi.waitFor(() => expect(timers).toHaveLength(1));
    stop();
  });
});
