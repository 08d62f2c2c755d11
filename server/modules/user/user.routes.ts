import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import type { UserService } from './user.service';

export const userRoutes: FastifyPluginAsyncZod<{ users: UserService }> = async (app, { users }) => {
  route(app, E.user, async (req) => ({ data: await users.profile(caller(req)) }));

  route(app, E.preference, async (req) => ({ data: await users.savePreferences(caller(req), req.params.id, req.body, req.ip) }));

  route(app, E.interaction, async (req) => ({ data: await users.interaction(caller(req).ctx.user.trustId) }));
};
