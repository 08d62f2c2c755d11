import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictationLogs, dictations, jobTypes, outsourcingPools, trusts, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';
import { addUser, letterDoc, userId, indexFixturePatient } from './letters-fixtures';
import { tusClient } from './tus-client';

const OUTSOURCED = 'outsourced@wardnote.test';
/** A second external typist of the same pool, added below. */
const OUTSOURCED_2 = 'second.external@wardnote.test';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};
let poolId: number;
let foreignPoolId: number;

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  await indexFixturePatient(t.db);
  const [pool] = await t.db.select().from(outsourcingPools);
  poolId = pool!.id;
  const [other] = await t.db.select().from(trusts).where(eq(trusts.name, 'Other NHS Trust'));
  const [foreign] = await t.db.insert(outsourcingPools).values({ trustId: other!.id, name: 'Other Typing Co' }).returning();
  foreignPoolId = foreign!.id;
  const second = await addUser(t.db, { email: OUTSOURCED_2, first: 'Kim', last: 'Lowe', role: 'Secretary', like: OUTSOURCED });
  await t.db.update(users).set({ outsourcingPoolId: poolId }).where(eq(users.id, second));
  for (const email of [MANAGER, SECRETARY, SUPERADMIN, AUTHOR, FOREIGN, OUTSOURCED, OUTSOURCED_2]) tokens[email] = await t.login(email);
  // QA applies to this job type: a letter back from outsourcing still goes straight to the author.
  await t.db.update(jobTypes).set({ qaRequired: true }).where(eq(jobTypes.name, 'Referral'));
  d.ready = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', jobType: 'Referral' });
  d.typed = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.kept = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
  d.confidential = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', confidential: true });
  d.approval = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'READY_FOR_TYPING' });
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) =>
  t.call(method, url, { token: tokens[who], body });
const allocate = (who: string, body: unknown) => call(who, 'POST', '/api/dictation/allocate', body);
const row = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!;
const listIds = async (who: string, status: string) => {
  const res = await call(who, 'GET', `/api/dictation?status=${status}`);
  expect(res.statusCode).toBe(200);
  return res.json().data.data.map((r: { id: number }) => r.id) as number[];
};
const transition = (who: string, id: number, body: unknown) => call(who, 'POST', `/api/dictation/${id}/transition`, body);
const save = (who: string, id: number, text: string, base: number) =>
  call(who, 'PUT', `/api/dictation/${id}/letter`, { doc: letterDoc(text), base_version: base });

describe('allocating to an outsourcing pool', () => {
  it('lists the trust’s pools for a Manager or SuperAdmin only', async () => {
    for (const who of [MANAGER, SUPERADMIN]) {
      const res = await call(who, 'GET', '/api/outsourcing/pools');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([{ id: poolId, name: 'Typing Partners Ltd' }]);
    }
    for (const who of [SECRETARY, AUTHOR, OUTSOURCED]) expect((await call(who, 'GET', '/api/outsourcing/pools')).statusCode).toBe(403);
  });

  it('refuses another trust’s pool, or a pool with any other move, and changes nothing', async () => {
    const foreign = await allocate(MANAGER, { dictations: [d.ready!.id], type: 'status', status: 'OUTSOURCED', pool_id: foreignPoolId });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().message).toBe('Choose an outsourcing pool of your trust.');
    const misplaced = await allocate(MANAGER, { dictations: [d.ready!.id], type: 'status', status: 'BEING_TYPED', pool_id: poolId });
    expect(misplaced.statusCode).toBe(422);
    expect(misplaced.json().errors.pool_id).toBeDefined();
    expect((await row(d.ready!.id)).status).toBe('READY_FOR_TYPING');
  });

  it('lets only a Manager (or SuperAdmin) outsource: a Secretary’s request moves nothing', async () => {
    const res = (await allocate(SECRETARY, { dictations: [d.ready!.id], type: 'status', status: 'OUTSOURCED', pool_id: poolId })).json();
    expect(res.success_message).toBeNull();
    expect(res.unsuccessful_jobs[0].reason).toBe('It cannot be moved from Ready For Typing to Outsourced.');
    expect((await row(d.ready!.id)).outsourcingPoolId).toBeNull();
  });

  it('sends waiting and in-progress dictations to the pool, unassigned, with the audit trail naming the pool', async () => {
    const res = await allocate(MANAGER, { dictations: [d.ready!.id, d.typed!.id], type: 'status', status: 'OUTSOURCED', pool_id: poolId });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success_message: '2 dictations outsourced to Typing Partners Ltd.', unsuccessful_jobs: [] });
    for (const id of [d.ready!.id, d.typed!.id])
      expect(await row(id)).toMatchObject({ status: 'OUTSOURCED', outsourcingPoolId: poolId, assignedTo: null });
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.typed!.id));
    expect(logs.map((l) => l.description)).toContain('Sent to outsourced typing: Typing Partners Ltd');
    expect(await listIds(MANAGER, 'OUTSOURCED')).toEqual(expect.arrayContaining([d.ready!.id, d.typed!.id]));
  });
});

describe('an external typist of the pool', () => {
  it('sees only the dictations allocated to their pool: list, counts, other tabs', async () => {
    expect((await listIds(OUTSOURCED, 'OUTSOURCED')).sort()).toEqual([d.ready!.id, d.typed!.id].sort());
    for (const tab of ['READY_FOR_TYPING', 'BEING_TYPED', 'AUTHOR_APPROVAL', 'OUTSOURCED_REVIEW', 'SENT'])
      expect(await listIds(OUTSOURCED, tab)).toEqual([]);
    const counts = await call(OUTSOURCED, 'GET', '/api/dictation/counts');
    expect(counts.json().data).toEqual({ OUTSOURCED: 2 });
  });

  it('opens, hears and reads an allocated dictation; every other one of the trust is not found', async () => {
    const mine = await call(OUTSOURCED, 'GET', `/api/dictation/${d.ready!.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.status).toBe('OUTSOURCED');
    for (const other of [d.kept!, d.confidential!, d.approval!, d.foreign!]) {
      for (const path of ['', '/letter', '/comments', '/logs', '/versions', '/audio'])
        expect((await call(OUTSOURCED, 'GET', `/api/dictation/${other.id}${path}`)).statusCode, `${other.id}${path}`).toBe(404);
    }
    // The audio of their own dictation answers as it does for the trust's typists (the file itself is not in this test's store).
    const audio = (who: string) => call(who, 'GET', `/api/dictation/${d.ready!.id}/audio`);
    expect((await audio(OUTSOURCED)).statusCode).toBe((await audio(MANAGER)).statusCode);
    expect((await audio(OUTSOURCED)).statusCode).not.toBe(403);
  });

  it('may not use patient lookup, the users list, autotext admin, uploads, allocation, search or anything of the trust', async () => {
    const refused: [Parameters<typeof call>[1], string, unknown?][] = [
      ['GET', '/api/patients?nhs_number=9434765919'],
      ['GET', '/api/patients/1/appointments'],
      ['GET', '/api/users'],
      ['GET', '/api/users/1'],
      ['GET', '/api/autotext'],
      ['POST', '/api/autotext', { shortcut: 'zz', title: 'Mine', body: 'Text', scope: 'user' }],
      ['GET', '/api/autotext/departments'],
      ['GET', '/api/dictation-options'],
      ['GET', '/api/interaction'],
      ['GET', '/api/dictation/document?search=SMITH'],
      ['GET', '/api/outsourcing/pools'],
      ['POST', '/api/dictation/allocate', { dictations: [d.kept!.id], type: 'status', status: 'BEING_TYPED' }],
      ['POST', '/api/dictation/approve', { dictations: [d.approval!.id] }],
      ['POST', `/api/dictation/${d.ready!.id}/take-over`, {}],
      ['DELETE', `/api/dictation/${d.ready!.id}`],
      ['POST', `/api/dictation/${d.ready!.id}/confidential`, { is_confidential: true }],
      ['GET', `/api/dictation/${d.ready!.id}/attachments`],
    ];
    const answers: string[] = [];
    for (const [method, url, body] of refused) answers.push(`${method} ${url}: ${(await call(OUTSOURCED, method, url, body)).statusCode}`);
    expect(answers).toEqual(refused.map(([method, url]) => `${method} ${url}: 403`));
    // Input the route cannot take is refused as such first (422); either way nothing changes.
    const before = await row(d.ready!.id);
    expect(
      (await call(OUTSOURCED, 'PATCH', `/api/dictation/${d.ready!.id}/details`, { urgent: 'HIGH' })).statusCode,
    ).toBeGreaterThanOrEqual(400);
    expect((await call(OUTSOURCED, 'POST', '/api/dictation/manual', {})).statusCode).toBeGreaterThanOrEqual(400);
    expect(await row(d.ready!.id)).toEqual(before);
    // Their usable autotexts (for typing) and their own profile are theirs; the profile shows nothing of the trust's set-up.
    expect((await call(OUTSOURCED, 'GET', '/api/autotext/usable')).statusCode).toBe(200);
    const profile = (await call(OUTSOURCED, 'GET', '/api/user')).json().data;
    expect(profile).toMatchObject({ outsourcing_pool_id: poolId, interaction: [] });
    // No upload into the trust either (tus, its own authentication path).
    expect((await tusClient(t.base, tokens[OUTSOURCED]!).create(100)).status).toBe(403);
  });

  it('opening claims the dictation, so a second external typist cannot type into the same letter', async () => {
    const before = (await call(OUTSOURCED, 'GET', `/api/dictation/${d.ready!.id}/letter`)).json().data;
    expect(before).toMatchObject({ editable: false, read_only_reason: 'Nobody is typing this dictation yet' });
    expect((await call(OUTSOURCED, 'POST', `/api/dictation/${d.ready!.id}/claim`, {})).statusCode).toBe(200);
    expect(await row(d.ready!.id)).toMatchObject({ status: 'OUTSOURCED', assignedTo: await userId(t.db, OUTSOURCED) });
    expect((await call(OUTSOURCED, 'GET', `/api/dictation/${d.ready!.id}/letter`)).json().data.editable).toBe(true);
    expect((await save(OUTSOURCED, d.ready!.id, 'Typed by the pool.', 0)).statusCode).toBe(200);

    const second = await call(OUTSOURCED_2, 'POST', `/api/dictation/${d.ready!.id}/claim`, {});
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toContain('Sam Fletcher');
    expect((await save(OUTSOURCED_2, d.ready!.id, 'Overwrite.', 1)).statusCode).toBe(403);
  });

  it('in-house staff neither type nor return an outsourced letter', async () => {
    expect((await call(SECRETARY, 'POST', `/api/dictation/${d.typed!.id}/claim`, {})).statusCode).toBe(409);
    expect((await transition(SECRETARY, d.typed!.id, { action: 'outsourced_done' })).statusCode).toBe(403);
    expect((await transition(OUTSOURCED, d.typed!.id, { action: 'send_for_approval' })).statusCode).toBe(403);
  });

  it('returns the typed letter for review: OUTSOURCED_REVIEW, unassigned, and gone from their list', async () => {
    const res = await transition(OUTSOURCED, d.ready!.id, { action: 'outsourced_done' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'OUTSOURCED_REVIEW', assigned_to: null });
    expect(await listIds(OUTSOURCED, 'OUTSOURCED')).toEqual([d.typed!.id]);
    expect((await call(OUTSOURCED, 'GET', `/api/dictation/${d.ready!.id}`)).statusCode).toBe(404);
    expect((await call(OUTSOURCED, 'GET', '/api/dictation/counts')).json().data).toEqual({ OUTSOURCED: 1 });
  });
});

describe('back in the trust', () => {
  it('an in-house typist claims the returned letter, checks it and sends it to the author without QA', async () => {
    expect(await listIds(SECRETARY, 'OUTSOURCED_REVIEW')).toContain(d.ready!.id);
    expect((await call(SECRETARY, 'POST', `/api/dictation/${d.ready!.id}/claim`, {})).statusCode).toBe(200);
    expect(await row(d.ready!.id)).toMatchObject({ status: 'OUTSOURCED_REVIEW', assignedTo: await userId(t.db, SECRETARY) });
    expect((await save(SECRETARY, d.ready!.id, 'Typed by the pool, checked.', 1)).statusCode).toBe(200);
    const sent = await transition(SECRETARY, d.ready!.id, { action: 'send_for_approval' });
    expect(sent.json().data.status).toBe('AUTHOR_APPROVAL');
  });

  it('a Manager recalls outsourced work to the typing queue; the pool no longer sees it', async () => {
    const res = (await allocate(MANAGER, { dictations: [d.typed!.id], type: 'status', status: 'READY_FOR_TYPING' })).json();
    expect(res.success_message).toBe('1 dictation moved to Ready For Typing.');
    expect(await row(d.typed!.id)).toMatchObject({ status: 'READY_FOR_TYPING', outsourcingPoolId: null, assignedTo: null });
    expect(await listIds(OUTSOURCED, 'OUTSOURCED')).toEqual([]);
    expect((await call(OUTSOURCED, 'GET', `/api/dictation/${d.typed!.id}`)).statusCode).toBe(404);
  });

  it('the older "Move to Outsourced" without a pool still works for a trust with one pool', async () => {
    const res = (await allocate(MANAGER, { dictations: [d.kept!.id], type: 'status', status: 'OUTSOURCED' })).json();
    expect(res.success_message).toBe('1 dictation moved to Outsourced.');
    expect((await row(d.kept!.id)).outsourcingPoolId).toBe(poolId);
  });
});
