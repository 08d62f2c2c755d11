/**
 * A trust's distribution settings (issue 13): GET and PUT /api/trusts/{id}/distribution, for the
 * trust's administrators (TrustAdmin of that trust, SuperAdmin of any). Another trust's is not found.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { distributionSettingsAnswerSchema, distributionSettingsInputSchema, idParamSchema } from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import { caller } from '../auth/request-auth';
import type { DistributionSettingsService } from './distribution-settings.service';

export const distributionSettingsRoutes: FastifyPluginAsyncZod<{ service: DistributionSettingsService }> = async (app, { service }) => {
  app.get(
    '/api/trusts/:id/distribution',
    {
      config: { rule: RULES.distributionSettings },
      schema: { params: idParamSchema, response: { 200: distributionSettingsAnswerSchema } },
    },
    async (req) => ({ data: await service.read(caller(req), req.params.id) }),
  );

  app.put(
    '/api/trusts/:id/distribution',
    {
      config: { rule: RULES.distributionSettings },
      schema: { params: idParamSchema, body: distributionSettingsInputSchema, response: { 200: distributionSettingsAnswerSchema } },
    },
    async (req) => ({ data: await service.save(caller(req), req.params.id, req.body, req.ip) }),
  );
};
