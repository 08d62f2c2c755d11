import { z } from 'zod';
import { isValidNhsNumber, normaliseNhsNumber } from '../nhs-number';
import { MESSAGES } from '../messages';
import { IDENTITY_CHOICES } from '../patient-identity';
import { DICTATION_STATUSES } from '../statuses';
import { idSchema, safeText } from './primitives';

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : undefined));

export const patientSchema = z.object({
  patient_first_name: optionalText(100),
  patient_last_name: optionalText(100),
  patient_mrn_id: optionalText(40),
  patient_nhs_id: safeText()
    .trim()
    .max(40)
    .optional()
    .transform((v) => (v ? normaliseNhsNumber(v) : undefined))
    .refine((v) => v === undefined || isValidNhsNumber(v), 'This is not a valid NHS number: check the 10 digits.'),
  patient_birthdate: z.iso.date('Enter the date of birth as a date.').optional(),
  patient_gender: z.enum(['male', 'female', 'other', 'unknown']).optional(),
});
export type PatientDetails = z.input<typeof patientSchema>;

export const URGENCIES = ['HIGH', 'STANDARD'] as const;

/** What the author or typist fills in about a dictation (the details form and the finalise call). */
export const dictationDetailsSchema = z.object({
  department_id: idSchema(MESSAGES.serviceRequired),
  job_type_id: idSchema().optional(),
  urgent: z.enum(URGENCIES).default('STANDARD'),
  is_confidential: z.boolean().default(false),
  patient: patientSchema.prefault({}),
  custom_fields: z
    .array(z.object({ id: safeText().min(1).max(40), value: safeText().max(500) }))
    .max(30)
    .default([]),
  /** Secretary/Manager uploading for an author; an Author always dictates as themself. */
  author_id: idSchema().optional(),
  /**
   * Issue 23: what the user chose when the number they typed belonged to another patient in the index
   * ("Use the record" or "Correct the number"); the server audits it with the save.
   */
  identity_choice: z.enum(IDENTITY_CHOICES).optional(),
});
export type DictationDetails = z.input<typeof dictationDetailsSchema>;

/** POST /api/dictation: turns a finished tus upload into a dictation. Idempotent on client_id. */
export const finaliseDictationSchema = dictationDetailsSchema.extend({
  client_id: z.uuid(),
  upload_id: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/),
  original_filename: safeText().trim().min(1).max(255),
  mime_type: safeText().max(100).optional(),
  byte_size: z.number().int().positive(),
  /** What the device measured while recording; the server's own measure wins once transcoded. */
  duration_ms: z.number().int().nonnegative().optional(),
  status: z.enum(['DRAFT', 'READY_FOR_TYPING']),
  is_mobile: z.boolean().default(false),
});
export type FinaliseDictation = z.input<typeof finaliseDictationSchema>;

/** PATCH /api/dictation/{id}: the author changes a draft's details, keeping it a draft or submitting it. */
export const updateDraftSchema = dictationDetailsSchema.omit({ author_id: true }).extend({
  status: z.enum(['DRAFT', 'READY_FOR_TYPING']),
});
export type UpdateDraft = z.input<typeof updateDraftSchema>;

/** Patient fields as the API answers them (no input transforms: responses are encoded with this). */
export const patientOutSchema = z.object({
  patient_first_name: z.string().optional(),
  patient_last_name: z.string().optional(),
  patient_mrn_id: z.string().optional(),
  patient_nhs_id: z.string().optional(),
  patient_birthdate: z.string().optional(),
  patient_gender: z.string().optional(),
});

/**
 * The appointment chosen in the appointment finder, as the API answers it: spec §3 appointment fields,
 * plus which appointment it was. Input: src/domain/contract/dictation-detail.ts.
 */
export const appointmentOutSchema = z.object({
  patient_id: z.string().optional(),
  patient_first_name: z.string().optional(),
  patient_last_name: z.string().optional(),
  patient_referrer_code: z.string().optional(),
  patient_referrer_first_name: z.string().optional(),
  patient_referrer_last_name: z.string().optional(),
  appointment_id: z.string().optional(),
  appointment_date: z.string().optional(),
  appointment_type: z.string().optional(),
  appointment_status: z.string().optional(),
  clinic_code: z.string().optional(),
});

export const AUDIO_STATES = ['processing', 'ready', 'needs_conversion', 'failed'] as const;

export const dictationSchema = z.object({
  id: z.number(),
  client_id: z.string(),
  reference: z.string(),
  status: z.enum(DICTATION_STATUSES),
  urgent: z.enum(URGENCIES),
  is_confidential: z.boolean(),
  is_mobile: z.boolean(),
  is_resend: z.boolean(),
  sr: z.enum(['FESR', 'BESR']).nullable(),
  user: z.object({ id: z.number(), full_name: z.string() }),
  department: z.object({ id: z.number(), name: z.string(), code: z.string() }).nullable(),
  /** qa_required: a typed letter of this type goes to QA review before the author (issue 12). */
  jobtype: z.object({ id: z.number(), name: z.string(), qa_required: z.boolean().optional() }).nullable(),
  assigned_to: z.object({ user_id: z.number() }).nullable(),
  /** Handed back with secretarial cover (spec §4): a Secretary or Manager may approve for the author. */
  secretarial_cover: z.boolean().optional(),
  /** Why the letter was last sent back to typing; null once passed on again (issue 12). */
  return_reason: z.string().nullable().optional(),
  /**
   * Sent on despite what the send check found (issue 23): the problems, who sent it and their reason,
   * shown to the author on top of the letter. Null when the last send found nothing wrong.
   */
  sent_anyway: z
    .object({ reason: z.string(), problems: z.array(z.string()), by: z.string() })
    .nullable()
    .optional(),
  /** The outsourcing pool an OUTSOURCED dictation is allocated to (issue 12). */
  outsourcing_pool_id: z.number().nullable().optional(),
  patient: patientOutSchema,
  appointment: appointmentOutSchema.nullable(),
  custom_fields: z.array(z.object({ id: z.string(), label: z.string(), pivot: z.object({ value: z.string() }) })),
  /** Null for a manual letter (typed without a recording). */
  audio: z
    .object({
      original_filename: z.string(),
      minutes: z.number(),
      seconds: z.number(),
      filesize: z.number(),
      filename: z.string(),
      mime_type: z.string().nullable(),
      state: z.enum(AUDIO_STATES),
      message: z.string().nullable(),
      duration_ms: z.number().nullable(),
      peaks: z.array(z.number()).nullable(),
      url: z.string().nullable(),
    })
    .nullable(),
  created_at: z.string(),
});
export type Dictation = z.infer<typeof dictationSchema>;
