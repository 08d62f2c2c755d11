// On PostgreSQL too: one letter is saved twice at once on the same version; only PostgreSQL runs both transactions in parallel, so row locks and the unique key decide.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, dictationLogs, letters, letterVersions } from '../../server/db/schema';
import { DEMO_TEMPLATES } from '../../server/db/seed';
import { templateDoc } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, SUPERADMIN, FOREIGN, makeDictation, type Made } from './worklist-fixtures';
import { letterDoc } from './letters-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY, MANAGER, SUPERADMIN, FOREIGN]) tokens[email] = await t.login(email);
  d.typing = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY, jobType: 'Clinic Letter' });
  d.race = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.managers = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: MANAGER });
  d.approval = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.waiting = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', jobType: 'Referral' });
  d.confidential = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'BEING_TYPED', assignedTo: MANAGER, confidential: true });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'BEING_TYPED' });
});
afterAll(() => t.close());

const get = (who: string, id: number) => t.call('GET', `/api/dictation/${id}/letter`, { token: tokens[who] });
const put = (who: string, id: number, body: unknown, headers?: Record<string, string>) =>
  t.call('PUT', `/api/dictation/${id}/letter`, { token: tokens[who], body, headers });
const stored = async (id: number) => (await t.db.select().from(letters).where(eq(letters.dictationId, id)))[0];

describe('GET /api/dictation/{id}/letter', () => {
  it('answers the job type’s template as version 0 before anything is typed, editable for the assigned typist', async () => {
    const res = await get(SECRETARY, d.typing!.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      dictation_id: d.typing!.id,
      doc: templateDoc(DEMO_TEMPLATES['Clinic Letter']),
      version: 0,
      updated_at: null,
      updated_by: null,
      editable: true,
      read_only_reason: null,
      approval: null,
      last_seen_version: null,
    });
    const referral = (await get(SECRETARY, d.waiting!.id)).json().data;
    expect(referral.doc.content[0].content[0].text).toBe('Reason for referral');
    expect(referral).toMatchObject({ editable: false, read_only_reason: 'Waiting to be typed' });
  });

  it('opens read-only for others, saying who is typing; the author edits only while approving', async () => {
    expect((await get(MANAGER, d.typing!.id)).json().data).toMatchObject({
      editable: false,
      read_only_reason: 'Being typed by Jenny Walsh',
    });
    expect((await get(AUTHOR, d.typing!.id)).json().data).toMatchObject({
      editable: false,
      read_only_reason: 'Being typed by Jenny Walsh',
    });
    expect((await get(AUTHOR, d.approval!.id)).json().data).toMatchObject({ editable: true, read_only_reason: null });
    expect((await get(SECRETARY, d.approval!.id)).json().data).toMatchObject({
      editable: false,
      read_only_reason: 'With Daniel Reid for approval',
    });
    expect((await get(SUPERADMIN, d.managers!.id)).json().data).toMatchObject({ editable: false });
  });

  it('is not found for another trust’s dictation, a confidential one the caller is not involved in, or a missing one', async () => {
    expect((await get(SECRETARY, d.foreign!.id)).statusCode).toBe(404);
    expect((await get(FOREIGN, d.typing!.id)).statusCode).toBe(404);
    expect((await get(SECRETARY, d.confidential!.id)).statusCode).toBe(404);
    expect((await get(AUTHOR, d.confidential!.id)).statusCode).toBe(404);
    expect((await get(MANAGER, d.confidential!.id)).statusCode).toBe(200);
    expect((await get(SECRETARY, 999999)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/letter`)).statusCode).toBe(401);
  });
});

describe('PUT /api/dictation/{id}/letter', () => {
  it('saves the first version from 0, then each save on the latest version adds one; an autosave keeps no version', async () => {
    const first = await put(SECRETARY, d.typing!.id, { doc: letterDoc('Stable angina.'), base_version: 0 });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.version).toBe(1);
    const second = await put(SECRETARY, d.typing!.id, { doc: letterDoc('Stable angina, well controlled.'), base_version: 1 });
    expect(second.json().data.version).toBe(2);
    const letter = (await get(SECRETARY, d.typing!.id)).json().data;
    expect(letter).toMatchObject({ version: 2, updated_by: { full_name: 'Jenny Walsh' }, editable: true });
    expect(letter.doc).toEqual(letterDoc('Stable angina, well controlled.'));
    expect((await stored(d.typing!.id))!.text).toBe('Diagnosis\nStable angina, well controlled.');
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/versions`, { token: tokens[SECRETARY] })).json().data).toEqual([]);
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.typing!.id));
    expect(logs).toEqual([]);
  });

  it('a final save keeps the version in the history, with an audit entry', async () => {
    const res = await put(SECRETARY, d.typing!.id, { doc: letterDoc('Final text.'), base_version: 2, final: true });
    expect(res.json().data.version).toBe(3);
    const versions = (await t.call('GET', `/api/dictation/${d.typing!.id}/versions`, { token: tokens[AUTHOR] })).json().data;
    expect(versions).toEqual([
      { version: 3, kind: 'final', created_at: expect.any(String), user: { id: expect.any(Number), full_name: 'Jenny Walsh' } },
    ]);
    const one = await t.call('GET', `/api/dictation/${d.typing!.id}/versions/3`, { token: tokens[AUTHOR] });
    expect(one.json().data).toMatchObject({ version: 3, kind: 'final', doc: letterDoc('Final text.') });
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/versions/2`, { token: tokens[AUTHOR] })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/dictation/${d.typing!.id}/versions/3`, { token: tokens[FOREIGN] })).statusCode).toBe(404);
    const logs = await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, d.typing!.id));
    expect(logs.map((l) => l.description)).toEqual(['Letter saved (version 3)']);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'letter.saved'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.details)).not.toContain('Final text');
  });

  it('refuses a save based on an older version with 409 and the server’s copy, changing nothing', async () => {
    const before = await stored(d.typing!.id);
    const res = await put(SECRETARY, d.typing!.id, { doc: letterDoc('Typed on another device.'), base_version: 1 });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ code: 'letter_conflict', letter: { version: 3, doc: letterDoc('Final text.'), editable: true } });
    expect(body.message).toMatch(/Someone else saved this letter/);
    expect(await stored(d.typing!.id)).toEqual(before);
  });

  it('of two saves on the same version at once, exactly one wins', async () => {
    const [a, b] = await Promise.all([
      put(SECRETARY, d.race!.id, { doc: letterDoc('From the desktop.'), base_version: 0 }),
      put(SECRETARY, d.race!.id, { doc: letterDoc('From the tablet.'), base_version: 0 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? 'From the desktop.' : 'From the tablet.';
    expect((await stored(d.race!.id))!.doc).toEqual(letterDoc(winner));
    const [c, e] = await Promise.all([
      put(SECRETARY, d.race!.id, { doc: letterDoc('Second round A.'), base_version: 1 }),
      put(SECRETARY, d.race!.id, { doc: letterDoc('Second round B.'), base_version: 1 }),
    ]);
    expect([c.statusCode, e.statusCode].sort()).toEqual([200, 409]);
    expect((await stored(d.race!.id))!.version).toBe(2);
  });

  it('refuses a save by someone who may not type the letter now with 403 in words, changing nothing', async () => {
    const before = await stored(d.typing!.id);
    const manager = await put(MANAGER, d.typing!.id, { doc: letterDoc('Manager edit.'), base_version: 3 });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({
      code: 'letter_not_editable',
      message:
        'This letter can no longer be changed here: it is now being typed by Jenny Walsh. Your text is kept on this device — copy it before leaving.',
    });
    const moved = await put(SECRETARY, d.approval!.id, { doc: letterDoc('Late edit.'), base_version: 0 });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(
      'This letter can no longer be changed here: it is with Daniel Reid for approval. Your text is kept on this device — copy it before leaving.',
    );
    expect((await put(SUPERADMIN, d.managers!.id, { doc: letterDoc('x'), base_version: 0 })).statusCode).toBe(403);
    expect(await stored(d.typing!.id)).toEqual(before);
    expect(await stored(d.approval!.id)).toBeUndefined();
    expect((await put(SECRETARY, d.foreign!.id, { doc: letterDoc('x'), base_version: 0 })).statusCode).toBe(404);
  });

  it('lets the author edit their own letter while approving it', async () => {
    const res = await put(AUTHOR, d.approval!.id, { doc: letterDoc('Corrected by the author.'), base_version: 0, final: true });
    expect(res.statusCode).toBe(200);
    expect((await stored(d.approval!.id))!.updatedBy).not.toBeNull();
  });

  it('refuses documents outside the editor’s schema with 422 and a clear message', async () => {
    const bad = [
      { type: 'doc', content: [{ type: 'image', attrs: { src: 'http://x' } }] },
      { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link' }] }] }] },
      { type: 'doc', content: [{ type: 'paragraph', attrs: { onclick: 'alert(1)' } }] },
      { type: 'paragraph' },
    ];
    for (const doc of bad) {
      const res = await put(SECRETARY, d.race!.id, { doc, base_version: 2 });
      expect(res.statusCode, JSON.stringify(doc)).toBe(422);
      expect(res.json().message).toMatch(/This letter cannot be saved: |The letter must be a document/);
    }
    const huge = await put(SECRETARY, d.race!.id, { doc: letterDoc('x'), base_version: Number.MAX_SAFE_INTEGER });
    expect(huge.statusCode).toBe(422);
    // Built as text: serialising an object this deep would overflow the test's own stack.
    const levels = 30_000;
    const deep = `{"type":"doc","content":[${'{"type":"bulletList","content":[{"type":"listItem","content":['.repeat(levels)}{"type":"paragraph"}${']}]}'.repeat(levels)}]}`;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/dictation/${d.race!.id}/letter`,
      headers: { authorization: `Bearer ${tokens[SECRETARY]}`, 'content-type': 'application/json' },
      payload: `{"base_version":2,"doc":${deep}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toMatch(/nested too deeply/);
    expect((await stored(d.race!.id))!.version).toBe(2);
  });

  it('answers a replayed Idempotency-Key with the first answer, saving once', async () => {
    const headers = { 'idempotency-key': 'letter-save-0001' };
    const first = await put(SECRETARY, d.race!.id, { doc: letterDoc('Once.'), base_version: 2, final: true }, headers);
    const again = await put(SECRETARY, d.race!.id, { doc: letterDoc('Once.'), base_version: 2, final: true }, headers);
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotency-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await stored(d.race!.id))!.version).toBe(3);
    expect(await t.db.select().from(letterVersions).where(eq(letterVersions.dictationId, d.race!.id))).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key with another body (422) and keeps the first text (issue 22 point 8)', async () => {
    const headers = { 'idempotency-key': 'letter-save-0002' };
    const first = { doc: letterDoc('First words.'), base_version: 3, final: false };
    expect((await put(SECRETARY, d.race!.id, first, headers)).statusCode).toBe(200);
    const other = await put(SECRETARY, d.race!.id, { doc: letterDoc('Other words.'), base_version: 4, final: false }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'idempotency_key_reused',
      message: 'This request key was already used for a different request.',
    });
    expect(JSON.stringify((await stored(d.race!.id))!.doc)).toContain('First words.');
    expect((await stored(d.race!.id))!.version).toBe(4);
    // The same request again, its fields in another order, is a replay.
    const replay = await put(SECRETARY, d.race!.id, { final: false, base_version: 3, doc: letterDoc('First words.') }, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotency-replayed']).toBe('true');
  });

  it('audits reading a confidential dictation’s letter', async () => {
    const before = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'dictation.viewed_confidential'))).length;
    await get(MANAGER, d.confidential!.id);
    const after = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'dictation.viewed_confidential'))).length;
    expect(after).toBe(before + 1);
  });
});
