/** GET /api/outsourcing/pools: the caller's trust's outsourcing pools, for the Manager's "Outsource to…". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { poolsOfTrust } from './pools.repository';

export const outsourcingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(app, E.outsourcingPools, async (req) => ({ data: await poolsOfTrust(db, caller(req).ctx.user.trustId) }));
};
