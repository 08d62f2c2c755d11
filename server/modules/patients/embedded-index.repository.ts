import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppointmentRecord, PatientRecord, PatientSearch } from '../../../src/domain/contract/patients';
import { APPOINTMENT_TYPES, PATIENT_GENDERS } from '../../../src/domain/contract/patients';
import type { Db } from '../../db/client';
import { appointments, patients } from '../../db/schema';
import { APPOINTMENT_LIMIT, SEARCH_LIMIT, type PatientIndex } from '../../adapters/patient-index';

type PatientRow = typeof patients.$inferSelect;
type AppointmentRow = typeof appointments.$inferSelect;

/** The embedded index: the `patients` and `appointments` tables, one trust at a time, each search on its own index. */
export function createEmbeddedIndex(db: Db, trustId: number): PatientIndex {
  return {
    async searchPatients(q: PatientSearch) {
      const match =
        'nhs_number' in q
          ? eq(patients.nhsNumber, q.nhs_number)
          : 'mrn' in q
            ? inArray(patients.mrn, [...new Set([q.mrn, q.mrn.toUpperCase()])])
            : and(eq(sql`lower(${patients.lastName})`, q.family.toLowerCase()), eq(patients.birthdate, q.birthdate));
      const rows = await db
        .select()
        .from(patients)
        .where(and(eq(patients.trustId, trustId), match))
        .orderBy(asc(patients.lastName), asc(patients.firstName), asc(patients.id))
        .limit(SEARCH_LIMIT);
      return rows.map(toPatientRecord);
    },

    async getPatient(id: string) {
      const n = embeddedId(id);
      if (n === null) return null;
      const [row] = await db
        .select()
        .from(patients)
        .where(and(eq(patients.id, n), eq(patients.trustId, trustId)));
      return row ? toPatientRecord(row) : null;
    },

    async listAppointments(patientId: string) {
      const n = embeddedId(patientId);
      if (n === null) return [];
      const rows = await db
        .select()
        .from(appointments)
        .where(and(eq(appointments.patientId, n), eq(appointments.trustId, trustId)))
        .orderBy(desc(appointments.startAt), desc(appointments.id))
        .limit(APPOINTMENT_LIMIT);
      return rows.map(toAppointmentRecord);
    },
  };
}

/** Embedded ids are serial integers; anything else (a FHIR-style id) cannot be one of ours. */
function embeddedId(id: string): number | null {
  if (!/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

const splitLines = (text: string | undefined) => (text ?? '').split('\n').filter(Boolean);

function toPatientRecord(r: PatientRow): PatientRecord {
  const gender = PATIENT_GENDERS.find((g) => g === r.gender) ?? null;
  const gp = r.gp;
  return {
    id: String(r.id),
    patient_first_name: r.firstName,
    patient_last_name: r.lastName,
    patient_mrn_id: r.mrn,
    patient_nhs_id: r.nhsNumber,
    patient_birthdate: r.birthdate,
    patient_gender: gender,
    email: r.email,
    address: r.address ? { lines: r.address.lines, post_code: r.address.postCode || null } : null,
    gp: gp
      ? {
          code: gp.code ?? null,
          name: gp.name ?? null,
          practice: gp.practice ?? null,
          address: gp.address || gp.postCode ? { lines: splitLines(gp.address), post_code: gp.postCode ?? null } : null,
        }
      : null,
    next_of_kin: r.nextOfKin,
  };
}

function toAppointmentRecord(r: AppointmentRow): AppointmentRecord {
  return {
    id: String(r.id),
    patient_id: String(r.patientId),
    patient_first_name: null,
    patient_last_name: null,
    patient_referrer_code: r.referrerCode,
    patient_referrer_first_name: r.referrerFirstName,
    patient_referrer_last_name: r.referrerLastName,
    type: APPOINTMENT_TYPES.find((t) => t === r.type) ?? null,
    status: r.status,
    start: r.startAt.toISOString(),
    clinic_code: r.clinicCode,
  };
}

/** What the wrong-patient check compares, and what a letter takes from the index entry (addresses, e-mail, GP). */
const IDENTITY_COLUMNS = {
  id: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
  birthdate: patients.birthdate,
  address: patients.address,
  email: patients.email,
  gp: patients.gp,
  next_of_kin: patients.nextOfKin,
};

/** The trust's index entry with this NHS number or hospital number (MRN), or undefined. */
export async function findByNumber(db: Db, trustId: number, by: { nhsNumber: string } | { mrn: string }) {
  const [r] = await db
    .select(IDENTITY_COLUMNS)
    .from(patients)
    .where(and(eq(patients.trustId, trustId), 'nhsNumber' in by ? eq(patients.nhsNumber, by.nhsNumber) : eq(patients.mrn, by.mrn)))
    .limit(1);
  return r;
}
