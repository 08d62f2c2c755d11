/**
 * Review and approval (issue 12): batch approval from the AUTHOR_APPROVAL list. An author approves
 * only letters they have opened at least once; the rest are refused one by one, with the reason.
 */
import { z } from 'zod';
import { idSchema } from './primitives';

/** POST /api/dictation/approve */
export const batchApproveSchema = z.object({
  dictations: z.array(idSchema()).min(1, 'dictations: choose at least one dictation.').max(100, 'dictations: at most 100 at a time.'),
});
export type BatchApproveRequest = z.input<typeof batchApproveSchema>;

export const batchApproveResultSchema = z.object({
  approved: z.array(z.number()),
  success_message: z.string().nullable(),
  unsuccess_message: z.string().nullable(),
  unsuccessful_jobs: z.array(z.object({ id: z.number(), reference: z.string().nullable(), reason: z.string() })),
});
export type BatchApproveResult = z.infer<typeof batchApproveResultSchema>;
