import type { FastifyRequest } from 'fastify';

/** Laravel-style page fields (DESIGN §4): current_page, last_page, next_page_url, … */
export function pageUrls(req: FastifyRequest, page: number, perPage: number, total: number) {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const url = (p: number) => {
    const u = new URL(req.url, 'http://local');
    u.searchParams.set('page', String(p));
    return `${u.pathname}${u.search}`;
  };
  return {
    current_page: page,
    last_page: lastPage,
    per_page: perPage,
    total,
    next_page_url: page < lastPage ? url(page + 1) : null,
    prev_page_url: page > 1 ? url(page - 1) : null,
  };
}
