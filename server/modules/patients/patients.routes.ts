import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { RATE_LIMITS } from '../../lib/rate-limits';
import { E } from '../../../src/domain/contract/endpoints';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import { createPatientsService, type Caller } from './patients.service';

/**
 * Lookups of identifiable data: limited per signed-in user (rate-limits.ts), both routes from one budget.
 */
const lookupLimit = { config: { rateLimit: RATE_LIMITS.patientLookup } };

function who(req: FastifyRequest): Caller {
  const { ctx } = caller(req);
  return { userId: ctx.user.id, trustId: ctx.user.trustId, ip: req.ip };
}

/** GET /api/patients and GET /api/patients/{id}/appointments: whoever may open a dictation, in their own trust. */
export const patientsRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const patients = createPatientsService(db, config, app.log);

  route(app, E.patients, async (req) => ({ data: await patients.search(who(req), req.query) }), lookupLimit);

  route(app, E.patientAppointments, async (req) => ({ data: await patients.appointments(who(req), req.params.id) }), lookupLimit);
};
