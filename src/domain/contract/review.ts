/**
 * Review and approval (issue 12): batch approval from the AUTHOR_APPROVAL list. An author approves
 * only letters they have opened at least once; the rest are refused one by one, with the reason.
 */
import { z } from 'zod';
import { idSchema, safeText } from './primitives';

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

/** The signature kept on an approved letter (letters.approval): who signed it, as printed under it. */
export const approvalSchema = z.object({
  user_id: z.number(),
  name: z.string(),
  job_title: z.string().nullable(),
  registration_number: z.string().nullable(),
  /** The author's name when a Secretary or Manager approved under secretarial cover; else null. */
  on_behalf_of: z.string().nullable(),
  approved_at: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;

const signatureField = (what: string) =>
  safeText()
    .transform((s) => s.trim())
    .pipe(z.string().max(120, `${what}: at most 120 characters.`))
    .nullable()
    .transform((s) => (s ? s : null));

/** PUT /api/user/signature: the caller's own job title and registration number (the profile's Signature). */
export const signatureSchema = z.object({
  job_title: signatureField('Job title'),
  registration_number: signatureField('Registration number'),
});
export type SignatureRequest = z.input<typeof signatureSchema>;
export const signatureAnswerSchema = z.object({
  data: z.object({ name: z.string(), job_title: z.string().nullable(), registration_number: z.string().nullable() }),
});
export type Signature = z.infer<typeof signatureAnswerSchema>['data'];
