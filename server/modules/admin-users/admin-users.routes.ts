/** Users: the list, invitations, CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation (issue 25). Thin: the rules are in the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

export const adminUsersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (_app, { db: _db }) => {};
