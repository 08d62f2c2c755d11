import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';

export const patientsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async () => {};
