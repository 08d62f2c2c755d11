import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, searchPageSchema, searchQuerySchema } from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { caller } from '../auth/request-auth';
import { createSearchService } from './search.service';

/** The page link of the envelope: the same query with another page number. */
function pageUrlFor(url: string) {
  return (page: number) => {
    const u = new URL(url, 'http://x');
    u.searchParams.set('page', String(page));
    return `${u.pathname}${u.search}`;
  };
}

/** GET /api/dictation/document (spec §7): the find-document panel and the top-bar search. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const search = createSearchService(db);
  app.get(
    API_PATHS.dictationDocument,
    { config: { rule: RULES.search, authCache: true }, schema: { querystring: searchQuerySchema, response: { 200: searchPageSchema } } },
    async (req) => search.search(caller(req), req.query, pageUrlFor(req.url)),
  );
};
