import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/domain/messages';
import type { AppointmentRecord, PatientRecord } from '../../src/domain/contract/patients';
import { demoDictationPatients, seedDemoPatients } from '../../server/db/demo-patients';
import { auditLog, patients, trusts } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, SECRETARY, MANAGER, FOREIGN } from './worklist-fixtures';

/** The embedded patient index (no FHIR_BASE_URL) over the demo trust's synthetic patients. */
let t: TestApp;
const tokens: Record<string, string> = {};
const first = demoDictationPatients()[0]!;
let foreignPatientId = 0;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPatients(t.db);
  for (const email of [SECRETARY, AUTHOR, MANAGER, FOREIGN, 'trustadmin@wardnote.test', 'superadmin@wardnote.test']) {
    tokens[email] = await t.login(email);
  }
  const [other] = await t.db.select().from(trusts).where(eq(trusts.name, 'Other NHS Trust'));
  const [gwen] = await t.db
    .select()
    .from(patients)
    .where(and(eq(patients.trustId, other!.id), eq(patients.lastName, 'PRICE')));
  foreignPatientId = gwen!.id;
});
afterAll(() => t.close());

const search = (who: string, query: string) => t.call('GET', `/api/patients?${query}`, { token: tokens[who] });
const found = (res: { json(): { data: PatientRecord[] } }) => res.json().data;

describe('GET /api/patients on the embedded index', () => {
  it('finds a demo dictation’s patient by NHS number (spaces allowed), with address, GP practice and next of kin', async () => {
    const spaced = `${first.nhsNumber.slice(0, 3)} ${first.nhsNumber.slice(3, 6)} ${first.nhsNumber.slice(6)}`;
    const res = await search(SECRETARY, `nhs_number=${encodeURIComponent(spaced)}`);
    expect(res.statusCode).toBe(200);
    const [p, ...rest] = found(res);
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      patient_first_name: first.firstName,
      patient_last_name: first.lastName,
      patient_nhs_id: first.nhsNumber,
      patient_mrn_id: first.mrn,
      patient_birthdate: first.birthdate,
      patient_gender: first.gender,
    });
    expect(p!.address).toEqual({ lines: [expect.any(String), expect.any(String)], post_code: expect.stringMatching(/^DM\d \d[A-Z]{2}$/) });
    expect(p!.gp).toMatchObject({
      code: expect.stringMatching(/^A99\d{3}$/),
      practice: expect.any(String),
      name: expect.stringMatching(/^Dr /),
    });
    expect(p!.gp!.address!.post_code).toMatch(/^DM/);
    expect(Array.isArray(p!.next_of_kin)).toBe(true);
  });

  it('finds by hospital number, whatever its case', async () => {
    const res = await search(AUTHOR, `mrn=${first.mrn.toLowerCase()}`);
    expect(res.statusCode).toBe(200);
    expect(found(res).map((p) => p.patient_mrn_id)).toEqual([first.mrn]);
  });

  it('finds by surname (any case) and date of birth: everyone who matches, by first name', async () => {
    const res = await search(SECRETARY, 'family=smith&birthdate=1941-03-14');
    expect(res.statusCode).toBe(200);
    expect(found(res).map((p) => p.patient_first_name)).toEqual(['Dennis', 'Dorothy']);
  });

  it('a surname with an apostrophe is found', async () => {
    const res = await search(MANAGER, `family=${encodeURIComponent("o'neill")}&birthdate=1988-11-02`);
    expect(found(res).map((p) => p.patient_last_name)).toEqual(["O'NEILL"]);
  });

  it('no match is an empty list, not an error', async () => {
    const res = await search(SECRETARY, 'family=Nobody&birthdate=1999-01-01');
    expect(res.statusCode).toBe(200);
    expect(found(res)).toEqual([]);
  });

  it('answers only from the caller’s trust', async () => {
    const ours = await search(SECRETARY, 'family=Smith&birthdate=1950-01-01');
    expect(found(ours).every((p) => p.patient_mrn_id?.startsWith('RDG'))).toBe(true);
    const theirs = await search(FOREIGN, `nhs_number=${first.nhsNumber}`);
    expect(theirs.statusCode).toBe(200);
    expect(found(theirs)).toEqual([]);
    const foreignOwn = await search(FOREIGN, 'family=price&birthdate=1960-05-05');
    expect(found(foreignOwn).map((p) => p.patient_first_name)).toEqual(['Gwen']);
  });

  it('refuses an NHS number whose check digit is wrong, naming the field', async () => {
    const bad = first.nhsNumber.slice(0, 9) + String((Number(first.nhsNumber[9]) + 1) % 10);
    const res = await search(SECRETARY, `nhs_number=${bad}`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'validation', errors: { nhs_number: [MESSAGES.nhsNumberInvalid] } });
  });

  it('asks for one way of searching, and for both surname and date of birth', async () => {
    const none = await search(SECRETARY, '');
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(MESSAGES.patientSearchKind);
    const two = await search(SECRETARY, `nhs_number=${first.nhsNumber}&mrn=${first.mrn}`);
    expect(two.json().message).toBe(MESSAGES.patientSearchKind);
    const surnameOnly = await search(SECRETARY, 'family=Smith');
    expect(surnameOnly.statusCode).toBe(422);
    expect(Object.keys(surnameOnly.json().errors)).toEqual(['birthdate']);
    const badDate = await search(SECRETARY, 'family=Smith&birthdate=14/03/1941');
    expect(badDate.json().errors.birthdate[0]).toMatch(/date of birth as a date/);
  });

  it('is for those who may open a dictation, signed in', async () => {
    expect((await search('trustadmin@wardnote.test', `nhs_number=${first.nhsNumber}`)).statusCode).toBe(403);
    expect((await t.call('GET', `/api/patients?nhs_number=${first.nhsNumber}`)).statusCode).toBe(401);
    expect((await search('superadmin@wardnote.test', `nhs_number=${first.nhsNumber}`)).statusCode).toBe(200);
  });

  it('writes who searched and how to the audit log, never what was searched for', async () => {
    await search(AUTHOR, `nhs_number=${first.nhsNumber}`);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, 'patients.search'));
    expect(rows.length).toBeGreaterThan(0);
    const last = rows.at(-1)!;
    expect(last.userId).not.toBeNull();
    expect(last.details).toEqual({ by: 'nhs_number', provider: 'embedded', found: 1 });
    expect(JSON.stringify(rows)).not.toContain(first.nhsNumber);
    expect(JSON.stringify(rows)).not.toContain('1941-03-14');
  });
});

describe('GET /api/patients/{id}/appointments on the embedded index', () => {
  it('lists the patient’s appointments, latest first, with the spec fields, type, status, start and clinic', async () => {
    const [p] = found(await search(SECRETARY, `nhs_number=${first.nhsNumber}`));
    const res = await t.call('GET', `/api/patients/${p!.id}/appointments`, { token: tokens[SECRETARY] });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ data: AppointmentRecord[] }>().data;
    expect(list.length).toBeGreaterThanOrEqual(2);
    const starts = list.map((a) => a.start!);
    expect([...starts].sort().reverse()).toEqual(starts);
    for (const a of list) {
      expect(a).toMatchObject({ patient_id: p!.id, patient_first_name: first.firstName, patient_last_name: first.lastName });
      expect(['Checkup', 'Emergency', 'Followup', 'Routine', 'Walkin']).toContain(a.type);
      expect(a.status).toMatch(/^[A-Z]/);
      expect(a.clinic_code).toMatch(/^[A-Z]{3}-/);
    }
    expect(list.some((a) => a.patient_referrer_code && a.patient_referrer_last_name)).toBe(true);
  });

  it('another trust’s patient, an unknown one or a FHIR-style id is not found; a malformed id is refused', async () => {
    const call = (id: string) => t.call('GET', `/api/patients/${id}/appointments`, { token: tokens[SECRETARY] });
    expect((await call(String(foreignPatientId))).statusCode).toBe(404);
    expect((await call('99999999')).statusCode).toBe(404);
    expect((await call('pat-1')).statusCode).toBe(404);
    expect((await call('a%20b')).statusCode).toBe(422);
    const own = await t.call('GET', `/api/patients/${foreignPatientId}/appointments`, { token: tokens[FOREIGN] });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.length).toBeGreaterThan(0);
  });
});

describe('lookups are limited per user', () => {
  it('the 31st lookup in a minute is refused with 429, for that user only', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await search(MANAGER, 'family=Nobody&birthdate=1999-01-01')).statusCode);
    expect(statuses.slice(0, 28).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await search(SECRETARY, 'family=Nobody&birthdate=1999-01-01')).statusCode).toBe(200);
  });
});
