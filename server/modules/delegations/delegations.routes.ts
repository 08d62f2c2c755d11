/**
 * Standing delegations of approval (issue 22): GET and POST /api/trusts/{id}/delegations, DELETE
 * /api/trusts/{id}/delegations/{delegationId}; for the trust's administrators (delegations.service.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  delegationAnswerSchema,
  delegationInputSchema,
  delegationParamsSchema,
  delegationsAnswerSchema,
  idParamSchema,
} from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Db } from '../../db/client';
import { caller } from '../auth/request-auth';
import { createDelegationService } from './delegations.service';

export const delegationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const delegations = createDelegationService(db);

  app.get(
    '/api/trusts/:id/delegations',
    { config: { rule: RULES.delegations }, schema: { params: idParamSchema, response: { 200: delegationsAnswerSchema } } },
    async (req) => ({ data: await delegations.list(caller(req), req.params.id) }),
  );

  app.post(
    '/api/trusts/:id/delegations',
    {
      config: { rule: RULES.delegations, idempotent: true },
      schema: { params: idParamSchema, body: delegationInputSchema, response: { 201: delegationAnswerSchema } },
    },
    async (req, reply) => reply.status(201).send({ data: await delegations.create(caller(req), req.params.id, req.body, req.ip) }),
  );

  app.delete(
    '/api/trusts/:id/delegations/:delegationId',
    {
      config: { rule: RULES.delegations, idempotent: true },
      schema: { params: delegationParamsSchema, response: { 200: delegationAnswerSchema } },
    },
    async (req) => ({ data: await delegations.revoke(caller(req), req.params.id, req.params.delegationId, req.ip) }),
  );
};
