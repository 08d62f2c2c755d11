import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { RATE_LIMITS } from '../../lib/rate-limits';
import {
  API_PATHS,
  appointmentListSchema,
  patientIdParamSchema,
  patientListSchema,
  patientSearchQuerySchema,
} from '../../../src/domain/contract';
import { RULES } from '../../../src/domain/access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { caller } from '../auth/request-auth';
import { createPatientsService, type Caller } from './patients.service';

/**
 * Lookups of identifiable data: limited per signed-in user (rate-limits.ts), both routes from one budget.
 */
const lookupLimit = RATE_LIMITS.patientLookup;

function who(req: FastifyRequest): Caller {
  const { ctx } = caller(req);
  return { userId: ctx.user.id, trustId: ctx.user.trustId, ip: req.ip };
}

/** GET /api/patients and GET /api/patients/{id}/appointments: whoever may open a dictation, in their own trust. */
export const patientsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const patients = createPatientsService(db, config, app.log);

  app.get(
    API_PATHS.patients,
    {
      config: { rule: RULES.dictation, rateLimit: lookupLimit },
      schema: { querystring: patientSearchQuerySchema, response: { 200: patientListSchema } },
    },
    async (req) => ({ data: await patients.search(who(req), req.query) }),
  );

  app.get(
    '/api/patients/:id/appointments',
    {
      config: { rule: RULES.dictation, rateLimit: lookupLimit },
      schema: { params: patientIdParamSchema, response: { 200: appointmentListSchema } },
    },
    async (req) => ({ data: await patients.appointments(who(req), req.params.id) }),
  );
};
