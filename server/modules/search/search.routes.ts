import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, searchPageSchema, searchQuerySchema } from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { caller } from '../auth/request-auth';
import { createSearchService } from './search.service';

/** GET /api/dictation/document (spec §7): the find-document panel and the top-bar search. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const search = createSearchService(db);
  app.get(
    API_PATHS.dictationDocument,
    { config: { rule: RULES.search, authCache: true }, schema: { querystring: searchQuerySchema, response: { 200: searchPageSchema } } },
    async (req) => {
      const { rows, total } = await search.search(caller(req), req.query);
      return { data: { data: rows, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
    },
  );
};
