import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidNhsNumber } from '../../src/domain/nhs-number';
import { APPOINTMENT_TYPES, FHIR_APPOINTMENT_STATUSES } from '../../src/domain/contract/patients';
import type { AudioStorage } from '../../server/adapters/storage';
import type { JobQueue } from '../../server/lib/jobs';
import { seedDemoDictations } from '../../server/db/demo-dictations';
import { seedDemoPatients } from '../../server/db/demo-patients';
import { appointments, dictations, patients, trusts } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';

/** The demo data as `npm start` seeds it: patients first, then the dictations about them. */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPatients(t.db);
  // The dictations' audio and conversion jobs are not what this test is about.
  const storage = { putFile: async () => 1000 } as unknown as AudioStorage;
  const jobs = { enqueue: async () => {} } as unknown as JobQueue;
  await seedDemoDictations(t.db, { storage, jobs });
});
afterAll(() => t.close());

describe('demo patients', () => {
  it('every demo dictation’s patient is in the demo trust’s index with the same details', async () => {
    const [demo] = await t.db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
    const people = await t.db.select().from(patients).where(eq(patients.trustId, demo!.id));
    const byNhs = new Map(people.map((p) => [p.nhsNumber, p]));
    const made = await t.db.select({ patient: dictations.patient }).from(dictations).where(eq(dictations.trustId, demo!.id));
    expect(made.length).toBeGreaterThan(50);
    for (const { patient } of made) {
      const p = byNhs.get(patient.patient_nhs_id!);
      expect(p, `no patient for a demo dictation (${patient.patient_mrn_id})`).toBeDefined();
      expect({
        patient_first_name: p!.firstName,
        patient_last_name: p!.lastName,
        patient_mrn_id: p!.mrn,
        patient_nhs_id: p!.nhsNumber,
        patient_birthdate: p!.birthdate,
        patient_gender: p!.gender,
      }).toEqual(patient);
    }
  });

  it('NHS numbers are valid, from the 999 test range and unique; hospital numbers are unique', async () => {
    const people = await t.db.select().from(patients);
    const nhs = people.map((p) => p.nhsNumber).filter((n): n is string => !!n);
    expect(nhs.every((n) => n.startsWith('999') && isValidNhsNumber(n))).toBe(true);
    expect(new Set(nhs).size).toBe(nhs.length);
    expect(new Set(people.map((p) => p.mrn)).size).toBe(people.length);
    expect(people.every((p) => /^A99\d{3}$/.test(p.gp?.code ?? ''))).toBe(true);
  });

  it('appointments cover every type and several statuses on weekdays, each patient having some', async () => {
    const rows = await t.db.select().from(appointments);
    const people = await t.db.select({ id: patients.id }).from(patients);
    const perPatient = new Set(rows.map((r) => r.patientId));
    expect(people.every((p) => perPatient.has(p.id))).toBe(true);
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(APPOINTMENT_TYPES));
    const statuses = new Set(rows.map((r) => r.status));
    expect(statuses.size).toBeGreaterThanOrEqual(6);
    for (const s of statuses) expect(FHIR_APPOINTMENT_STATUSES).toContain(s);
    expect(rows.filter((r) => [0, 6].includes(r.startAt.getUTCDay()))).toEqual([]);
  });
});
