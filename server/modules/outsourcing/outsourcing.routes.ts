/** GET /api/outsourcing/pools: the caller's trust's outsourcing pools, for the Manager's "Outsource to…". */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { OUTSOURCING_PATHS, outsourcingPoolsSchema } from '../../../src/domain/contract/outsourcing';
import type { Db } from '../../db/client';
import { caller } from '../auth/request-auth';
import { OUTSOURCERS, poolsOfTrust } from './pools.repository';

export const outsourcingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    OUTSOURCING_PATHS.pools,
    { config: { rule: OUTSOURCERS }, schema: { response: { 200: outsourcingPoolsSchema } } },
    async (req) => ({ data: await poolsOfTrust(db, caller(req).ctx.user.trustId) }),
  );
};
