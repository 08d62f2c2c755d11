import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, dictationLogs, dictations, letters, users } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, OTHER_AUTHOR, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';
import { indexFixturePatient, letterDoc, userId } from './letters-fixtures';

/**
 * Issue 22 point 1: a standing delegation an administrator records ("Jenny Walsh may approve for Daniel
 * Reid"), with who set it and when: the API that lists, sets and revokes them, and approval honouring it,
 * naming it in the audit trail.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const TRUSTADMIN = 'trustadmin@wardnote.test';
const SITEADMIN = 'siteadmin@wardnote.test';
const ids: Record<string, number> = {};
let trustId = 0;
let foreignTrustId = 0;

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  for (const email of [AUTHOR, SECRETARY, MANAGER, SUPERADMIN, TRUSTADMIN, SITEADMIN, FOREIGN]) tokens[email] = await t.login(email);
  for (const email of [AUTHOR, SECRETARY, MANAGER, OTHER_AUTHOR, FOREIGN, TRUSTADMIN]) ids[email] = await userId(t.db, email);
  const trustOf = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.trustId;
  trustId = await trustOf(AUTHOR);
  foreignTrustId = await trustOf(FOREIGN);
});
afterAll(() => t.close());

const path = (trust = trustId) => `/api/trusts/${trust}/delegations`;
const list = (who: string, trust?: number) => t.call('GET', path(trust), { token: tokens[who] });
const create = (who: string, body: unknown, trust?: number) => t.call('POST', path(trust), { token: tokens[who], body });
const revoke = (who: string, id: number, trust?: number) => t.call('DELETE', `${path(trust)}/${id}`, { token: tokens[who] });
const transition = (who: string, id: number, body: unknown) =>
  t.call('POST', `/api/dictation/${id}/transition`, { token: tokens[who], body });
const statusOf = async (id: number) => (await t.db.select().from(dictations).where(eq(dictations.id, id)))[0]!.status;
const logsOf = async (id: number) =>
  (await t.db.select().from(dictationLogs).where(eq(dictationLogs.dictationId, id))).map((l) => l.description);

/** A letter typed by the Manager, waiting for its author's approval, without secretarial cover. */
async function waiting(author = AUTHOR): Promise<Made> {
  const d = await makeDictation(t.db, { author, status: 'AUTHOR_APPROVAL', assignedTo: MANAGER });
  const [row] = await t.db.select().from(dictations).where(eq(dictations.id, d.id));
  const doc = letterDoc('The echo is normal.');
  await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  return d;
}

describe('standing delegations: GET, POST, DELETE /api/trusts/{id}/delegations', () => {
  it('a TrustAdmin records one: who may approve for whom, who set it and when; audited; the delegate’s profile lists the author', async () => {
    const before = await list(TRUSTADMIN);
    expect(before.statusCode).toBe(200);
    expect(before.json().data).toMatchObject({ trust: { id: trustId }, delegations: [] });
    expect(before.json().data.delegates.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([ids[SECRETARY], ids[MANAGER]]));
    expect(before.json().data.authors.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([ids[AUTHOR], ids[OTHER_AUTHOR]]));
    expect(before.json().data.authors.map((p: { id: number }) => p.id)).not.toContain(ids[FOREIGN]);

    const res = await create(TRUSTADMIN, { delegate_id: ids[SECRETARY], author_id: ids[AUTHOR] });
    expect(res.statusCode).toBe(201);
    const made = res.json().data;
    expect(made).toMatchObject({
      delegate: { id: ids[SECRETARY], full_name: 'Jenny Walsh' },
      author: { id: ids[AUTHOR], full_name: 'Daniel Reid' },
      text: 'Jenny Walsh may approve for Daniel Reid',
      set_by: { id: ids[TRUSTADMIN], full_name: 'Priya Shah' },
      revoked_at: null,
    });
    expect(Date.parse(made.set_at)).not.toBeNaN();
    expect((await list(TRUSTADMIN)).json().data.delegations).toEqual([made]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delegation.created'), eq(auditLog.entityId, String(made.id))));
    expect(audits).toEqual([
      expect.objectContaining({ userId: ids[TRUSTADMIN], details: { delegate_user_id: ids[SECRETARY], author_user_id: ids[AUTHOR] } }),
    ]);
    const profile = (await t.call('GET', '/api/user', { token: tokens[SECRETARY] })).json().data;
    expect(profile.approves_for).toEqual([ids[AUTHOR]]);

    const again = await create(TRUSTADMIN, { delegate_id: ids[SECRETARY], author_id: ids[AUTHOR] });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Jenny Walsh may already approve for Daniel Reid.');
  });

  it('the delegate approves that author’s letters, signed on their behalf, the audit trail naming the delegation; nobody else’s', async () => {
    const d = await waiting();
    const res = await transition(SECRETARY, d.id, { action: 'approve', base_version: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'MANUAL_DISTRIBUTION', secretarial_cover: false });
    const [letter] = await t.db.select().from(letters).where(eq(letters.dictationId, d.id));
    expect(letter!.approval).toMatchObject({ name: 'Jenny Walsh', on_behalf_of: 'Daniel Reid' });
    expect((await logsOf(d.id)).find((l) => l.startsWith('Approved by'))).toMatch(
      /^Approved by Jenny Walsh on behalf of Daniel Reid \(standing delegation set by Priya Shah on \d{2}-[A-Z][a-z]{2}-\d{4}\)$/,
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, String(d.id)), eq(auditLog.action, 'letter.approved')));
    expect(audit!.details).toMatchObject({ cover: { kind: 'delegation', set_by_user_id: ids[TRUSTADMIN] } });

    // Another author's letter, and another typist without a delegation, stay the author's.
    const other = await waiting(OTHER_AUTHOR);
    expect((await transition(SECRETARY, other.id, { action: 'approve' })).statusCode).toBe(403);
    const notHers = await waiting();
    expect((await transition(MANAGER, notHers.id, { action: 'approve' })).statusCode).toBe(403);
    expect(await statusOf(notHers.id)).toBe('AUTHOR_APPROVAL');
  });

  it('revoked, it approves nothing more, leaves the list and is audited; revoking again is not found', async () => {
    const [live] = (await list(TRUSTADMIN)).json().data.delegations;
    const res = await revoke(SUPERADMIN, live.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.revoked_at).not.toBeNull();
    expect((await list(TRUSTADMIN)).json().data.delegations).toEqual([]);
    expect((await revoke(TRUSTADMIN, live.id)).statusCode).toBe(404);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delegation.revoked'), eq(auditLog.entityId, String(live.id))));
    expect(audits).toHaveLength(1);

    const d = await waiting();
    const refused = await transition(SECRETARY, d.id, { action: 'approve' });
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(d.id)).toBe('AUTHOR_APPROVAL');
    expect((await t.call('GET', '/api/user', { token: tokens[SECRETARY] })).json().data.approves_for).toEqual([]);
  });

  it('refuses in words: a delegate who is not a typist, an author who is not an Author, the same person twice, bad bodies', async () => {
    const cases: [unknown, string][] = [
      [{ delegate_id: ids[OTHER_AUTHOR], author_id: ids[AUTHOR] }, 'delegate_id'],
      [{ delegate_id: ids[SECRETARY], author_id: ids[MANAGER] }, 'author_id'],
      [{ delegate_id: ids[SECRETARY], author_id: ids[SECRETARY] }, 'delegate_id'],
      [{ delegate_id: ids[SECRETARY] }, 'author_id'],
      [{ delegate_id: ids[SECRETARY], author_id: ids[AUTHOR], extra: 1 }, 'extra'],
    ];
    for (const [body, field] of cases) {
      const res = await create(TRUSTADMIN, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}).join(' ') + res.json().message, JSON.stringify(body)).toContain(field);
    }
    expect((await list(TRUSTADMIN)).json().data.delegations).toEqual([]);
  });

  it('another trust, or another trust’s user, is not found; a typist may not set delegations at all', async () => {
    expect((await list(TRUSTADMIN, foreignTrustId)).statusCode).toBe(404);
    expect((await create(TRUSTADMIN, { delegate_id: ids[SECRETARY], author_id: ids[AUTHOR] }, foreignTrustId)).statusCode).toBe(404);
    expect((await create(TRUSTADMIN, { delegate_id: ids[SECRETARY], author_id: ids[FOREIGN] })).statusCode).toBe(404);
    expect((await list(TRUSTADMIN, 999999)).statusCode).toBe(404);
    expect((await list(SECRETARY)).statusCode).toBe(403);
    expect((await create(MANAGER, { delegate_id: ids[MANAGER], author_id: ids[AUTHOR] })).statusCode).toBe(403);
    expect((await list(FOREIGN)).statusCode).toBe(403);
    expect((await list(TRUSTADMIN)).json().data.delegations).toEqual([]);
  });

  it('a SiteAdmin sets and sees delegations for the people of their own site only', async () => {
    // Hannah Price (pin.author) works at the community site; the SiteAdmin administers the general one.
    const elsewhere = await create(SITEADMIN, { delegate_id: ids[SECRETARY], author_id: ids[OTHER_AUTHOR] });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.author_id).toBeDefined();
    const theirs = await create(TRUSTADMIN, { delegate_id: ids[MANAGER], author_id: ids[OTHER_AUTHOR] });
    expect(theirs.statusCode).toBe(201);

    const ours = await create(SITEADMIN, { delegate_id: ids[MANAGER], author_id: ids[AUTHOR] });
    expect(ours.statusCode).toBe(201);
    const seen = (await list(SITEADMIN)).json().data;
    expect(seen.delegations.map((x: { id: number }) => x.id)).toEqual([ours.json().data.id]);
    expect(seen.authors.map((p: { id: number }) => p.id)).not.toContain(ids[OTHER_AUTHOR]);
    expect((await revoke(SITEADMIN, theirs.json().data.id)).statusCode).toBe(404);
    expect((await revoke(SITEADMIN, ours.json().data.id)).statusCode).toBe(200);
  });
});
