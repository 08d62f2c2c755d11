import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  dictationComments,
  dictationLogs,
  dictations,
  jobTypes,
  letterVersions,
  permissions,
  userPermissions,
} from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, makeDictation, type Made } from './worklist-fixtures';
import { addUser, indexFixturePatient, letterDoc, userId } from './letters-fixtures';

const TRAINEE = 'trainee@wardnote.test';
/** A Secretary holding the qa permission, added below. */
const REVIEWER = 'qa.reviewer@wardnote.test';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

beforeAll(async () => {
  t = await startTestApp();
  // Every recipient reachable: a send for approval is refused otherwise (issue 23, tests/api/send-check.test.ts).
  await indexFixturePatient(t.db);
  const reviewer = await addUser(t.db, { email: REVIEWER, first: 'Rita', last: 'Quinn', role: 'Secretary', like: SECRETARY });
  const [qa] = await t.db.select().from(permissions).where(eq(permissions.code, 'qa'));
  await t.db.insert(userPermissions).values({ userId: reviewer, permissionId: qa!.id });
  await t.db.update(jobTypes).set({ qaRequired: true }).where(eq(jobTypes.name, 'Referral'));
  for (const email of [AUTHOR, SECRETARY, MANAGER, TRAINEE, REVIEWER, FOREIGN]) tokens[email] = await t.login(email);
  d.byJobType = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY, jobType: 'Referral' });
  d.byTrainee = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: TRAINEE, jobType: 'Clinic Letter' });
  d.plain = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY, jobType: 'Clinic Letter' });
  d.handBack = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY, jobType: 'Clinic Letter' });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'QA_REVIEW' });
});
afterAll(() => t.close());

const transition = (who: string, id: number, body: unknown) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body });
const save = (who: string, id: number, text: string, base: number) =>
  t.call('PUT', `/api/dictation/${id}/letter`, { token: tokens[who], body: { doc: letterDoc(text), base_version: base } });
const row = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!;
const shown = async (who: string, id: number) => (await t.call('GET', `/api/dictation/${id}`, { token: tokens[who] })).json().data;

describe('QA routing when a typist sends a letter for approval', () => {
  it('goes to QA review when its job type asks for QA, kept as a send_to_qa version and logged as such', async () => {
    await save(SECRETARY, d.byJobType!.id, 'Referral letter.', 0);
    const res = await transition(SECRETARY, d.byJobType!.id, { action: 'send_for_approval' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'QA_REVIEW', assigned_to: { user_id: await userId(t.db, SECRETARY) } });
    const versions = await t.db.select().from(letterVersions).where(eq(letterVersions.dictationId, d.byJobType!.id));
    expect(versions.map((v) => v.kind)).toEqual(['send_to_qa']);
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.byJobType!.id));
    expect(logs.map((l) => l.description)).toEqual(['Sent for QA review']);
  });

  it('goes to QA review when the typist is a trainee, whatever the job type', async () => {
    await save(TRAINEE, d.byTrainee!.id, 'Trainee letter.', 0);
    const res = await transition(TRAINEE, d.byTrainee!.id, { action: 'send_for_approval' });
    expect(res.json().data.status).toBe('QA_REVIEW');
  });

  it('goes straight to the author otherwise', async () => {
    await save(SECRETARY, d.plain!.id, 'Plain letter.', 0);
    expect((await transition(SECRETARY, d.plain!.id, { action: 'send_for_approval' })).json().data.status).toBe('AUTHOR_APPROVAL');
  });
});

describe('the QA reviewer', () => {
  it('a typist without the qa permission may not pass or return; nor may the author', async () => {
    for (const who of [SECRETARY, TRAINEE, AUTHOR]) {
      expect((await transition(who, d.byTrainee!.id, { action: 'qa_pass' })).statusCode).toBe(403);
      expect((await transition(who, d.byTrainee!.id, { action: 'qa_return', reason: 'No.' })).statusCode).toBe(403);
    }
    expect((await row(d.byTrainee!.id)).status).toBe('QA_REVIEW');
  });

  it('returning needs a reason (422, nothing changes)', async () => {
    const res = await transition(REVIEWER, d.byTrainee!.id, { action: 'qa_return' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.reason).toEqual(['Give a reason: it is kept as a comment for whoever picks the dictation up.']);
    expect(await row(d.byTrainee!.id)).toMatchObject({ status: 'QA_REVIEW', returnReason: null });
  });

  it('a holder of the qa permission returns it with a reason to the same typist, who sees why', async () => {
    const res = await transition(REVIEWER, d.byTrainee!.id, { action: 'qa_return', reason: 'Check the dose of bisoprolol.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'BEING_TYPED', assigned_to: { user_id: await userId(t.db, TRAINEE) } });
    expect((await row(d.byTrainee!.id)).returnReason).toBe('Check the dose of bisoprolol.');
    expect((await shown(TRAINEE, d.byTrainee!.id)).return_reason).toBe('Check the dose of bisoprolol.');
    const comments = await t.db.select().from(dictationComments).where(eq(dictationComments.dictationId, d.byTrainee!.id));
    expect(comments.map((c) => c.comments)).toEqual(['Check the dose of bisoprolol.']);
  });

  it('the corrected letter goes to QA again, the reason cleared; a Manager passes it to the author', async () => {
    await save(TRAINEE, d.byTrainee!.id, 'Trainee letter, dose checked.', 1);
    expect((await transition(TRAINEE, d.byTrainee!.id, { action: 'send_for_approval' })).json().data.status).toBe('QA_REVIEW');
    expect((await row(d.byTrainee!.id)).returnReason).toBeNull();
    const res = await transition(MANAGER, d.byTrainee!.id, { action: 'qa_pass' });
    expect(res.json().data.status).toBe('AUTHOR_APPROVAL');
    expect((await row(d.byTrainee!.id)).returnReason).toBeNull();
  });

  it('the qa permission passes letters too', async () => {
    expect((await transition(REVIEWER, d.byJobType!.id, { action: 'qa_pass' })).json().data.status).toBe('AUTHOR_APPROVAL');
  });

  it('another trust’s letter in QA is not found', async () => {
    expect((await transition(MANAGER, d.foreign!.id, { action: 'qa_pass' })).statusCode).toBe(404);
    expect((await transition(REVIEWER, d.foreign!.id, { action: 'qa_return', reason: 'x' })).statusCode).toBe(404);
  });
});

describe('return reason', () => {
  it('is set when the author returns a letter for typing, and cleared when it is sent again', async () => {
    const res = await transition(AUTHOR, d.plain!.id, { action: 'return_for_typing', reason: 'Add the echo result.' });
    expect(res.json().data).toMatchObject({ status: 'BEING_TYPED', return_reason: 'Add the echo result.' });
    await save(SECRETARY, d.plain!.id, 'Plain letter with the echo result.', 1);
    const again = await transition(SECRETARY, d.plain!.id, { action: 'send_for_approval' });
    expect(again.json().data).toMatchObject({ status: 'AUTHOR_APPROVAL', return_reason: null });
  });

  it('is set when a letter is handed back to the author', async () => {
    await transition(SECRETARY, d.handBack!.id, { action: 'hand_back', reason: 'Unclear audio at 2 minutes.' });
    expect(await row(d.handBack!.id)).toMatchObject({ status: 'AUTHOR_APPROVAL', returnReason: 'Unclear audio at 2 minutes.' });
  });
});
