import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveries, dictations, letters, patients, users } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { letterDoc, userId } from './letters-fixtures';
import { AUTHOR, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * Issue 23, wrong-patient merge: a letter for "Manual Lettertest" with NHS number 999 001 2598 (HUGHES,
 * John's in the demo index) was sent to John Hughes's home, e-mail and GP. The server refuses details
 * whose number belongs to someone else, creates no delivery for such a letter, and audits the user's choice.
 */

const NHS = '9990012598';
let t: TestApp;
const tokens: Record<string, string> = {};
let hughes: { firstName: string; lastName: string; birthdate: string | null };
let options: { departments: { id: number }[]; job_types: { id: number; name: string }[] };

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY]) tokens[email] = await t.login(email);
  options = (await t.call('GET', '/api/dictation-options', { token: tokens[SECRETARY] })).json().data;
  // John Hughes as the demo index has him (server/db/demo-patients.ts): the shared test database has no demo patients.
  const [author] = await t.db.select().from(users).where(eq(users.email, AUTHOR));
  const [row] = await t.db
    .insert(patients)
    .values({
      trustId: author!.trustId,
      nhsNumber: NHS,
      firstName: 'John',
      lastName: 'HUGHES',
      birthdate: '1950-03-02',
      email: 'john.hughes@example.org',
      address: { lines: ['12 Mill Lane', 'Demoton'], postCode: 'DM1 2AB' },
      gp: {
        code: 'A99001',
        name: 'Dr Helen Marsh',
        practice: 'Riverside Medical Centre',
        address: '1 Riverside Walk\nDemoton',
        postCode: 'DM1 4RW',
      },
    })
    .returning();
  hughes = row!;
});
afterAll(() => t.close());

const clinicLetter = () => options.job_types.find((j) => j.name === 'Clinic Letter')!.id;
const manual = async (patient: Record<string, string>, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/dictation/manual', {
    token: tokens[SECRETARY],
    body: {
      author_id: await userId(t.db, AUTHOR),
      department_id: options.departments[0]!.id,
      job_type_id: clinicLetter(),
      patient,
      ...extra,
    },
  });
const deliveriesOf = (id: number) => t.db.select().from(deliveries).where(eq(deliveries.dictationId, id));

describe('the patient typed must be the index’s patient of that number', () => {
  it('refuses a manual letter for "Manual Lettertest" with HUGHES, John’s NHS number, naming both', async () => {
    expect(hughes).toMatchObject({ firstName: 'John', lastName: 'HUGHES' });
    const before = (await t.db.select().from(dictations)).length;
    const res = await manual({ patient_first_name: 'Manual', patient_last_name: 'Lettertest', patient_nhs_id: '999 001 2598' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('patient_identity_mismatch');
    expect(res.json().message).toMatch(
      /^NHS number 999 001 2598 belongs to HUGHES, John, born 02-Mar-1950; you entered Manual Lettertest\./,
    );
    expect((await t.db.select().from(dictations)).length).toBe(before);
  });

  it('agrees despite case, spaces, hyphens and apostrophes, and a blank name is no disagreement', async () => {
    const spaced = await manual({ patient_first_name: ' john ', patient_last_name: 'Hughes', patient_nhs_id: NHS });
    expect(spaced.statusCode).toBe(201);
    const numberOnly = await manual({ patient_nhs_id: NHS });
    expect(numberOnly.statusCode).toBe(201);
    const wrongBirthday = await manual({ patient_last_name: 'HUGHES', patient_nhs_id: NHS, patient_birthdate: '1901-01-01' });
    expect(wrongBirthday.statusCode).toBe(422);
  });

  it('audits the user’s choice ("Use the record") with the letter it was made for, without patient data', async () => {
    const res = await manual(
      {
        patient_first_name: hughes.firstName,
        patient_last_name: hughes.lastName,
        patient_nhs_id: NHS,
        ...(hughes.birthdate ? { patient_birthdate: hughes.birthdate } : {}),
      },
      { identity_choice: 'use_record' },
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.identity_choice'), eq(auditLog.entityId, String(id))));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ entityType: 'dictation', userId: await userId(t.db, SECRETARY), details: { choice: 'use_record' } });
    expect(JSON.stringify(rows)).not.toMatch(/HUGHES|John|9990012598/);
    // An unknown choice is refused, not stored.
    expect((await manual({ patient_nhs_id: NHS }, { identity_choice: 'ignore' })).statusCode).toBe(422);
  });
});

describe('no delivery is created for a letter whose patient disagrees with the index', () => {
  it('refuses approval (nothing sent) until the details are put right; then the letter goes out', async () => {
    // A letter saved before this check existed: the typed name is not the number's patient.
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY, jobType: 'Clinic Letter' });
    const [row] = await t.db
      .update(dictations)
      .set({ patient: { patient_first_name: 'Manual', patient_last_name: 'Lettertest', patient_nhs_id: NHS } })
      .where(eq(dictations.id, d.id))
      .returning();
    const doc = letterDoc('Seen in clinic today.');
    await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });

    const refused = await t.call('POST', `/api/dictation/${d.id}/transition`, { token: tokens[AUTHOR], body: { action: 'approve' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('patient_identity_mismatch');
    expect(refused.json().message).toContain('belongs to HUGHES, John');
    expect(refused.json().message).toContain('Nothing was sent');
    expect(await deliveriesOf(d.id)).toEqual([]);
    expect((await t.db.select().from(dictations).where(eq(dictations.id, d.id)))[0]!.status).toBe('AUTHOR_APPROVAL');

    // The preview does not take John Hughes's address either (no merge of another patient's record).
    const recipients = await t.call('GET', `/api/dictation/${d.id}/recipients`, { token: tokens[AUTHOR] });
    expect(recipients.statusCode).toBe(200);
    expect(JSON.stringify(recipients.json())).not.toMatch(/Mill Lane|john\.hughes@|Riverside/);

    // The author uses the record: the details now name the index's patient, and the choice is audited.
    const details = {
      department_id: row!.departmentId,
      job_type_id: row!.jobTypeId,
      urgent: 'STANDARD',
      patient: { patient_first_name: hughes.firstName, patient_last_name: hughes.lastName, patient_nhs_id: NHS },
      custom_fields: [],
    };
    const wrong = await t.call('PATCH', `/api/dictation/${d.id}/details`, {
      token: tokens[AUTHOR],
      body: { ...details, patient: { ...details.patient, patient_first_name: 'Manual', patient_last_name: 'Lettertest' } },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().code).toBe('patient_identity_mismatch');
    const corrected = await t.call('PATCH', `/api/dictation/${d.id}/details`, {
      token: tokens[AUTHOR],
      body: { ...details, identity_choice: 'use_record' },
    });
    expect(corrected.statusCode).toBe(200);
    const choice = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'patient.identity_choice'), eq(auditLog.entityId, String(d.id))));
    expect(choice.map((c) => c.details)).toEqual([{ choice: 'use_record' }]);

    const approved = await t.call('POST', `/api/dictation/${d.id}/transition`, { token: tokens[AUTHOR], body: { action: 'approve' } });
    expect(approved.statusCode).toBe(200);
    expect((await deliveriesOf(d.id)).length).toBeGreaterThan(0);
  });
});
