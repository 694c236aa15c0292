import { vi } from 'vitest';

/** A JSON answer as the API gives it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * Replaces `fetch` with `answer` (undo with `vi.unstubAllGlobals()`): what it returns is sent as
 * JSON unless it is a Response already, `undefined` is a 404; a promise of either holds the
 * answer back until it settles. The URLs asked, in order, are in the returned list.
 */
export function stubApi(answer: (url: string, init?: RequestInit) => unknown): string[] {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(url);
      const body = await answer(url, init);
      if (body instanceof Response) return body;
      return body === undefined ? jsonResponse({ code: 'not-found' }, 404) : jsonResponse(body);
    }),
  );
  return calls;
}
