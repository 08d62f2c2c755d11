/** Settings that inherit trust → site → department → user, with locks (issue 25). Thin: the rules are in the services. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (_app, { db: _db }) => {};
