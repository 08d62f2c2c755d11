import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';

/** (being built, issue 25) */
export const knowledgeBaseRoutes: FastifyPluginAsyncZod<{ db: Db }> = async () => {};
