/** Review and approval (issue 12): batch approval from the list, and the caller's own signature. */
import { z } from 'zod';
import { RULES } from '../../access';
import { endpoint } from '../endpoint';
import { batchApproveResultSchema, batchApproveSchema, signatureAnswerSchema, signatureSchema } from '../review';

export const reviewEndpoints = {
  dictationBatchApprove: endpoint({
    method: 'POST',
    path: '/api/dictation/approve',
    rule: RULES.approve,
    idempotent: true,
    body: batchApproveSchema,
    response: z.object({ data: batchApproveResultSchema }),
  }),
  /** The caller's own job title and registration number (the profile's Signature). */
  signatureGet: endpoint({ method: 'GET', path: '/api/user/signature', response: signatureAnswerSchema }),
  signatureUpdate: endpoint({
    method: 'PUT',
    path: '/api/user/signature',
    idempotent: true,
    body: signatureSchema,
    response: signatureAnswerSchema,
  }),
};
