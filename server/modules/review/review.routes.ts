import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  SIGNATURE_PATH,
  batchApproveResultSchema,
  batchApproveSchema,
  signatureAnswerSchema,
  signatureSchema,
} from '../../../src/domain/contract';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { caller } from '../auth/request-auth';
import type { ApprovalService } from './approval.service';
import { createSignatureService } from './signature.service';

/** Who may approve at all: an author their own, a Secretary or Manager under secretarial cover. */
const APPROVERS = { roles: ['Author', 'Secretary', 'Manager'] } as const;

/** Review and approval (issue 12): batch approval from the list, and the caller's own signature. */
export const reviewRoutes: FastifyPluginAsyncZod<{ db: Db; approvals: ApprovalService }> = async (app, { db, approvals }) => {
  const signatures = createSignatureService(db);

  app.post(
    API_PATHS.dictationBatchApprove,
    {
      config: { rule: APPROVERS, idempotent: true },
      schema: { body: batchApproveSchema, response: { 200: z.object({ data: batchApproveResultSchema }) } },
    },
    async (req) => ({ data: await approvals.approveBatch(caller(req), req.body.dictations, req.ip) }),
  );

  app.get(SIGNATURE_PATH, { schema: { response: { 200: signatureAnswerSchema } } }, async (req) => ({
    data: await signatures.get(caller(req)),
  }));

  app.put(
    SIGNATURE_PATH,
    { config: { idempotent: true }, schema: { body: signatureSchema, response: { 200: signatureAnswerSchema } } },
    async (req) => ({ data: await signatures.save(caller(req), req.body, req.ip) }),
  );
};
