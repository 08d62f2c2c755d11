import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, dictationComments, dictationLogs, dictations, letterVersions } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, FOREIGN, makeDictation, type Made } from './worklist-fixtures';
import { indexFixturePatient, letterDoc, userId } from './letters-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

beforeAll(async () => {
  t = await startTestApp();
  // Every recipient reachable: a send for approval is refused otherwise (issue 23, tests/api/send-check.test.ts).
  await indexFixturePatient(t.db);
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN]) tokens[email] = await t.login(email);
  d.typed = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.qa = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.empty = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.handBack = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.stale = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.othersAuthor = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.details = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY, jobType: 'Clinic Letter' });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'BEING_TYPED' });
});
afterAll(() => t.close());

const transition = (who: string, id: number, body: unknown, headers?: Record<string, string>) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body, headers });
const save = (who: string, id: number, text: string, base: number, final = false) =>
  t.call('PUT', `/api/dictation/${id}/letter`, { token: tokens[who], body: { doc: letterDoc(text), base_version: base, final } });
const row = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!;
const versionsOf = async (id: number) =>
  (await t.db.select().from(letterVersions).where(eq(letterVersions.dictationId, id))).map((v) => [v.version, v.kind]);

describe('POST /api/dictation/{id}/transition', () => {
  it('sends a typed letter for approval: status moves, the letter is kept as a version, the audit trail says so', async () => {
    await save(SECRETARY, d.typed!.id, 'Typed letter.', 0);
    const res = await transition(SECRETARY, d.typed!.id, { action: 'send_for_approval', base_version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'AUTHOR_APPROVAL', assigned_to: { user_id: await userId(t.db, SECRETARY) } });
    expect(await versionsOf(d.typed!.id)).toEqual([[1, 'send_for_approval']]);
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.typed!.id));
    expect(logs.map((l) => l.description)).toEqual(['Sent to the author for approval']);
    // The typist's editor is now read-only; a late autosave is refused and changes nothing.
    const late = await save(SECRETARY, d.typed!.id, 'Late.', 1);
    expect(late.statusCode).toBe(403);
    expect(late.json().message).toContain('it is with Daniel Reid for approval');
  });

  it('lets the author return it for typing with a reason kept as a comment; a final save since keeps its own version', async () => {
    await save(AUTHOR, d.typed!.id, 'Author changed this.', 1, true);
    const noReason = await transition(AUTHOR, d.typed!.id, { action: 'return_for_typing' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason).toBeDefined();
    const res = await transition(AUTHOR, d.typed!.id, { action: 'return_for_typing', reason: 'Please add the echo result.' });
    expect(res.json().data.status).toBe('BEING_TYPED');
    expect(await versionsOf(d.typed!.id)).toEqual([
      [1, 'send_for_approval'],
      [2, 'final'],
    ]);
    const comments = await t.db.select().from(dictationComments).where(eq(dictationComments.dictationId, d.typed!.id));
    expect(comments.map((c) => c.comments)).toEqual(['Please add the echo result.']);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(d.typed!.id)));
    expect(JSON.stringify(audit)).not.toContain('echo result');
    // Back with the same typist, who may type again.
    expect((await save(SECRETARY, d.typed!.id, 'With the echo result.', 2)).statusCode).toBe(200);
  });

  it('sends to QA, where a Manager returns it with a reason or passes it to the author', async () => {
    await save(SECRETARY, d.qa!.id, 'For QA.', 0);
    expect((await transition(SECRETARY, d.qa!.id, { action: 'send_to_qa' })).json().data.status).toBe('QA_REVIEW');
    expect((await transition(SECRETARY, d.qa!.id, { action: 'qa_pass' })).statusCode).toBe(403);
    expect((await transition(MANAGER, d.qa!.id, { action: 'qa_return', reason: 'Spelling of the drug.' })).json().data.status).toBe(
      'BEING_TYPED',
    );
    await save(SECRETARY, d.qa!.id, 'For QA, corrected.', 1);
    await transition(SECRETARY, d.qa!.id, { action: 'send_to_qa' });
    expect((await transition(MANAGER, d.qa!.id, { action: 'qa_pass' })).json().data.status).toBe('AUTHOR_APPROVAL');
    expect(await versionsOf(d.qa!.id)).toEqual([
      [1, 'send_to_qa'],
      [2, 'send_to_qa'],
    ]);
  });

  it('refuses to send a letter nobody has typed, or a hand-off the workflow table does not allow', async () => {
    const empty = await transition(SECRETARY, d.empty!.id, { action: 'send_for_approval' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().message).toBe('There is no typed letter to send yet. Type the letter first.');
    const wrong = await transition(SECRETARY, d.empty!.id, { action: 'qa_return', reason: 'x' });
    expect(wrong.statusCode).toBe(403);
    const notYet = await transition(MANAGER, d.empty!.id, { action: 'qa_pass' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('wrong_status');
    expect((await row(d.empty!.id)).status).toBe('BEING_TYPED');
  });

  it('lets only the person typing send the letter on (a Manager takes over first)', async () => {
    await save(SECRETARY, d.stale!.id, 'Typed.', 0);
    const res = await transition(MANAGER, d.stale!.id, { action: 'send_for_approval' });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('not_typist');
    expect((await transition(AUTHOR, d.stale!.id, { action: 'send_for_approval' })).statusCode).toBe(403);
  });

  it('refuses a hand-off based on an older letter with 409 and the server’s copy', async () => {
    await save(SECRETARY, d.stale!.id, 'Typed again.', 1);
    const res = await transition(SECRETARY, d.stale!.id, { action: 'send_for_approval', base_version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'letter_conflict', letter: { version: 2, doc: letterDoc('Typed again.') } });
    expect((await row(d.stale!.id)).status).toBe('BEING_TYPED');
    expect(await versionsOf(d.stale!.id)).toEqual([]);
  });

  it('lets the author pull their dictation back; another author’s is not theirs to move', async () => {
    const res = await transition(AUTHOR, d.handBack!.id, { action: 'hand_back', reason: 'I will finish it myself.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('AUTHOR_APPROVAL');
    expect((await row(d.handBack!.id)).secretarialCover).toBe(true);
    expect((await transition(AUTHOR, d.othersAuthor!.id, { action: 'return_for_typing', reason: 'x' })).statusCode).toBe(404);
    expect((await transition(SECRETARY, d.foreign!.id, { action: 'hand_back', reason: 'x' })).statusCode).toBe(404);
  });

  it('answers a replayed Idempotency-Key with the first answer, moving once', async () => {
    const id = (await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY })).id;
    await save(SECRETARY, id, 'Once.', 0);
    const headers = { 'idempotency-key': 'handoff-key-0001' };
    const first = await transition(SECRETARY, id, { action: 'send_for_approval', base_version: 1 }, headers);
    const again = await transition(SECRETARY, id, { action: 'send_for_approval', base_version: 1 }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id));
    expect(logs).toHaveLength(1);
  });
});

describe('PATCH /api/dictation/{id}/details', () => {
  const body = {
    department_id: 0,
    job_type_id: 0,
    urgent: 'HIGH',
    patient: {
      patient_first_name: 'Margaret',
      patient_last_name: 'HOLLOWAY',
      // Not in the patient index: the typed name has no index record to disagree with (issue 23).
      patient_nhs_id: '943 476 6036',
      patient_birthdate: '1948-03-02',
    },
    custom_fields: [],
    appointment: {
      patient_id: '17',
      patient_referrer_code: 'G8123456',
      patient_referrer_first_name: 'Ruth',
      patient_referrer_last_name: 'Adeyemi',
      appointment_type: 'Followup',
      appointment_date: '2026-10-12T09:30:00+01:00',
    },
  };
  let ids: { department: number; jobType: number };
  beforeAll(async () => {
    const options = (await t.call('GET', '/api/dictation-options', { token: tokens[SECRETARY] })).json().data;
    ids = {
      department: options.departments[1].id,
      jobType: options.job_types.find((j: { name: string }) => j.name === 'Discharge Summary').id,
    };
  });

  it('lets the typist correct patient, appointment, Service, job type and urgency; the audit trail names what, not the values', async () => {
    const res = await t.call('PATCH', `/api/dictation/${d.details!.id}/details`, {
      token: tokens[SECRETARY],
      body: { ...body, department_id: ids.department, job_type_id: ids.jobType },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      urgent: 'HIGH',
      department: { id: ids.department },
      jobtype: { id: ids.jobType, name: 'Discharge Summary' },
      patient: { patient_last_name: 'HOLLOWAY', patient_nhs_id: '9434766036' },
      appointment: { patient_referrer_code: 'G8123456', appointment_type: 'Followup' },
    });
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.details!.id));
    expect(logs.map((l) => l.description)).toEqual(['Details corrected: patient, appointment, Service, job type, urgency']);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toMatch(/HOLLOWAY|9434766036/);
    // The letter, not typed yet, now starts from the new job type's template.
    const letter = (await t.call('GET', `/api/dictation/${d.details!.id}/letter`, { token: tokens[SECRETARY] })).json().data;
    expect(letter.doc.content[0].content[0].text).toBe('Diagnosis');
    expect(letter.doc.content[2].content[0].text).toBe('Procedures');
  });

  it('checks the details with the recording form’s schema: Service required, NHS number check digit', async () => {
    const noService = await t.call('PATCH', `/api/dictation/${d.details!.id}/details`, {
      token: tokens[SECRETARY],
      body: { ...body, department_id: undefined, job_type_id: ids.jobType },
    });
    expect(noService.statusCode).toBe(422);
    expect(noService.json().message).toContain('The Service field is required.');
    const badNhs = await t.call('PATCH', `/api/dictation/${d.details!.id}/details`, {
      token: tokens[SECRETARY],
      body: { ...body, department_id: ids.department, job_type_id: ids.jobType, patient: { patient_nhs_id: '9434765918' } },
    });
    expect(badNhs.statusCode).toBe(422);
    expect(badNhs.json().message).toContain('not a valid NHS number');
  });

  it('is refused to someone not typing the dictation, and not found in another trust', async () => {
    const res = await t.call('PATCH', `/api/dictation/${d.details!.id}/details`, {
      token: tokens[MANAGER],
      body: { ...body, department_id: ids.department, job_type_id: ids.jobType },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('details_not_editable');
    const foreign = await t.call('PATCH', `/api/dictation/${d.foreign!.id}/details`, {
      token: tokens[SECRETARY],
      body: { ...body, department_id: ids.department, job_type_id: ids.jobType },
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('comments and audit trail', () => {
  it('adds comments and lists them newest first, a page at a time', async () => {
    for (const text of ['First note.', 'Second note.', 'Third note.']) {
      const res = await t.call('POST', `/api/dictation/${d.details!.id}/comments`, { token: tokens[SECRETARY], body: { comments: text } });
      expect(res.statusCode).toBe(201);
      expect(res.json().data).toMatchObject({ comments: text, user: { full_name: 'Jenny Walsh' } });
    }
    const page = (await t.call('GET', `/api/dictation/${d.details!.id}/comments?paginate=10`, { token: tokens[AUTHOR] })).json().data;
    expect(page.data.map((c: { comments: string }) => c.comments)).toEqual(['Third note.', 'Second note.', 'First note.']);
    expect(page).toMatchObject({ current_page: 1, last_page: 1, total: 3, next_page_url: null });
    const empty = await t.call('POST', `/api/dictation/${d.details!.id}/comments`, { token: tokens[SECRETARY], body: { comments: '   ' } });
    expect(empty.statusCode).toBe(422);
    expect((await t.call('GET', `/api/dictation/${d.foreign!.id}/comments`, { token: tokens[SECRETARY] })).statusCode).toBe(404);
  });

  it('lists the audit trail newest first with who did what', async () => {
    const page = (await t.call('GET', `/api/dictation/${d.typed!.id}/logs`, { token: tokens[AUTHOR] })).json().data;
    expect(page.data.map((l: { description: string }) => l.description)).toEqual([
      'Returned to the typist',
      'Letter saved (version 2)',
      'Sent to the author for approval',
    ]);
    expect(page.data[0]).toMatchObject({ type: 'status', user: { full_name: 'Daniel Reid' }, created_at: expect.any(String) });
    expect((await t.call('GET', `/api/dictation/${d.typed!.id}/logs`, { token: tokens[FOREIGN] })).statusCode).toBe(404);
  });
});
