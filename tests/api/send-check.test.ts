import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictationComments, dictationLogs, dictations } from '../../server/db/schema';
import type { LetterNode } from '../../src/domain/contract';
import { startTestApp, type TestApp } from './harness';
import { indexFixturePatient, letterDoc } from './letters-fixtures';
import { AUTHOR, SECRETARY, makeDictation, type Made } from './worklist-fixtures';

/**
 * Issue 23: problems are caught when the typist sends the letter, not when the author approves it. The
 * server refuses a send for approval (or to QA) with unfilled placeholders or recipients nothing can reach
 * unless a reason is given — so a queued offline send or a script cannot skip the page's check — and keeps
 * the reason with the hand-off for the author.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

const withPlaceholder: LetterNode = {
  type: 'doc',
  content: [
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Review in clinic on ' },
        { type: 'text', text: '[Clinic date]', marks: [{ type: 'placeholder', attrs: { field: 'clinic_date' } }] },
        { type: 'text', text: '.' },
      ],
    },
  ],
};

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  for (const email of [AUTHOR, SECRETARY]) tokens[email] = await t.login(email);
  for (const k of ['placeholder', 'unreachable', 'clean', 'qa'])
    d[k] = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY, jobType: 'Clinic Letter' });
  // A patient the index does not know: no address, no e-mail, no GP.
  await t.db
    .update(dictations)
    .set({ patient: { patient_first_name: 'Una', patient_last_name: 'NOWHERE', patient_nhs_id: '9998765021' } })
    .where(eq(dictations.id, d.unreachable!.id));
});
afterAll(() => t.close());

const transition = (who: string, id: number, body: unknown) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body });
const save = (id: number, doc: LetterNode, base: number) =>
  t.call('PUT', `/api/dictation/${id}/letter`, { token: tokens[SECRETARY], body: { doc, base_version: base } });
const statusOf = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!.status;
const dto = async (id: number) => (await t.call('GET', `/api/dictation/${id}`, { token: tokens[AUTHOR] })).json().data;

describe('the send check on POST /api/dictation/{id}/transition', () => {
  it('refuses to send a letter with an unfilled placeholder without a reason, naming the placeholder', async () => {
    expect((await save(d.placeholder!.id, withPlaceholder, 0)).statusCode).toBe(200);
    const res = await transition(SECRETARY, d.placeholder!.id, { action: 'send_for_approval', base_version: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'send_problems' });
    expect(res.json().message).toBe(
      'Not sent: Unfilled placeholder [Clinic date]. Put it right, or send it anyway with a reason the author will see.',
    );
    expect(await statusOf(d.placeholder!.id)).toBe('BEING_TYPED');
  });

  it('sends it anyway with a reason, kept with the hand-off: the audit trail, the comments, and the dictation the author opens', async () => {
    const res = await transition(SECRETARY, d.placeholder!.id, {
      action: 'send_for_approval',
      base_version: 1,
      reason: 'The clinic date is not booked yet.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('AUTHOR_APPROVAL');
    expect((await dto(d.placeholder!.id)).sent_anyway).toEqual({
      reason: 'The clinic date is not booked yet.',
      problems: ['Unfilled placeholder [Clinic date]'],
      by: 'Jenny Walsh',
    });
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.placeholder!.id));
    expect(logs.map((l) => l.description)).toContain(
      'Sent to the author for approval despite: Unfilled placeholder [Clinic date]. Reason: The clinic date is not booked yet.',
    );
    const comments = await t.db.select().from(dictationComments).where(eq(dictationComments.dictationId, d.placeholder!.id));
    expect(comments.map((c) => c.comments)).toEqual(['The clinic date is not booked yet.']);
  });

  it('refuses to send a letter to a recipient no channel can reach — the approval’s own rule — until a reason is given', async () => {
    await save(d.unreachable!.id, letterDoc('The echo is normal.'), 0);
    const res = await transition(SECRETARY, d.unreachable!.id, { action: 'send_for_approval' });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('send_problems');
    expect(res.json().message).toContain(
      'The letter cannot reach the patient Una Nowhere: neither an e-mail nor a postal address is known.',
    );
    expect(await statusOf(d.unreachable!.id)).toBe('BEING_TYPED');
    const anyway = await transition(SECRETARY, d.unreachable!.id, {
      action: 'send_for_approval',
      reason: 'The ward is finding the address.',
    });
    expect(anyway.statusCode).toBe(200);
    expect((await dto(d.unreachable!.id)).sent_anyway).toMatchObject({ reason: 'The ward is finding the address.' });
  });

  it('checks a send to QA review too', async () => {
    await save(d.qa!.id, withPlaceholder, 0);
    expect((await transition(SECRETARY, d.qa!.id, { action: 'send_to_qa' })).statusCode).toBe(422);
    expect(await statusOf(d.qa!.id)).toBe('BEING_TYPED');
  });

  it('a letter with nothing wrong goes without a reason, and a resend that puts things right clears the notice', async () => {
    await save(d.clean!.id, letterDoc('The echo is normal.'), 0);
    const res = await transition(SECRETARY, d.clean!.id, { action: 'send_for_approval' });
    expect(res.statusCode).toBe(200);
    expect((await dto(d.clean!.id)).sent_anyway).toBeNull();

    // The placeholder's letter comes back, is put right, and goes again: the author's notice is gone.
    expect((await transition(AUTHOR, d.placeholder!.id, { action: 'return_for_typing', reason: 'Please add the date.' })).statusCode).toBe(
      200,
    );
    await save(d.placeholder!.id, letterDoc('Review in clinic on 3 March.'), 1);
    expect((await transition(SECRETARY, d.placeholder!.id, { action: 'send_for_approval' })).statusCode).toBe(200);
    expect((await dto(d.placeholder!.id)).sent_anyway).toBeNull();
  });
});
