/** Groups: permission bundles scoped to a trust or site, and their members (issue 25). Thin: the rules are in the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

export const adminGroupsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (_app, { db: _db }) => {};
