import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, dictationLogs, dictationViews, dictations, letterVersions, letters } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, OTHER_AUTHOR, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';
import { letterDoc, userId, indexFixturePatient } from './letters-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  for (const email of [AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, SUPERADMIN, FOREIGN]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

const COVER_GRANTED_AT = new Date(Date.UTC(2026, 10, 3, 14, 2));

/** A dictation waiting for its author's approval, typed by the secretary, with a letter at version 1 (or none). */
async function waiting(opts: { author?: string; cover?: boolean; confidential?: boolean; text?: string | null } = {}): Promise<Made> {
  const d = await makeDictation(t.db, {
    author: opts.author ?? AUTHOR,
    status: 'AUTHOR_APPROVAL',
    assignedTo: SECRETARY,
    confidential: opts.confidential,
  });
  // Secretarial cover is the author's grant (issue 22): who gave it and when are kept with it.
  const author = await userId(t.db, opts.author ?? AUTHOR);
  const [row] = await t.db
    .update(dictations)
    .set(
      opts.cover
        ? { secretarialCover: true, secretarialCoverBy: author, secretarialCoverAt: COVER_GRANTED_AT }
        : { secretarialCover: false, secretarialCoverBy: null, secretarialCoverAt: null },
    )
    .where(eq(dictations.id, d.id))
    .returning();
  if (opts.text !== null) {
    const doc = letterDoc(opts.text ?? 'The echo is normal.');
    await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  }
  return d;
}

const transition = (who: string, id: number, body: unknown) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body });
const openLetter = (who: string, id: number) => t.call('GET', `/api/dictation/${id}/letter`, { token: tokens[who] });
const batch = (who: string, ids: number[]) => t.call('POST', '/api/dictation/approve', { token: tokens[who], body: { dictations: ids } });
const statusOf = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!.status;
const logsOf = async (id: number) =>
  (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);

describe('approving a letter from the page (POST /api/dictation/{id}/transition, action approve)', () => {
  it('signs the letter with the author’s profile, keeps an approve version, hands it on and clears the return reason', async () => {
    const d = await waiting();
    await t.db.update(dictations).set({ returnReason: 'Add the echo.' }).where(eq(dictations.id, d.id));
    const res = await transition(AUTHOR, d.id, { action: 'approve', base_version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'MANUAL_DISTRIBUTION', return_reason: null, secretarial_cover: false });

    const letter = (await openLetter(AUTHOR, d.id)).json().data;
    expect(letter.approval).toMatchObject({
      user_id: await userId(t.db, AUTHOR),
      name: 'Daniel Reid',
      job_title: 'Consultant Physician in General Medicine',
      registration_number: 'GMC 4412087',
      on_behalf_of: null,
    });
    expect(Date.parse(letter.approval.approved_at)).not.toBeNaN();
    expect(letter).toMatchObject({ version: 2, editable: false });
    const versions = (await t.call('GET', `/api/dictation/${d.id}/versions`, { token: tokens[AUTHOR] })).json().data;
    expect(versions.map((v: { version: number; kind: string }) => [v.version, v.kind])).toContainEqual([2, 'approve']);
    expect(await logsOf(d.id)).toContain('Approved by Daniel Reid');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(d.id)), eq(auditLog.action, 'letter.approved')));
    expect(audit).toHaveLength(1);

    // Approved once is approved: a second press is told so and changes nothing.
    const again = await transition(AUTHOR, d.id, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('It is already approved.');
  });

  it('refuses to approve without a typed letter (422), and a dictation not waiting for approval names its status (409)', async () => {
    const empty = await waiting({ text: null });
    const res = await transition(AUTHOR, empty.id, { action: 'approve' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/no typed letter to approve/);
    expect(await statusOf(empty.id)).toBe('AUTHOR_APPROVAL');

    const typing = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const early = await transition(AUTHOR, typing.id, { action: 'approve' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('Ready For Typing');
  });

  it('answers a stale approval (the letter changed since) with the server’s copy, and approves nothing', async () => {
    const d = await waiting();
    const res = await transition(AUTHOR, d.id, { action: 'approve', base_version: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'letter_conflict', letter: { version: 1 } });
    expect(await statusOf(d.id)).toBe('AUTHOR_APPROVAL');
  });

  it('is the author’s: a secretary without secretarial cover and a SuperAdmin are refused (403), another trust’s id is not found', async () => {
    const d = await waiting();
    for (const who of [SECRETARY, SUPERADMIN]) {
      const res = await transition(who, d.id, { action: 'approve' });
      expect(res.statusCode).toBe(403);
    }
    expect((await transition(FOREIGN, d.id, { action: 'approve' })).statusCode).toBe(404);
    const theirs = await waiting({ author: FOREIGN });
    expect((await transition(AUTHOR, theirs.id, { action: 'approve' })).statusCode).toBe(404);
    expect(await statusOf(d.id)).toBe('AUTHOR_APPROVAL');
  });

  it('under secretarial cover a secretary approves on the author’s behalf: the letter and the audit trail say so', async () => {
    const d = await waiting({ cover: true });
    const res = await transition(SECRETARY, d.id, { action: 'approve' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'MANUAL_DISTRIBUTION', secretarial_cover: true });
    const [l] = await t.db.select().from(letters).where(eq(letters.dictationId, d.id));
    expect(l!.approval).toMatchObject({ name: 'Jenny Walsh', on_behalf_of: 'Daniel Reid', user_id: await userId(t.db, SECRETARY) });
    expect(await logsOf(d.id)).toContain(
      'Approved by Jenny Walsh on behalf of Daniel Reid (per letter, granted by Daniel Reid at 03-Nov-2026 14:02)',
    );
  });
});

describe('returning a letter to the typist', () => {
  it('needs a reason (422); with one it goes back to the same typist', async () => {
    const d = await waiting();
    const none = await transition(AUTHOR, d.id, { action: 'return_for_typing' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.reason).toBeDefined();
    const res = await transition(AUTHOR, d.id, { action: 'return_for_typing', reason: 'Please add the echo result.' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'BEING_TYPED', assigned_to: { user_id: await userId(t.db, SECRETARY) } });
  });
});

describe('openings and what the author last saw', () => {
  it('records the first and last opening, and answers the version seen before this opening', async () => {
    const d = await waiting();
    const first = (await openLetter(AUTHOR, d.id)).json().data;
    expect(first).toMatchObject({ version: 1, last_seen_version: null });
    // Returned at version 1; the typist saves twice and sends it back.
    await transition(AUTHOR, d.id, { action: 'return_for_typing', reason: 'Add the plan.' });
    const save = (text: string, base: number) =>
      t.call('PUT', `/api/dictation/${d.id}/letter`, { token: tokens[SECRETARY], body: { doc: letterDoc(text), base_version: base } });
    expect((await save('The echo is normal. Plan: review.', 1)).statusCode).toBe(200);
    expect((await save('The echo is normal. Plan: review in clinic.', 2)).statusCode).toBe(200);
    expect((await transition(SECRETARY, d.id, { action: 'send_for_approval', base_version: 3 })).statusCode).toBe(200);
    const back = (await openLetter(AUTHOR, d.id)).json().data;
    expect(back).toMatchObject({ version: 3, last_seen_version: 1 });
    expect((await openLetter(AUTHOR, d.id)).json().data.last_seen_version).toBe(3);
    const [view] = await t.db
      .select()
      .from(dictationViews)
      .where(and(eq(dictationViews.dictationId, d.id), eq(dictationViews.userId, await userId(t.db, AUTHOR))));
    expect(view!.firstViewedAt.getTime()).toBeLessThanOrEqual(view!.lastViewedAt.getTime());
    expect(view!.lastSeenVersion).toBe(3);
  });

  it('logs a view of a confidential dictation’s letter in the audit trail', async () => {
    const d = await waiting({ confidential: true });
    await t.call('GET', `/api/dictation/${d.id}/letter`, { token: tokens[AUTHOR], headers: { 'X-Wardnote-Prefetch': '1' } });
    expect(await logsOf(d.id)).toEqual([]);
    expect((await openLetter(AUTHOR, d.id)).statusCode).toBe(200);
    const trail = (await t.call('GET', `/api/dictation/${d.id}/logs`, { token: tokens[AUTHOR] })).json().data.data;
    expect(trail.map((l: { description: string }) => l.description)).toContain('Viewed (confidential)');
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(d.id)), eq(auditLog.action, 'dictation.viewed_confidential')));
    expect(audit.length).toBeGreaterThan(0);
  });
});

describe('batch approval (POST /api/dictation/approve)', () => {
  it('never approves an unopened letter; after opening it approves, and lists the rest with the reason', async () => {
    const a = await waiting();
    const b = await waiting();
    // Offline review copying the queue to the device is not the author opening the letters.
    for (const d of [a, b]) {
      const copy = await t.call('GET', `/api/dictation/${d.id}/letter`, { token: tokens[AUTHOR], headers: { 'X-Wardnote-Prefetch': '1' } });
      expect(copy.json().data).toMatchObject({ version: 1, last_seen_version: null });
    }
    const refused = await batch(AUTHOR, [a.id, b.id]);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({
      approved: [],
      success_message: null,
      unsuccess_message: '2 letters could not be approved.',
      unsuccessful_jobs: [
        { id: a.id, reference: a.reference, reason: 'Open the letter before approving it.' },
        { id: b.id, reference: b.reference, reason: 'Open the letter before approving it.' },
      ],
    });
    expect(await statusOf(a.id)).toBe('AUTHOR_APPROVAL');

    await openLetter(AUTHOR, a.id);
    const foreign = await waiting({ author: FOREIGN });
    const res = (await batch(AUTHOR, [a.id, b.id, foreign.id])).json().data;
    expect(res.approved).toEqual([a.id]);
    expect(res.success_message).toBe('1 letter approved.');
    expect(res.unsuccessful_jobs).toEqual([
      { id: b.id, reference: b.reference, reason: 'Open the letter before approving it.' },
      { id: foreign.id, reference: null, reason: 'Not found.' },
    ]);
    expect(await statusOf(a.id)).toBe('MANUAL_DISTRIBUTION');
    expect(await logsOf(a.id)).toContain('Approved by Daniel Reid');
    const kinds = await t.db.select().from(letterVersions).where(eq(letterVersions.dictationId, a.id));
    expect(kinds.map((v) => v.kind)).toContain('approve');
  });

  it('refuses what the caller may not approve, and bad input changes nothing', async () => {
    const d = await waiting();
    await openLetter(SECRETARY, d.id);
    const res = (await batch(SECRETARY, [d.id])).json().data;
    expect(res.approved).toEqual([]);
    expect(res.unsuccessful_jobs[0].reason).toMatch(/Only the author can approve/);
    expect((await batch(AUTHOR, [])).statusCode).toBe(422);
    expect((await t.call('POST', '/api/dictation/approve', { token: tokens[AUTHOR], body: { dictations: ['x'] } })).statusCode).toBe(422);
    expect(await statusOf(d.id)).toBe('AUTHOR_APPROVAL');
  });
});

describe('the signature in the profile (GET/PUT /api/user/signature)', () => {
  it('is the caller’s own, validated, and signs the next approval', async () => {
    const mine = (await t.call('GET', '/api/user/signature', { token: tokens[FOREIGN] })).json().data;
    expect(mine).toEqual({ name: 'Owen Blake', job_title: 'Consultant Physician', registration_number: null });
    const tooLong = await t.call('PUT', '/api/user/signature', {
      token: tokens[FOREIGN],
      body: { job_title: 'x'.repeat(121), registration_number: null },
    });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toContain('Job title: at most 120 characters.');
    const saved = await t.call('PUT', '/api/user/signature', {
      token: tokens[FOREIGN],
      body: { job_title: '  Consultant Geriatrician  ', registration_number: 'GMC 7654321' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ job_title: 'Consultant Geriatrician', registration_number: 'GMC 7654321' });

    const d = await waiting({ author: FOREIGN });
    expect((await transition(FOREIGN, d.id, { action: 'approve' })).statusCode).toBe(200);
    const [l] = await t.db.select().from(letters).where(eq(letters.dictationId, d.id));
    expect(l!.approval).toMatchObject({ name: 'Owen Blake', job_title: 'Consultant Geriatrician', registration_number: 'GMC 7654321' });
    // Another user's signature was not touched.
    expect((await t.call('GET', '/api/user/signature', { token: tokens[AUTHOR] })).json().data.job_title).toBe(
      'Consultant Physician in General Medicine',
    );
  });
});
