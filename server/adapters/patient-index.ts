import type { AppointmentRecord, PatientRecord, PatientSearch } from '../../src/domain/contract/patients';

/**
 * Where patients and their appointments are looked up: the embedded `patients` table, or a FHIR R4
 * server (server/adapters/fhir-patient-index.ts). One instance answers for one trust.
 */
export interface PatientIndex {
  /** Matches of one search, at most SEARCH_LIMIT, surname then first name order. */
  searchPatients(query: PatientSearch): Promise<PatientRecord[]>;
  /** The patient, or null when unknown (or not this trust's). */
  getPatient(id: string): Promise<PatientRecord | null>;
  /** The patient's appointments, latest first (names are filled in by the caller). */
  listAppointments(patientId: string): Promise<AppointmentRecord[]>;
}

/** The most matches one search returns: a search that finds more should be narrowed, not paged. */
export const SEARCH_LIMIT = 50;

/** The most appointments listed for one patient (the latest ones). */
export const APPOINTMENT_LIMIT = 100;

/**
 * The remote index failed (unreachable, timed out, refused, answered something that is not a FHIR
 * Bundle). Carries what operators may see — a status and a kind — never the URL, query or body.
 */
export class PatientIndexUnavailable extends Error {
  constructor(
    readonly kind: 'unreachable' | 'timeout' | 'refused' | 'bad_answer',
    readonly upstreamStatus?: number,
  ) {
    super(`patient index ${kind}${upstreamStatus ? ` (${upstreamStatus})` : ''}`);
  }
}
