import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { pageUrls } from '../../lib/pagination';
import type { AdminUsersService } from '../admin-users/admin-users.service';

/**
 * GET /api/users and GET /api/users/{id}: the authors list of spec §7 (a Secretary's or Manager's: their
 * trust's active users) and the administration's users list and details (issue 25: within the caller's
 * reach, with the admin fields). Another trust's user is a 404.
 */
export const usersRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService }> = async (app, { users }) => {
  route(app, E.users, async (req) => {
    const q = req.query;
    const { data, total } = await users.list(caller(req), q);
    return { users: { data, ...pageUrls(req, q.page, q.paginate, total) } };
  });

  route(app, E.userById, async (req) => users.byId(caller(req), req.params.id));
};
