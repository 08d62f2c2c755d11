/**
 * A trust's distribution settings (issue 13): GET and PUT /api/trusts/{id}/distribution, for the
 * trust's administrators (TrustAdmin of that trust, SuperAdmin of any). Another trust's is not found.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import type { DistributionSettingsService } from './distribution-settings.service';

export const distributionSettingsRoutes: FastifyPluginAsyncZod<{ service: DistributionSettingsService }> = async (app, { service }) => {
  route(app, E.trustDistributionGet, async (req) => ({ data: await service.read(caller(req), req.params.id) }));

  route(app, E.trustDistributionUpdate, async (req) => ({ data: await service.save(caller(req), req.params.id, req.body, req.ip) }));
};
