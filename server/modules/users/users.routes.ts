import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { Errors } from '../../lib/errors';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { pageUrls } from '../../lib/pagination';
import { findUserSummary, listUsersPage } from './users.repository';

/** Users are scoped to the caller's trust; SuperAdmin sees every trust. Another trust's user is a 404. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, E.users, async (req) => {
    const { ctx, subject } = caller(req);
    const q = req.query;
    const { data, total } = await listUsersPage(
      db,
      {
        trustId: subject.roles.includes('SuperAdmin') ? undefined : ctx.user.trustId,
        siteId: q.site_id,
        role: q.filter_role,
      },
      q.page,
      q.paginate,
    );
    return { users: { data, ...pageUrls(req, q.page, q.paginate, total) } };
  });

  route(app, E.userById, async (req) => {
    const { ctx, subject } = caller(req);
    const found = await findUserSummary(db, req.params.id);
    if (!found || (!subject.roles.includes('SuperAdmin') && found.trustId !== ctx.user.trustId)) throw Errors.notFound();
    return { data: found.summary };
  });
};
