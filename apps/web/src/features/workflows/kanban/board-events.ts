/**
 * The board's event stream (GET …/kanbans/{k}/events/, decision 025): a `changed` event means an
 * execution of the board's type moved, and the board is read again. Read with fetch (the bearer
 * token rides a header, which EventSource cannot send); a dropped or refused connection is tried
 * again after 2 s, doubling up to 60 s. The board's 15 s refetch stays as the floor.
 */

export interface BoardEventsOptions {
  url: string;
  getToken(): Promise<string | null>;
  onChanged(): void;
  fetch?: typeof globalThis.fetch;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** Splits SSE text into complete events (`rest`: an event still arriving). */
export function parseSse(text: string): { events: { event: string; data: string }[]; rest: string } {
  const events: { event: string; data: string }[] = [];
  const blocks = text.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/** Opens the stream and keeps it open until the returned function is called. */
export function watchBoard(options: BoardEventsOptions): () => void {
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let stopped = false;
  let retryMs = 2000;
  let timer: unknown = null;
  let controller: AbortController | null = null;

  const again = () => {
    if (stopped) return;
    timer = setTimer(() => void connect(), retryMs);
    retryMs = Math.min(retryMs * 2, 60_000);
  };

  const connect = async () => {
    controller = new AbortController();
    try {
      const token = await options.getToken();
      const response = await doFetch(options.url, {
        headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        signal: controller.signal,
        credentials: 'same-origin',
      });
      if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) return again();
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      let first = true;
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        const { events, rest } = parseSse(buffer + value);
        buffer = rest;
        for (const event of events) {
          if (first) {
            // connected (again): whatever moved while it was away is read now
            first = false;
            retryMs = 2000;
            options.onChanged();
          }
          if (event.event === 'changed') options.onChanged();
        }
      }
      again();
    } catch {
      again();
    }
  };

  void connect();
  return () => {
    stopped = true;
    if (timer !== null) clearTimer(timer);
    controller?.abort();
  };
}
