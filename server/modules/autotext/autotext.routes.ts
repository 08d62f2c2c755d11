import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export const autotextRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async () => {};
