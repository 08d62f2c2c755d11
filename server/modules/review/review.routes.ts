import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { E } from '../../../src/domain/contract/endpoints';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import { caller } from '../auth/request-auth';
import type { ApprovalService } from './approval.service';
import { createSignatureService } from './signature.service';

/** Review and approval (issue 12): batch approval from the list, and the caller's own signature. */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; approvals: ApprovalService }> = async (app, { db, approvals }) => {
  const signatures = createSignatureService(db);

  route(app, E.dictationBatchApprove, async (req) => ({ data: await approvals.approveBatch(caller(req), req.body.dictations, req.ip) }));

  route(app, E.signatureGet, async (req) => ({ data: await signatures.get(caller(req)) }));

  route(app, E.signatureUpdate, async (req) => ({ data: await signatures.save(caller(req), req.body, req.ip) }));
};
