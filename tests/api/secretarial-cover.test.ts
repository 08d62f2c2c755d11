import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, dictationLogs, dictations, letters } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, MANAGER, SECRETARY, makeDictation, type Made } from './worklist-fixtures';
import { addUser, indexFixturePatient, letterDoc, userId } from './letters-fixtures';

/**
 * Issue 22 point 1: secretarial cover is the author's to give. A Secretary or Manager can no longer
 * grant it to herself (by allocation or by handing back) and then approve and send a letter "on behalf
 * of" an author who never saw it; every path that moves a dictation makes the same checks, and the audit
 * trail of an approval under cover names the grant.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const MARK = 'mark.ellis@wardnote.test';
const NOT_YOURS = /^Only the author can approve this letter/;

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  await addUser(t.db, { email: MARK, first: 'Mark', last: 'Ellis', role: 'Secretary', like: SECRETARY });
  for (const email of [AUTHOR, SECRETARY, MANAGER, MARK]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

/** A dictation with a typed letter (version 1). */
async function typed(status: 'BEING_TYPED' | 'AUTHOR_APPROVAL', assignedTo: string): Promise<Made> {
  const d = await makeDictation(t.db, { author: AUTHOR, status, assignedTo });
  const [row] = await t.db.select().from(dictations).where(eq(dictations.id, d.id));
  const doc = letterDoc('The echo is normal.');
  await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  return d;
}

const transition = (who: string, id: number, body: unknown) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body });
const allocate = (who: string, body: unknown) => t.call('POST', '/api/dictation/allocate', { token: tokens[who], body });
const backWithCover = (id: number) => ({ dictations: [id], type: 'status', status: 'AUTHOR_APPROVAL', secretarial_cover: true });
const row = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!;
const approvalOf = async (id: number) => (await t.db.select().from(letters).where(eq(letters.dictationId, id)))[0]!.approval;
const logsOf = async (id: number) =>
  (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);

describe('a Secretary cannot approve and send a letter its author never approved (issue 22, point 1)', () => {
  it('someone else’s typing: the hand-back, the allocation with cover and the approval are all refused, and nothing changes', async () => {
    const d = await typed('BEING_TYPED', MARK);
    const handBack = await transition(SECRETARY, d.id, { action: 'hand_back', reason: 'x' });
    expect(handBack.statusCode).toBe(403);
    expect(handBack.json().code).toBe('not_typist');

    const res = await allocate(SECRETARY, backWithCover(d.id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success_message: null,
      unsuccessful_jobs: [
        {
          id: d.id,
          reference: d.reference,
          reason: 'Mark Ellis is already typing this dictation. A manager can take it over from the dictation page.',
        },
      ],
    });
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED', secretarialCover: false, secretarialCoverBy: null });

    const approve = await transition(SECRETARY, d.id, { action: 'approve', base_version: 1 });
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toMatch(NOT_YOURS);
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED' });
    expect(await approvalOf(d.id)).toBeNull();
  });

  it('her own typing: she may hand it back to the author, but without cover — then approving is refused (403)', async () => {
    const d = await typed('BEING_TYPED', SECRETARY);
    const back = await transition(SECRETARY, d.id, { action: 'hand_back', reason: 'Unclear audio at 2 minutes.' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarial_cover: false });

    const approve = await transition(SECRETARY, d.id, { action: 'approve', base_version: 1 });
    expect(approve.statusCode).toBe(403);
    expect(await row(d.id)).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarialCover: false });
    expect(await approvalOf(d.id)).toBeNull();

    // Nor in a batch, once opened.
    await t.call('GET', `/api/dictation/${d.id}/letter`, { token: tokens[SECRETARY] });
    const batch = await t.call('POST', '/api/dictation/approve', { token: tokens[SECRETARY], body: { dictations: [d.id] } });
    expect(batch.json().data).toMatchObject({ approved: [], unsuccessful_jobs: [{ id: d.id, reason: expect.stringMatching(NOT_YOURS) }] });
  });

  it('her own typing by allocation: asking for cover is refused for that dictation; without it the hand-back carries none', async () => {
    const d = await typed('BEING_TYPED', SECRETARY);
    const asked = (await allocate(SECRETARY, backWithCover(d.id))).json();
    expect(asked.unsuccessful_jobs).toEqual([
      { id: d.id, reference: d.reference, reason: 'Only the author can hand a letter back with secretarial cover.' },
    ]);
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED', secretarialCover: false });

    const plain = (await allocate(SECRETARY, { dictations: [d.id], type: 'status', status: 'AUTHOR_APPROVAL' })).json();
    expect(plain.success_message).toBe('1 dictation moved to Author Approval.');
    expect(await row(d.id)).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarialCover: false });
    expect((await transition(SECRETARY, d.id, { action: 'approve' })).statusCode).toBe(403);
  });

  it('a Manager taking it back by allocation gets no cover either', async () => {
    const d = await typed('BEING_TYPED', MARK);
    expect((await allocate(MANAGER, backWithCover(d.id))).json().unsuccessful_jobs[0].reason).toBe(
      'Only the author can hand a letter back with secretarial cover.',
    );
    expect((await allocate(MANAGER, { dictations: [d.id], type: 'status', status: 'AUTHOR_APPROVAL' })).json().success_message).toBe(
      '1 dictation moved to Author Approval.',
    );
    expect(await row(d.id)).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarialCover: false });
    expect((await transition(MANAGER, d.id, { action: 'approve' })).statusCode).toBe(403);
  });

  it('cover asked for with any other move is a 422 naming the field, and moves nothing', async () => {
    const d = await typed('BEING_TYPED', SECRETARY);
    const res = await allocate(SECRETARY, { dictations: [d.id], type: 'status', status: 'READY_FOR_TYPING', secretarial_cover: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('secretarial_cover');
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED' });
  });
});

describe('the author grants cover for one letter; the approval under it names the grant', () => {
  it('the author’s click-through (allocation with cover) records who granted it and when; a Secretary then approves on their behalf', async () => {
    const d = await typed('BEING_TYPED', MARK);
    const before = Date.now();
    const res = (await allocate(AUTHOR, backWithCover(d.id))).json();
    expect(res.success_message).toBe('1 dictation moved to Author Approval.');
    const granted = await row(d.id);
    expect(granted).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarialCover: true, secretarialCoverBy: await userId(t.db, AUTHOR) });
    expect(granted.secretarialCoverAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await logsOf(d.id)).toContain('Handed back to the author, with secretarial cover');

    const approve = await transition(SECRETARY, d.id, { action: 'approve', base_version: 1 });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().data).toMatchObject({ status: 'MANUAL_DISTRIBUTION', secretarial_cover: true });
    expect(await approvalOf(d.id)).toMatchObject({ name: 'Jenny Walsh', on_behalf_of: 'Daniel Reid' });
    const logs = await logsOf(d.id);
    expect(logs.find((l) => l.startsWith('Approved by'))).toMatch(
      /^Approved by Jenny Walsh on behalf of Daniel Reid \(per letter, granted by Daniel Reid at \d{2}-[A-Z][a-z]{2}-\d{4} \d{2}:\d{2}\)$/,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(d.id)), eq(auditLog.action, 'letter.approved')));
    expect(audit!.details).toMatchObject({
      on_behalf_of_user_id: await userId(t.db, AUTHOR),
      cover: { kind: 'letter', granted_by_user_id: await userId(t.db, AUTHOR), granted_at: granted.secretarialCoverAt!.toISOString() },
    });
  });

  it('the author’s hand-back from the dictation page grants cover; returning the letter for typing withdraws it', async () => {
    const d = await typed('BEING_TYPED', SECRETARY);
    const back = await transition(AUTHOR, d.id, { action: 'hand_back', reason: 'I will finish it myself.' });
    expect(back.json().data).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarial_cover: true });

    expect((await transition(AUTHOR, d.id, { action: 'return_for_typing', reason: 'Please add the echo.' })).statusCode).toBe(200);
    expect(await row(d.id)).toMatchObject({
      status: 'BEING_TYPED',
      secretarialCover: false,
      secretarialCoverBy: null,
      secretarialCoverAt: null,
    });
    expect((await transition(SECRETARY, d.id, { action: 'send_for_approval' })).statusCode).toBe(200);
    // The author's grant was for that round: the letter typed again waits for the author.
    expect((await transition(SECRETARY, d.id, { action: 'approve' })).statusCode).toBe(403);
  });

  it('a cover flag without the author’s recorded grant (set before this rule) approves nothing', async () => {
    const d = await typed('AUTHOR_APPROVAL', SECRETARY);
    await t.db.update(dictations).set({ secretarialCover: true }).where(eq(dictations.id, d.id));
    expect((await transition(SECRETARY, d.id, { action: 'approve' })).statusCode).toBe(403);
    expect(await row(d.id)).toMatchObject({ status: 'AUTHOR_APPROVAL' });
  });
});
