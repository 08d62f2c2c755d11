/** Trusts and sites: identity, targets, retention, letterhead, engine settings with write-only secrets (issue 25). Thin: the rules are in the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

export const adminTrustsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (_app, { db: _db }) => {};
