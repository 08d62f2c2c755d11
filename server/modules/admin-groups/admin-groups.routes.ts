/** Groups: permission bundles scoped to a trust or site, and their members (issue 25). Thin: the rules are in the service. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { pageUrls } from '../../lib/pagination';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createGroupService } from './admin-groups.service';

export const adminGroupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const groups = createGroupService(db);

  route(app, E.groupsList, async (req) => {
    const { trust, sites, data, total } = await groups.list(caller(req), req.query);
    return { trust, sites, data: { data, ...pageUrls(req, req.query.page, req.query.paginate, total) } };
  });
  route(app, E.groupGet, async (req) => ({ data: await groups.get(caller(req), req.params.id) }));
  route(app, E.groupCreate, async (req, reply) => {
    const data = await groups.create(caller(req), req.body, req.ip);
    reply.status(201);
    return { data };
  });
  route(app, E.groupUpdate, async (req) => ({ data: await groups.update(caller(req), req.params.id, req.body, req.ip) }));
  route(app, E.groupDelete, async (req) => groups.remove(caller(req), req.params.id, req.ip));
  route(app, E.groupCandidates, async (req) => ({ data: await groups.candidates(caller(req), req.params.id, req.query) }));
  route(app, E.groupMembersAdd, async (req) => ({ data: await groups.addMembers(caller(req), req.params.id, req.body, req.ip) }));
  route(app, E.groupMemberRemove, async (req) => ({
    data: await groups.removeMember(caller(req), req.params.id, req.params.userId, req.ip),
  }));
  route(app, E.permissionsList, async () => groups.permissions());
};
