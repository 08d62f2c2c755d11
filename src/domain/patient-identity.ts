/**
 * Wrong-patient check (issue 23): when a patient is identified by number (NHS number, else hospital
 * number) and the user also typed a name or date of birth, those must be the index's patient. One rule,
 * used by the browser (the side-by-side confirmation before a letter or recording is saved) and by the
 * server (a save with a number, and again just before any delivery is created). The scribe will use it too.
 *
 * A field left blank is not a disagreement (the number alone identifies the patient), nor is a field the
 * index does not know. Names are compared without case, spaces, hyphens, apostrophes or accents, so
 * "O'Neill" and "ONEILL", "Mary-Jane" and "mary jane" agree; anything else is a disagreement for the
 * user to settle, never a guess (Jon is not John).
 */
import { formatBirthDate, formatPatientName } from './display-format';
import { formatNhsNumber, normaliseNhsNumber } from './nhs-number';

export interface PatientIdentity {
  patient_first_name?: string | null;
  patient_last_name?: string | null;
  patient_birthdate?: string | null;
}

export type IdentityField = 'patient_first_name' | 'patient_last_name' | 'patient_birthdate';

export type IdentityCheck = { agree: true } | { agree: false; differs: IdentityField[] };

/** What the user makes of a disagreement; kept in the audit trail with the save that follows it. */
export const IDENTITY_CHOICES = ['use_record', 'corrected_number'] as const;
export type IdentityChoice = (typeof IDENTITY_CHOICES)[number];

/** "O'Neill-Smith " → "oneillsmith": the spelling without what people and systems write differently. */
export function normaliseName(name: string | null | undefined): string {
  return (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s\-‐‑–—'’‘`.]/g, '');
}

const blank = (v: string | null | undefined) => !v || !v.trim();

/** Whether what was typed is the index's patient; the fields that differ when not. */
export function compareIdentity(entered: PatientIdentity, record: PatientIdentity): IdentityCheck {
  const differs: IdentityField[] = [];
  for (const key of ['patient_first_name', 'patient_last_name'] as const) {
    if (blank(entered[key]) || blank(record[key])) continue;
    if (normaliseName(entered[key]) !== normaliseName(record[key])) differs.push(key);
  }
  if (!blank(entered.patient_birthdate) && !blank(record.patient_birthdate)) {
    if (entered.patient_birthdate!.trim() !== record.patient_birthdate!.trim()) differs.push('patient_birthdate');
  }
  return differs.length ? { agree: false, differs } : { agree: true };
}

/** How the patient was identified by number: the NHS number when given, else the hospital number. */
export function identifyingNumber(p: {
  patient_nhs_id?: string | null;
  patient_mrn_id?: string | null;
}): { kind: 'nhs'; value: string } | { kind: 'mrn'; value: string } | null {
  if (!blank(p.patient_nhs_id)) return { kind: 'nhs', value: normaliseNhsNumber(p.patient_nhs_id!) };
  if (!blank(p.patient_mrn_id)) return { kind: 'mrn', value: p.patient_mrn_id!.trim() };
  return null;
}

/** "HUGHES, John, born 02-Mar-1950" (what the side-by-side and the refusal say of one patient). */
export function describeIdentity(p: PatientIdentity): string {
  const name = formatPatientName(p.patient_first_name, p.patient_last_name) || 'no name';
  const born = formatBirthDate(p.patient_birthdate);
  return born ? `${name}, born ${born}` : name;
}

/**
 * "NHS number 999 001 2598 belongs to HUGHES, John, born 02-Mar-1950; you entered Manual Lettertest."
 * (the words of the confirmation and of the server's refusal).
 */
export function identityMismatchText(
  number: { kind: 'nhs' | 'mrn'; value: string },
  record: PatientIdentity,
  entered: PatientIdentity,
): string {
  const which = number.kind === 'nhs' ? `NHS number ${formatNhsNumber(number.value)}` : `Hospital number ${number.value}`;
  const typedName = [entered.patient_first_name, entered.patient_last_name]
    .map((v) => v?.trim())
    .filter(Boolean)
    .join(' ');
  const typedBorn = formatBirthDate(entered.patient_birthdate);
  const typed = typedName
    ? [typedName, typedBorn && `born ${typedBorn}`].filter(Boolean).join(', ')
    : typedBorn && `date of birth ${typedBorn}`;
  return `${which} belongs to ${describeIdentity(record)}; you entered ${typed || 'other details'}.`;
}
