// On PostgreSQL too: six allocations of one letter, and a claim against an allocation, are sent at once; only PostgreSQL runs the transactions in parallel, so the guarded update decides the one winner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { dictationLogs, dictations, notifications, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';
import { addUser, userId } from './letters-fixtures';

/**
 * Issue 22 point 4: allocation no longer takes a letter someone is typing (that is the Manager's
 * take-over: audited, the previous typist told), and concurrent allocations are decided by the database —
 * one winner, the others told who has it. Run on PostgreSQL as well as PGlite (TEST_DB=postgres): PGlite
 * runs one transaction at a time and hides races.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const MARK = 'mark.ellis@wardnote.test';
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await startTestApp();
  await addUser(t.db, { email: MARK, first: 'Mark', last: 'Ellis', role: 'Secretary', like: SECRETARY });
  for (const email of [AUTHOR, SECRETARY, MANAGER, MARK]) {
    tokens[email] = await t.login(email);
    ids[email] = await userId(t.db, email);
  }
});
afterAll(() => t.close());

const allocate = (who: string, body: unknown) => t.call('POST', '/api/dictation/allocate', { token: tokens[who], body });
const toUser = (id: number, user: string) => ({ dictations: [id], type: 'user', user_id: ids[user] });
const row = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!;
const logsOf = async (id: number) =>
  (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);
const TAKEN = (name: string) => `${name} is already typing this dictation. A manager can take it over from the dictation page.`;

describe('allocation never takes a letter someone is typing (issue 22, point 4)', () => {
  it('a Secretary assigning another typist’s letter to herself is told who has it; nothing changes, nothing is logged', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: MARK });
    expect((await t.call('POST', `/api/dictation/${d.id}/take-over`, { token: tokens[SECRETARY] })).statusCode).toBe(403);
    const res = await allocate(SECRETARY, toUser(d.id, SECRETARY));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success_message: null,
      unsuccess_message: '1 dictation could not be assigned to Jenny Walsh.',
      unsuccessful_jobs: [{ id: d.id, reference: d.reference, reason: TAKEN('Mark Ellis') }],
    });
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED', assignedTo: ids[MARK] });
    expect(await logsOf(d.id)).toEqual([]);
    // Nor by putting it back in the queue first.
    const release = (await allocate(SECRETARY, { dictations: [d.id], type: 'status', status: 'READY_FOR_TYPING' })).json();
    expect(release.unsuccessful_jobs[0].reason).toBe(TAKEN('Mark Ellis'));
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED', assignedTo: ids[MARK] });
  });

  it('a claim followed by an allocation to someone else: the claim stands', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    expect((await t.call('POST', `/api/dictation/${d.id}/claim`, { token: tokens[SECRETARY] })).statusCode).toBe(200);
    const res = (await allocate(MANAGER, toUser(d.id, MARK))).json();
    expect(res.unsuccessful_jobs).toEqual([{ id: d.id, reference: d.reference, reason: TAKEN('Jenny Walsh') }]);
    expect(await row(d.id)).toMatchObject({ status: 'BEING_TYPED', assignedTo: ids[SECRETARY] });
    // Assigning it to the one who has it changes nothing either, and says so.
    expect((await allocate(MANAGER, toUser(d.id, SECRETARY))).json().unsuccessful_jobs[0].reason).toBe(
      'It is already assigned to Jenny Walsh.',
    );
  });

  it('taking someone’s letter is the Manager’s take-over: audited by name, and the previous typist is told', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: MARK });
    const res = await t.call('POST', `/api/dictation/${d.id}/take-over`, { token: tokens[MANAGER] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.assigned_to).toMatchObject({ user_id: ids[MANAGER] });
    expect(await logsOf(d.id)).toEqual(['Taken over from Mark Ellis by Grace Okafor']);
    const told = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dictationId, d.id), eq(notifications.userId, ids[MARK]!)));
    expect(told).toEqual([
      expect.objectContaining({
        kind: 'taken_over',
        title: 'Dictation taken over',
        // The letter by its reference, never the patient (issue 23).
        body: `A dictation you were typing is no longer assigned to you (ref ${d.reference})`,
      }),
    ]);
    const mine = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.dictationId, d.id), eq(notifications.userId, ids[MANAGER]!)));
    expect(mine).toEqual([]);
  });

  it('a letter nobody is typing yet, or waiting, is still allocated as before', async () => {
    const unassigned = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED' });
    const waiting = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const res = (await allocate(MANAGER, { dictations: [unassigned.id, waiting.id], type: 'user', user_id: ids[MARK] })).json();
    expect(res).toMatchObject({ success_message: '2 dictations assigned to Mark Ellis.', unsuccessful_jobs: [] });
    expect(await row(unassigned.id)).toMatchObject({ status: 'BEING_TYPED', assignedTo: ids[MARK] });
    expect(await row(waiting.id)).toMatchObject({ status: 'BEING_TYPED', assignedTo: ids[MARK] });
  });
});

describe('concurrent allocations: the database decides, one winner', () => {
  it('three allocations to one typist and three to another, at once: one succeeds, five are told who has it', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const bodies = [SECRETARY, MARK, SECRETARY, MARK, SECRETARY, MARK].map((who) => toUser(d.id, who));
    const answers = await Promise.all(bodies.map((b) => allocate(MANAGER, b)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const results = answers.map((a) => a.json());
    const winners = results.filter((r) => r.success_message);
    expect(winners).toHaveLength(1);

    const final = await row(d.id);
    const winner = final.assignedTo === ids[SECRETARY] ? 'Jenny Walsh' : 'Mark Ellis';
    expect([ids[SECRETARY], ids[MARK]]).toContain(final.assignedTo);
    expect(winners[0].success_message).toBe(`1 dictation assigned to ${winner}.`);
    for (const r of results.filter((x) => !x.success_message)) {
      expect(r.unsuccessful_jobs).toHaveLength(1);
      expect([TAKEN(winner), `It is already assigned to ${winner}.`]).toContain(r.unsuccessful_jobs[0].reason);
    }
    expect((await logsOf(d.id)).filter((l) => l.startsWith('Assigned to'))).toEqual([`Assigned to ${winner}`]);
    console.log(`[${t.dbKind}] allocation race: 6 concurrent allocations, ${winners.length} winner (${winner}), ${5} told who has it`);
  });

  it('a claim and an allocation at once: exactly one of them gets the letter', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const [claim, alloc] = await Promise.all([
      t.call('POST', `/api/dictation/${d.id}/claim`, { token: tokens[SECRETARY] }),
      allocate(MANAGER, toUser(d.id, MARK)),
    ]);
    const claimed = claim.statusCode === 200;
    const allocated = Boolean(alloc.json().success_message);
    expect(claimed !== allocated).toBe(true);
    expect((await row(d.id)).assignedTo).toBe(claimed ? ids[SECRETARY] : ids[MARK]);
    if (claimed) expect(alloc.json().unsuccessful_jobs[0].reason).toBe(TAKEN('Jenny Walsh'));
    else expect(claim.json().message).toBe('Mark Ellis is already typing this dictation.');
  });
});

describe('only active people get work', () => {
  it('allocating to a deactivated typist is refused under the typist field; the dictation stays in the queue', async () => {
    const nina = await addUser(t.db, { email: 'nina.gone@wardnote.test', first: 'Nina', last: 'Gone', role: 'Secretary', like: SECRETARY });
    await t.db.update(users).set({ active: false }).where(eq(users.id, nina));
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const res = await allocate(MANAGER, { dictations: [d.id], type: 'user', user_id: nina });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ user_id: ['Choose a typist.'] });
    expect(await row(d.id)).toMatchObject({ status: 'READY_FOR_TYPING', assignedTo: null });
    expect(await logsOf(d.id)).toEqual([]);
  });
});
