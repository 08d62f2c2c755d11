/**
 * The wrong-patient check on the server (issue 23), with the rule of src/domain/patient-identity.ts:
 * the dictation's patient as identified by number (NHS number, else hospital number) in the trust's
 * embedded index — the entry a letter takes its addresses, e-mail and GP from (documents/letter-source.ts)
 * — must be the patient whose name and date of birth were typed. Run where patient details are saved and
 * before any delivery is created; the user's choice in the browser's confirmation is audited here.
 */
import { compareIdentity, identifyingNumber, identityMismatchText, type IdentityChoice } from '../../../src/domain/patient-identity';
import type { Db } from '../../db/client';
import { findByNumber } from './embedded-index.repository';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';

type PatientFields = Partial<Record<string, string | undefined>>;

/** The index entry the dictation's number points at: by NHS number, else by hospital number. */
export async function findIndexedPatient(db: Db, trustId: number, p: PatientFields) {
  const number = identifyingNumber(p);
  if (!number) return null;
  const nhs = p.patient_nhs_id ? identifyingNumber({ patient_nhs_id: p.patient_nhs_id }) : null;
  if (nhs) {
    const r = await findByNumber(db, trustId, { nhsNumber: nhs.value });
    if (r) return { number: nhs, row: r };
  }
  if (p.patient_mrn_id?.trim()) {
    const mrn = p.patient_mrn_id.trim();
    const r = await findByNumber(db, trustId, { mrn });
    if (r) return { number: { kind: 'mrn' as const, value: mrn }, row: r };
  }
  return null;
}
export type FoundPatient = NonNullable<Awaited<ReturnType<typeof findIndexedPatient>>>;

/** The words of a disagreement between the typed patient and the index entry of their number; null when they agree. */
export function identityProblemOf(found: FoundPatient | null, p: PatientFields): string | null {
  if (!found) return null;
  const record = {
    patient_first_name: found.row.firstName,
    patient_last_name: found.row.lastName,
    patient_birthdate: found.row.birthdate,
  };
  return compareIdentity(p, record).agree ? null : identityMismatchText(found.number, record, p);
}

/** Refuses (422 patient_identity_mismatch, both patients named) details whose number belongs to someone else. */
export async function checkPatientIdentity(db: Db, trustId: number, p: PatientFields): Promise<void> {
  const problem = identityProblemOf(await findIndexedPatient(db, trustId, p), p);
  if (problem) throw Errors.patientIdentityMismatch(problem);
}

/** What the user chose in the side-by-side confirmation, kept with the dictation it was saved for (ids only). */
export async function auditIdentityChoice(
  db: Db,
  entry: { trustId: number; userId: number; dictationId: number; choice: IdentityChoice | undefined; ip?: string },
): Promise<void> {
  if (!entry.choice) return;
  await audit(db, {
    trustId: entry.trustId,
    userId: entry.userId,
    action: 'patient.identity_choice',
    entityType: 'dictation',
    entityId: entry.dictationId,
    details: { choice: entry.choice },
    ip: entry.ip,
  });
}
