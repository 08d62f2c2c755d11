/**
 * The knowledge base (issue 25): GET /api/knowledge-base (a page, searched in full text), GET, PATCH and
 * DELETE /api/knowledge-base/{id}, POST /api/knowledge-base. The rules are knowledge-base.service.ts's.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createKnowledgeBaseService } from './knowledge-base.service';

export const knowledgeBaseRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const articles = createKnowledgeBaseService(db);

  route(app, E.knowledgeBaseList, async (req) => {
    const { rows, total } = await articles.list(caller(req), req.query);
    return { data: { data: rows, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });

  route(app, E.knowledgeBaseArticle, async (req) => ({ data: await articles.get(caller(req), req.params.id) }));

  route(app, E.knowledgeBaseCreate, async (req) => ({ data: await articles.create(caller(req), req.body, req.ip) }));

  route(app, E.knowledgeBaseUpdate, async (req) => ({ data: await articles.update(caller(req), req.params.id, req.body, req.ip) }));

  route(app, E.knowledgeBaseDelete, async (req) => ({ data: await articles.remove(caller(req), req.params.id, req.ip) }));
};
