import type { FastifyRequest } from 'fastify';

/** The page numbers of a Laravel-style page (DESIGN §4): current_page, last_page, per_page, total. */
export function pageFields(page: number, perPage: number, total: number) {
  return { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total };
}

/**
 * Laravel-style page fields (DESIGN §4) with the links to the next and previous pages: the same query
 * with another page number. Past the last page, "previous" is the last page.
 */
export function pageUrls(req: FastifyRequest, page: number, perPage: number, total: number) {
  const fields = pageFields(page, perPage, total);
  const url = (p: number) => {
    const u = new URL(req.url, 'http://local');
    u.searchParams.set('page', String(p));
    return `${u.pathname}${u.search}`;
  };
  return {
    ...fields,
    next_page_url: page < fields.last_page ? url(page + 1) : null,
    prev_page_url: page > 1 ? url(Math.min(page - 1, fields.last_page)) : null,
  };
}
