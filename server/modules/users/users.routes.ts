import { z } from 'zod';
import { and, asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  idParamSchema,
  paginatedSchema,
  userSummarySchema,
  usersListQuerySchema,
  type UserSummary,
} from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import { Errors } from '../../lib/errors';
import { caller } from '../auth/request-auth';
import { loadUserContexts } from '../auth/user-context.repository';
import { pageUrls } from '../../lib/pagination';

function summary(c: Awaited<ReturnType<typeof loadUserContexts>>[number]): UserSummary {
  return {
    id: c.user.id,
    full_name: `${c.user.firstName} ${c.user.lastName}`.trim(),
    email: c.user.email,
    site_id: c.user.siteId,
    roles: c.roles.map((name) => ({ name })),
  };
}

/** Users are scoped to the caller's trust; SuperAdmin sees every trust. Another trust's user is a 404. */
export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    API_PATHS.users,
    {
      config: { rule: RULES.usersRead },
      schema: { querystring: usersListQuerySchema, response: { 200: z.object({ users: paginatedSchema(userSummarySchema) }) } },
    },
    async (req) => {
      const { ctx, subject } = caller(req);
      const q = req.query;
      const where: SQL[] = [eq(users.active, true)];
      if (!subject.roles.includes('SuperAdmin')) where.push(eq(users.trustId, ctx.user.trustId));
      if (q.site_id) where.push(eq(users.siteId, q.site_id));
      if (q.filter_role) {
        const withRole = db
          .select({ id: userRoles.userId })
          .from(userRoles)
          .innerJoin(roles, eq(roles.id, userRoles.roleId))
          .where(eq(roles.name, q.filter_role));
        where.push(inArray(users.id, withRole));
      }
      const [{ total }] = (await db
        .select({ total: count() })
        .from(users)
        .where(and(...where))) as [{ total: number }];
      const ids = await db
        .select({ id: users.id })
        .from(users)
        .where(and(...where))
        .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
        .limit(q.paginate)
        .offset((q.page - 1) * q.paginate);
      const contexts = await loadUserContexts(
        db,
        ids.map((r) => r.id),
      );
      const byId = new Map(contexts.map((c) => [c.user.id, c]));
      const data = ids
        .map((r) => byId.get(r.id))
        .filter((c) => !!c)
        .map(summary);
      return { users: { data, ...pageUrls(req, q.page, q.paginate, Number(total)) } };
    },
  );

  app.get(
    '/api/users/:id',
    { config: { rule: RULES.usersRead }, schema: { params: idParamSchema, response: { 200: z.object({ data: userSummarySchema }) } } },
    async (req) => {
      const { ctx, subject } = caller(req);
      const [found] = await loadUserContexts(db, [req.params.id]);
      if (!found || (!subject.roles.includes('SuperAdmin') && found.user.trustId !== ctx.user.trustId)) throw Errors.notFound();
      return { data: summary(found) };
    },
  );
};
