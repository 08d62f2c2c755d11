// On PostgreSQL too: two typists claim one dictation at once; only PostgreSQL runs both transactions in parallel, so the row lock decides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, dictationLogs, dictations } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, SECRETARY, MANAGER, SUPERADMIN, FOREIGN, makeDictation, type Made } from './worklist-fixtures';
import { addUser, userId } from './letters-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

const SECOND_SECRETARY = 'sam.lewis@wardnote.test';

beforeAll(async () => {
  t = await startTestApp();
  await addUser(t.db, { email: SECOND_SECRETARY, first: 'Sam', last: 'Lewis', role: 'Secretary', like: SECRETARY });
  for (const email of [AUTHOR, SECRETARY, SECOND_SECRETARY, MANAGER, SUPERADMIN, FOREIGN]) tokens[email] = await t.login(email);
  d.waiting = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
  d.received = await makeDictation(t.db, { author: AUTHOR, status: 'RECEIVED' });
  d.race = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
  d.typed = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.unassigned = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED' });
  d.approval = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'READY_FOR_TYPING' });
  d.confidential = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', confidential: true });
});
afterAll(() => t.close());

const claim = (who: string, id: number, headers?: Record<string, string>) =>
  t.call('POST', `/api/dictation/${id}/claim`, { token: tokens[who], headers });
const takeOver = (who: string, id: number) => t.call('POST', `/api/dictation/${id}/take-over`, { token: tokens[who] });
const row = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!;
const logsOf = async (id: number) =>
  (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);

describe('POST /api/dictation/{id}/claim', () => {
  it('takes a waiting dictation (READY_FOR_TYPING or RECEIVED) for typing by the caller, with an audit entry', async () => {
    const res = await claim(SECRETARY, d.waiting!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: d.waiting!.id,
      status: 'BEING_TYPED',
      assigned_to: { user_id: await userId(t.db, SECRETARY) },
    });
    expect(await logsOf(d.waiting!.id)).toEqual(['Taken for typing']);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(d.waiting!.id)));
    expect(audits.map((a) => a.action)).toContain('dictation.status');
    expect((await claim(MANAGER, d.received!.id)).json().data.status).toBe('BEING_TYPED');
  });

  it('answers the winner again as the first time, with no second audit entry', async () => {
    const again = await claim(SECRETARY, d.waiting!.id);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.status).toBe('BEING_TYPED');
    expect(await logsOf(d.waiting!.id)).toEqual(['Taken for typing']);
  });

  it('of two typists claiming at once, exactly one wins; the other hears who has it', async () => {
    const [a, b] = await Promise.all([claim(SECRETARY, d.race!.id), claim(SECOND_SECRETARY, d.race!.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const [won, lost] = a.statusCode === 200 ? [a, b] : [b, a];
    const winnerName = won === a ? 'Jenny Walsh' : 'Sam Lewis';
    expect(lost.json()).toEqual({ code: 'already_claimed', message: `${winnerName} is already typing this dictation.` });
    expect((await row(d.race!.id)).assignedTo).toBe(await userId(t.db, won === a ? SECRETARY : SECOND_SECRETARY));
    expect(await logsOf(d.race!.id)).toHaveLength(1);
  });

  it('refuses someone else’s dictation being typed, naming the typist; takes one returned to nobody', async () => {
    const res = await claim(SECOND_SECRETARY, d.typed!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Jenny Walsh is already typing this dictation.');
    const free = await claim(SECOND_SECRETARY, d.unassigned!.id);
    expect(free.statusCode).toBe(200);
    expect((await row(d.unassigned!.id)).assignedTo).toBe(await userId(t.db, SECOND_SECRETARY));
  });

  it('refuses a dictation that is not waiting for typing, and callers who do not type', async () => {
    const res = await claim(SECRETARY, d.approval!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'wrong_status', message: expect.stringContaining('Author Approval') });
    expect((await claim(AUTHOR, d.confidential!.id)).statusCode).toBe(403);
    expect((await claim(SUPERADMIN, d.confidential!.id)).statusCode).toBe(403);
  });

  it('does not find another trust’s dictation, or a confidential one the typist is not involved in', async () => {
    expect((await claim(SECRETARY, d.foreign!.id)).statusCode).toBe(404);
    expect((await claim(SECRETARY, d.confidential!.id)).statusCode).toBe(404);
    expect((await row(d.confidential!.id)).status).toBe('READY_FOR_TYPING');
  });
});

describe('POST /api/dictation/{id}/take-over', () => {
  it('lets a Manager take over someone else’s typing; the audit trail names both', async () => {
    const res = await takeOver(MANAGER, d.typed!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'BEING_TYPED', assigned_to: { user_id: await userId(t.db, MANAGER) } });
    expect(await logsOf(d.typed!.id)).toEqual(['Taken over from Jenny Walsh by Grace Okafor']);
    const letter = (await t.call('GET', `/api/dictation/${d.typed!.id}/letter`, { token: tokens[MANAGER] })).json().data;
    expect(letter.editable).toBe(true);
    const former = (await t.call('GET', `/api/dictation/${d.typed!.id}/letter`, { token: tokens[SECRETARY] })).json().data;
    expect(former).toMatchObject({ editable: false, read_only_reason: 'Being typed by Grace Okafor' });
    expect((await takeOver(MANAGER, d.typed!.id)).statusCode).toBe(200);
    expect(await logsOf(d.typed!.id)).toHaveLength(1);
  });

  it('is for Managers only, and only while a dictation is being typed', async () => {
    expect((await takeOver(SECRETARY, d.race!.id)).statusCode).toBe(403);
    expect((await takeOver(SUPERADMIN, d.race!.id)).statusCode).toBe(403);
    const res = await takeOver(MANAGER, d.approval!.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('wrong_status');
    expect((await takeOver(MANAGER, d.foreign!.id)).statusCode).toBe(404);
  });
});
