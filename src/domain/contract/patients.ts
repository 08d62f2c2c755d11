/**
 * Patient and appointment lookup (issue 11): GET /api/patients (by NHS number, by hospital number, or
 * by surname and date of birth) and GET /api/patients/{id}/appointments. The answers carry the spec's
 * patient and appointment field names (spec §3), plus what a letter needs besides: address, registered
 * GP practice, next of kin. Ids are text: a FHIR server's ids are not numbers.
 */
import { z } from 'zod';
import { MESSAGES } from '../messages';
import { isValidNhsNumber, normaliseNhsNumber } from '../nhs-number';
import { safeText } from './primitives';

/** Spec §9. */
export const APPOINTMENT_TYPES = ['Checkup', 'Emergency', 'Followup', 'Routine', 'Walkin'] as const;
export type AppointmentType = (typeof APPOINTMENT_TYPES)[number];

/** Spec §9, FHIR list (R4's ten codes and the extra ones the spec names). */
export const FHIR_APPOINTMENT_STATUSES = [
  'Proposed',
  'Pending',
  'Booked',
  'Arrived',
  'Fulfilled',
  'Cancelled',
  'Noshow',
  'Entered-in-error',
  'Checked-in',
  'Waitlist',
  'Complete',
  'Deleted',
  'Dc',
  'Overbook',
  'Started',
] as const;
/** Spec §9, HL7 v2 list (SIU filler status codes). */
export const HL7_APPOINTMENT_STATUSES = ['Blocked', 'Booked', 'Cancelled', 'Pending', 'Waitlist'] as const;

export const PATIENT_GENDERS = ['male', 'female', 'other', 'unknown'] as const;

/** A FHIR logical id ([A-Za-z0-9-.]{1,64}); the embedded index's ids are digits, a subset. */
export const patientIdParamSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9.-]{1,64}$/, 'This is not a valid patient id.'),
});

/** What a search asks for: exactly one of the three ways. */
export type PatientSearch = { nhs_number: string } | { mrn: string } | { family: string; birthdate: string };

const blankToUndefined = (v: string | undefined) => (v ? v : undefined);
const queryText = (max: number) => safeText().trim().max(max).optional().transform(blankToUndefined);

export const patientSearchQuerySchema = z
  .object({
    nhs_number: queryText(40),
    mrn: queryText(40),
    family: queryText(100),
    birthdate: queryText(10),
  })
  .superRefine((q, ctx) => {
    const byName = q.family !== undefined || q.birthdate !== undefined;
    const ways = [q.nhs_number !== undefined, q.mrn !== undefined, byName].filter(Boolean).length;
    if (ways !== 1) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.patientSearchKind, path: [] });
      return;
    }
    if (q.nhs_number !== undefined && !isValidNhsNumber(q.nhs_number)) {
      ctx.addIssue({ code: 'custom', message: MESSAGES.nhsNumberInvalid, path: ['nhs_number'] });
    }
    if (byName && !q.family) ctx.addIssue({ code: 'custom', message: 'Enter the surname as well as the date of birth.', path: ['family'] });
    if (byName && !q.birthdate)
      ctx.addIssue({ code: 'custom', message: 'Enter the date of birth as well as the surname.', path: ['birthdate'] });
    else if (byName && !z.iso.date().safeParse(q.birthdate).success) {
      ctx.addIssue({ code: 'custom', message: 'Enter the date of birth as a date (yyyy-mm-dd).', path: ['birthdate'] });
    }
  })
  .transform((q): PatientSearch => {
    if (q.nhs_number) return { nhs_number: normaliseNhsNumber(q.nhs_number) };
    if (q.mrn) return { mrn: q.mrn };
    return { family: q.family!, birthdate: q.birthdate! };
  });

const addressSchema = z.object({ lines: z.array(z.string()), post_code: z.string().nullable() });
export type PostalAddress = z.infer<typeof addressSchema>;

/** One patient as the index knows them: the spec's patient fields first. */
export const patientRecordSchema = z.object({
  id: z.string(),
  patient_first_name: z.string(),
  patient_last_name: z.string(),
  patient_mrn_id: z.string().nullable(),
  patient_nhs_id: z.string().nullable(),
  /** yyyy-mm-dd; null when unknown or only partly known (a year alone). */
  patient_birthdate: z.string().nullable(),
  patient_gender: z.enum(PATIENT_GENDERS).nullable(),
  email: z.string().nullable(),
  address: addressSchema.nullable(),
  /** The registered GP practice (recipient entry gp: id as code). */
  gp: z
    .object({
      /** ODS code of the practice. */
      code: z.string().nullable(),
      /** The GP's own name, when the index knows it. */
      name: z.string().nullable(),
      practice: z.string().nullable(),
      address: addressSchema.nullable(),
    })
    .nullable(),
  next_of_kin: z.array(z.object({ name: z.string(), relationship: z.string() })),
});
export type PatientRecord = z.infer<typeof patientRecordSchema>;

export const patientListSchema = z.object({ data: z.array(patientRecordSchema) });

/** One appointment of a patient: the spec's appointment fields, then what the finder shows. */
export const appointmentRecordSchema = z.object({
  id: z.string(),
  patient_id: z.string(),
  patient_first_name: z.string().nullable(),
  patient_last_name: z.string().nullable(),
  patient_referrer_code: z.string().nullable(),
  patient_referrer_first_name: z.string().nullable(),
  patient_referrer_last_name: z.string().nullable(),
  type: z.enum(APPOINTMENT_TYPES).nullable(),
  /** One of FHIR_APPOINTMENT_STATUSES or HL7_APPOINTMENT_STATUSES; a code outside them is passed on capitalised. */
  status: z.string(),
  /** ISO date-time; null for an appointment not yet given a time (proposed, waitlist). */
  start: z.string().nullable(),
  clinic_code: z.string().nullable(),
});
export type AppointmentRecord = z.infer<typeof appointmentRecordSchema>;

export const appointmentListSchema = z.object({ data: z.array(appointmentRecordSchema) });

/** The dictation's patient fields (spec §3) from a found patient: what choosing them fills in. */
export function toPatientFields(p: PatientRecord) {
  const fields: {
    patient_first_name?: string;
    patient_last_name?: string;
    patient_mrn_id?: string;
    patient_nhs_id?: string;
    patient_birthdate?: string;
    patient_gender?: (typeof PATIENT_GENDERS)[number];
  } = {};
  if (p.patient_first_name) fields.patient_first_name = p.patient_first_name;
  if (p.patient_last_name) fields.patient_last_name = p.patient_last_name;
  if (p.patient_mrn_id) fields.patient_mrn_id = p.patient_mrn_id;
  if (p.patient_nhs_id) fields.patient_nhs_id = p.patient_nhs_id;
  if (p.patient_birthdate) fields.patient_birthdate = p.patient_birthdate;
  if (p.patient_gender) fields.patient_gender = p.patient_gender;
  return fields;
}
export type PatientFields = ReturnType<typeof toPatientFields>;

const APPOINTMENT_FIELDS = [
  'patient_id',
  'patient_first_name',
  'patient_last_name',
  'patient_referrer_code',
  'patient_referrer_first_name',
  'patient_referrer_last_name',
] as const;

/** The dictation's appointment fields (spec §3) from a chosen appointment; unknown ones are left out. */
export function toAppointmentFields(a: AppointmentRecord): Partial<Record<(typeof APPOINTMENT_FIELDS)[number], string>> {
  const fields: Partial<Record<(typeof APPOINTMENT_FIELDS)[number], string>> = {};
  for (const key of APPOINTMENT_FIELDS) {
    const v = a[key];
    if (v) fields[key] = v;
  }
  return fields;
}
export type AppointmentFields = ReturnType<typeof toAppointmentFields>;
