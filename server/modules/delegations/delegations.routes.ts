/**
 * Standing delegations of approval (issue 22): GET and POST /api/trusts/{id}/delegations, DELETE
 * /api/trusts/{id}/delegations/{delegationId}; for the trust's administrators (delegations.service.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createDelegationService } from './delegations.service';

export const delegationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const delegations = createDelegationService(db);

  route(app, E.trustDelegationsGet, async (req) => ({ data: await delegations.list(caller(req), req.params.id) }));

  route(app, E.trustDelegationsCreate, async (req) => ({ data: await delegations.create(caller(req), req.params.id, req.body, req.ip) }));

  route(app, E.trustDelegationDelete, async (req) => ({
    data: await delegations.revoke(caller(req), req.params.id, req.params.delegationId, req.ip),
  }));
};
