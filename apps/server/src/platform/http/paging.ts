import type { FastifyRequest } from 'fastify';

/** `next`/`previous` links of a paged list: same query, page ± 1, null at the ends. */
export function pageLinks(request: FastifyRequest, count: number, page: number, pageSize: number): { next: string | null; previous: string | null } {
  const url = new URL(request.url, 'http://x');
  const at = (p: number) => {
    url.searchParams.set('page', String(p));
    url.searchParams.set('page_size', String(pageSize));
    return `${url.pathname}${url.search}`;
  };
  return { next: page * pageSize < count ? at(page + 1) : null, previous: page > 1 ? at(page - 1) : null };
}
