/**
 * The dictation page's side panel and hand-offs (issue 11): correcting the details while typing
 * (PATCH /api/dictation/{id}/details), comments and the audit trail (spec §3 dictation_comments and
 * dictation_logs), and the hand-offs a typist or author takes from the page
 * (POST /api/dictation/{id}/transition). POST /api/dictation/{id}/claim and /take-over answer the
 * dictation too (`dictationAnswerSchema`).
 */
import { z } from 'zod';
import { PAGE_ACTIONS } from '../letter-access';
import { dictationDetailsSchema, dictationSchema } from './dictations';
import { APPOINTMENT_TYPES } from './patients';
import { INT4_MAX, safeText } from './primitives';
import { MESSAGES } from '../messages';
import { paginatedSchema } from './users';

const field = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * The appointment chosen in the appointment finder: spec §3 appointment fields (`toAppointmentFields`),
 * plus which appointment it was (`appointmentRecordSchema`'s id, start, type, status and clinic_code).
 */
export const dictationAppointmentSchema = z.object({
  patient_id: field(64),
  patient_first_name: field(100),
  patient_last_name: field(100),
  patient_referrer_code: field(20),
  patient_referrer_first_name: field(100),
  patient_referrer_last_name: field(100),
  appointment_id: field(64),
  appointment_date: z.iso.datetime({ offset: true, error: 'Enter the appointment date and time.' }).optional(),
  appointment_type: z.enum(APPOINTMENT_TYPES).optional(),
  appointment_status: field(40),
  clinic_code: field(20),
});
export type DictationAppointment = z.input<typeof dictationAppointmentSchema>;

/**
 * PATCH /api/dictation/{id}/details: the typist (or the author while approving) corrects the details,
 * checked by the same schema as the recording form (NHS number check digit, 'The Service field is
 * required.'). `appointment`: absent keeps it, null removes it.
 */
export const detailsCorrectionSchema = dictationDetailsSchema
  .pick({ department_id: true, job_type_id: true, urgent: true, patient: true, custom_fields: true, identity_choice: true })
  .extend({ appointment: dictationAppointmentSchema.nullable().optional() });
export type DetailsCorrection = z.input<typeof detailsCorrectionSchema>;

/** Claim, take-over, hand-offs and details corrections answer the dictation as it now is. */
export const dictationAnswerSchema = z.object({ data: dictationSchema });

/** POST /api/dictation/{id}/transition */
export const transitionSchema = z.object({
  action: z.enum(PAGE_ACTIONS, { error: `action: one of ${PAGE_ACTIONS.join(', ')}.` }),
  /**
   * Required when sending a letter back (hand_back, return_for_typing, qa_return), and when sending it on
   * despite what the send check found (issue 23: src/domain/send-check.ts): kept as a comment.
   */
  reason: safeText().trim().max(2000, 'Keep the reason under 2000 characters.').optional(),
  /** The letter version the user saw: a hand-off based on an older one is refused (409 letter_conflict). */
  base_version: z.number().int().min(0).max(INT4_MAX, MESSAGES.idInvalid).optional(),
});
export type TransitionRequest = z.input<typeof transitionSchema>;

const person = z.object({ id: z.number(), full_name: z.string() }).nullable();

/** `?page=&paginate=` of the comments and audit trail lists (newest first). */
export const detailPageQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, 'page: a page number is a whole number from 1.')
    .transform(Number)
    .pipe(z.number().min(1, 'page: a page number is a whole number from 1.'))
    .default(1),
  paginate: z.enum(['10', '20', '50'], { error: 'paginate: 10, 20 or 50 per page.' }).transform(Number).default(20),
});

export const newCommentSchema = z.object({
  comments: safeText().trim().min(1, 'Write the comment first.').max(2000, 'Keep a comment under 2000 characters.'),
});
export const dictationCommentSchema = z.object({ id: z.number(), comments: z.string(), user: person, created_at: z.string() });
export type DictationComment = z.infer<typeof dictationCommentSchema>;
export const commentAnswerSchema = z.object({ data: dictationCommentSchema });
export const commentsPageSchema = z.object({ data: paginatedSchema(dictationCommentSchema) });

export const dictationLogSchema = z.object({
  id: z.number(),
  description: z.string(),
  type: z.string(),
  user: person,
  created_at: z.string(),
});
export type DictationLog = z.infer<typeof dictationLogSchema>;
export const logsPageSchema = z.object({ data: paginatedSchema(dictationLogSchema) });
