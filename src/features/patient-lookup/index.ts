/**
 * Patient and appointment lookup for the dictation page (P and A). Each finder's code loads the first
 * time it opens, so a page that never looks anyone up does not fetch it.
 */
export { PatientFinder, AppointmentFinder } from './lazy-finders';
export type { PatientFinderProps } from './patient-finder';
export type { AppointmentFinderProps } from './appointment-finder';
export type { AppointmentFields, AppointmentRecord, PatientFields, PatientRecord } from '../../domain/contract';
export { useIdentityCheck, type IdentityOutcome } from './identity-check';
