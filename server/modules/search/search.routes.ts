import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createSearchService } from './search.service';

/** GET /api/dictation/document (spec §7): the find-document panel and the top-bar search. */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const search = createSearchService(db);
  route(app, E.dictationDocument, async (req) => {
    const { rows, total } = await search.search(caller(req), req.query);
    return { data: { data: rows, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });
};
