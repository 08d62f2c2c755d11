import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, deliveries, dictationLogs, dictations, jobTypes, letters, patients, trusts } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import type { RecipientEntryInput, RecipientListsInput } from '../../src/domain/contract/recipients';
import { startTestApp, type TestApp } from './harness';
import { letterDoc } from './letters-fixtures';
import { AUTHOR, FOREIGN, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * The recipients editor's server side (issue 13 "Recipients"): the defaults from the job type and the
 * patient index, saving the lists (checked by the shared schema, for whoever may edit the letter, audited),
 * and approval delivering to the saved lists — refused before approval when one cannot be reached.
 */

const PATIENT = { nhs: '9998765048', first: 'Rosa', last: 'LISTER' };

let t: TestApp;
const tokens: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'PUT' | 'POST', url: string, body?: unknown) =>
  t.call(method, url, { token: tokens[who], body });
const read = (id: number, who = AUTHOR) => call(who, 'GET', pathOf(E.dictationRecipientsGet, { id }));
const save = (id: number, body: unknown, who = AUTHOR) => call(who, 'PUT', pathOf(E.dictationRecipientsGet, { id }), body);

async function setGp(code: string, practice: string) {
  await t.db
    .update(patients)
    .set({ gp: { code, name: 'Dr Ann Green', practice, address: '1 River Road\nDemoton', postCode: 'DE1 2AB' } })
    .where(eq(patients.nhsNumber, PATIENT.nhs));
}

/** A letter of the job type "Letter to GP, copy to patient" for PATIENT, in this status. */
async function letterIn(status: 'AUTHOR_APPROVAL' | 'BEING_TYPED'): Promise<number> {
  const d = await makeDictation(t.db, { author: AUTHOR, status, assignedTo: SECRETARY, jobType: 'Letter to GP, copy to patient' });
  const [row] = await t.db
    .update(dictations)
    .set({
      patient: {
        patient_first_name: PATIENT.first,
        patient_last_name: PATIENT.last,
        patient_nhs_id: PATIENT.nhs,
        patient_birthdate: '1950-11-22',
      },
    })
    .where(eq(dictations.id, d.id))
    .returning();
  const doc = letterDoc('Seen in clinic today.');
  await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  return d.id;
}

const entry = (recipient: RecipientEntryInput['recipient'], more: Partial<RecipientEntryInput> = {}): RecipientEntryInput => ({
  recipient,
  email: '',
  address_lines: [],
  channel: null,
  from_index: false,
  ...more,
});
const patientEntry = (more: Partial<RecipientEntryInput> = {}) =>
  entry({ type: 'patient', id: PATIENT.nhs, name: 'Rosa Lister' }, { email: 'rosa.lister@example.org', channel: 'email', ...more });
const consultant = entry({ type: 'clinician', id: 'GMC7654321', name: 'Dr Priya Shah' }, { email: 'priya.shah@trust.example' });

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY, FOREIGN]) tokens[email] = await t.login(email);
  const [trust] = await t.db.select().from(trusts).orderBy(trusts.id).limit(1);
  await t.db
    .insert(jobTypes)
    .values({ trustId: trust!.id, name: 'Letter to GP, copy to patient', recipient: ['gp'], copy: ['patient'], template: [] });
  await t.db.insert(patients).values({
    trustId: trust!.id,
    nhsNumber: PATIENT.nhs,
    firstName: PATIENT.first,
    lastName: PATIENT.last,
    birthdate: '1950-11-22',
    address: { lines: ['4 Mill Lane', 'Demoton'], postCode: 'DE1 4ML' },
    nextOfKin: [{ name: 'Tom Lister', relationship: 'Son' }],
  });
  await setGp('A81001', 'Riverside Surgery');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('reading the recipients', () => {
  it('answers the job type’s defaults from the patient index, with what the editor may offer', async () => {
    const id = await letterIn('AUTHOR_APPROVAL');
    const res = await read(id);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ saved: false, editable: true, mesh: { configured: false } });
    expect(data.to).toEqual([
      {
        recipient: { type: 'gp', id: 'A81001', name: 'Dr Ann Green', patient_id: expect.any(String) },
        email: '',
        address_lines: ['Riverside Surgery', '1 River Road', 'Demoton', 'DE1 2AB'],
        channel: null,
        from_index: true,
      },
    ]);
    expect(data.cc).toEqual([
      expect.objectContaining({ recipient: expect.objectContaining({ type: 'patient', name: 'Rosa Lister' }), from_index: true }),
    ]);
    expect(data.suggestions.map((s: RecipientEntryInput) => s.recipient.type)).toEqual(['patient', 'gp', 'nok']);
    // The typist sees them read-only while the author has the letter.
    expect((await read(id, SECRETARY)).json().data.editable).toBe(false);
  });

  it('another trust’s dictation is not found', async () => {
    const id = await letterIn('AUTHOR_APPROVAL');
    expect((await read(id, FOREIGN)).statusCode).toBe(404);
    expect((await save(id, { to: [patientEntry()], cc: [] }, FOREIGN)).statusCode).toBe(404);
  });
});

describe('saving the recipients', () => {
  it('refuses what the shared schema refuses, in plain words, and changes nothing', async () => {
    const id = await letterIn('AUTHOR_APPROVAL');
    const bad: [unknown, RegExp][] = [
      [{ to: [patientEntry({ email: 'not an address' })], cc: [] }, /valid e-mail address/],
      [
        { to: [entry({ type: 'gp', id: 'A8-1001!', name: 'Riverside', patient_id: '' })], cc: [] },
        /ODS code is 3 to 10 letters and digits/,
      ],
      [{ to: [entry({ type: 'nok', name: ' ', relationship: 'Son' })], cc: [] }, /Give the next of kin's name/],
      [{ to: [], cc: [patientEntry()] }, /at least one recipient/],
      [{ to: [{ ...patientEntry(), recipient: { type: 'friend', id: '1', name: 'X' } }], cc: [] }, /Recipient type: one of/],
      [{ to: [patientEntry({ channel: 'pigeon' as never })], cc: [] }, /Channel: one of/],
    ];
    for (const [body, words] of bad) {
      const res = await save(id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(res.json())).toMatch(words);
    }
    expect((await read(id)).json().data.saved).toBe(false);
  });

  it('only whoever may edit the letter saves them: the typist while typing, not while the author has it (403)', async () => {
    const typing = await letterIn('BEING_TYPED');
    expect((await save(typing, { to: [patientEntry()], cc: [] }, SECRETARY)).statusCode).toBe(200);
    // The author does not type into a letter that is still being typed.
    const refused = await save(typing, { to: [patientEntry()], cc: [] }, AUTHOR);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^The recipients can no longer be changed: /);

    const withAuthor = await letterIn('AUTHOR_APPROVAL');
    expect((await save(withAuthor, { to: [patientEntry()], cc: [] }, SECRETARY)).statusCode).toBe(403);
  });

  it('stores them de-duplicated (spec §5) and writes the audit trail by role, never by name', async () => {
    const id = await letterIn('AUTHOR_APPROVAL');
    const res = await save(id, { to: [patientEntry(), patientEntry({ email: '' })], cc: [consultant, patientEntry(), consultant] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.saved).toBe(true);
    expect(data.to).toHaveLength(1);
    expect(data.to[0]).toMatchObject({ email: 'rosa.lister@example.org', channel: 'email', from_index: false });
    expect(data.cc.map((e: RecipientEntryInput) => e.recipient.name)).toEqual(['Dr Priya Shah']);

    const trail = (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);
    expect(trail).toContain('Recipients changed: send to patient; copies to clinician');
    expect(trail.join('\n')).not.toMatch(/rosa|lister|priya|example/i);
    const audited = await t.db.select().from(auditLog).where(eq(auditLog.action, 'dictation.recipients'));
    expect(audited.some((a) => a.entityId === String(id))).toBe(true);
  });
});

describe('approval uses the saved recipients', () => {
  it('refuses approval naming a recipient nothing can reach, then sends to exactly the saved lists', async () => {
    const id = await letterIn('AUTHOR_APPROVAL');
    const kin = entry({ type: 'nok', name: 'Tom Lister', relationship: 'Son' });
    expect((await save(id, { to: [patientEntry()], cc: [consultant, kin] })).statusCode).toBe(200);

    const refused = await call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id }), { action: 'approve' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'The letter cannot reach the next of kin Tom Lister: neither an e-mail nor a postal address is known.',
    );
    expect((await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!.status).toBe('AUTHOR_APPROVAL');

    const posted = { ...kin, address_lines: ['9 Oak Street', 'Demoton', 'DE2 9OS'] };
    expect((await save(id, { to: [patientEntry()], cc: [consultant, posted] })).statusCode).toBe(200);
    expect((await call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id }), { action: 'approve' })).statusCode).toBe(200);

    const log = (await call(AUTHOR, 'GET', pathOf(E.dictationDeliveries, { id }))).json().data as {
      role: string;
      channel: string;
      recipient: { type: string; name: string };
    }[];
    expect(log.map((d) => [d.role, d.recipient.type, d.recipient.name, d.channel])).toEqual([
      ['to', 'patient', 'Rosa Lister', 'email'],
      ['cc', 'clinician', 'Dr Priya Shah', 'email'],
      ['cc', 'nok', 'Tom Lister', 'print'],
    ]);
    const rows = await t.db.select().from(deliveries).where(eq(deliveries.dictationId, id)).orderBy(deliveries.id);
    expect(rows.map((r) => r.contact.email)).toEqual(['rosa.lister@example.org', 'priya.shah@trust.example', null]);
    expect(rows[2]!.contact.lines).toEqual(['9 Oak Street', 'Demoton', 'DE2 9OS']);

    // Nothing is editable after approval.
    const late = await save(id, { to: [patientEntry()], cc: [] });
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toMatch(/can no longer be changed/);
  });

  it('a GP kept "from the patient index" is the practice registered when the letter is approved, not when it was edited', async () => {
    const id = await letterIn('AUTHOR_APPROVAL');
    const defaults = (await read(id)).json().data as RecipientListsInput;
    expect((await save(id, { to: defaults.to, cc: [...defaults.cc, consultant] })).statusCode).toBe(200);
    await setGp('B82002', 'Hillside Practice');
    try {
      expect((await call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id }), { action: 'approve' })).statusCode).toBe(200);
      const rows = await t.db.select().from(deliveries).where(eq(deliveries.dictationId, id)).orderBy(deliveries.id);
      expect(rows[0]!.recipient).toMatchObject({ type: 'gp', id: 'B82002' });
      expect(rows[0]!.contact.lines).toContain('Hillside Practice');
    } finally {
      await setGp('A81001', 'Riverside Surgery');
    }
  });
});
