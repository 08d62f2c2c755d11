// On PostgreSQL too: the stuck-letter total comes from a raw count(*), which node-postgres returns as a string.
import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, dictations, letters, mailbox, notifications } from '../../server/db/schema';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { addUser, indexFixturePatient, letterDoc, userId } from './letters-fixtures';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, SUPERADMIN, makeDictation } from './worklist-fixtures';

/**
 * The stuck-letter alarm (issue 13): an approved letter with a copy not delivered or posted 24 hours
 * after approval is counted for the trust's managers, raised once as a `stuck` notification, and listed
 * in a daily digest e-mail. Time is moved by setting the approval and the copies' times in the past.
 */

const FOREIGN_MANAGER = 'foreign.manager@wardnote.test';
let t: TestApp;
const tokens: Record<string, string> = {};

const call = (who: string, url: string) => t.call('GET', url, { token: tokens[who] });
const runCheck = async () => {
  await t.db.execute(sql`INSERT INTO jobs (kind, payload) VALUES ('distribution.stuck_check', '{}'::jsonb)`);
  await t.app.wardnote.jobs.runUntilIdle();
};

/** A letter approved (through the API) by AUTHOR for the fixtures' patient: its copy waits in the print queue. */
async function approved(): Promise<{ id: number; reference: string }> {
  const d = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  const doc = letterDoc('The echo is normal.');
  const [row] = await t.db.select().from(dictations).where(eq(dictations.id, d.id));
  await t.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  const res = await t.call('POST', pathOf(E.dictationTransition, { id: d.id }), { token: tokens[AUTHOR], body: { action: 'approve' } });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.status).toBe('MANUAL_DISTRIBUTION');
  return d;
}

/** Moves a letter's approval (and its copies' creation) this many hours into the past. */
async function approvedHoursAgo(id: number, hours: number) {
  const at = new Date(Date.now() - hours * 3_600_000);
  await t.db.execute(
    sql`UPDATE letters SET approval = jsonb_set(approval, '{approved_at}', to_jsonb(${at.toISOString()}::text)) WHERE dictation_id = ${id}`,
  );
  await t.db.update(deliveries).set({ createdAt: at }).where(eq(deliveries.dictationId, id));
}

const stuckNotifications = async (id: number) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.dictationId, id), eq(notifications.kind, 'stuck')));

beforeAll(async () => {
  t = await startTestApp();
  await indexFixturePatient(t.db);
  await addUser(t.db, { email: FOREIGN_MANAGER, first: 'Fiona', last: 'Faraway', role: 'Manager', like: FOREIGN });
  for (const email of [AUTHOR, SECRETARY, MANAGER, SUPERADMIN, FOREIGN_MANAGER]) tokens[email] = await t.login(email);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('stuck letters', () => {
  let late: { id: number; reference: string };
  let recent: { id: number; reference: string };

  it('counts for the trust’s managers only the letters approved longer ago than the limit with a copy still outstanding', async () => {
    const before = (await call(MANAGER, E.stuckLetters.path)).json().data.total as number;
    late = await approved();
    recent = await approved();
    await approvedHoursAgo(late.id, 30);
    await approvedHoursAgo(recent.id, 2);

    const res = await call(MANAGER, `${E.stuckLetters.path}?per_page=50`);
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    expect(page.total).toBe(before + 1);
    expect(page.limit_hours).toBe(24);
    const item = page.data.find((d: { dictation_id: number }) => d.dictation_id === late.id);
    expect(item).toMatchObject({ reference: late.reference, outstanding: [{ channel: 'print', status: 'printing' }] });
    expect(page.data.some((d: { dictation_id: number }) => d.dictation_id === recent.id)).toBe(false);
    expect(JSON.stringify(page)).not.toMatch(/PATIENT|9434765919/);

    // SuperAdmin may look too; another trust's manager sees none of ours.
    expect((await call(SUPERADMIN, E.stuckLetters.path)).statusCode).toBe(200);
    const foreign = (await call(FOREIGN_MANAGER, `${E.stuckLetters.path}?per_page=50`)).json().data;
    expect(foreign.data.some((d: { dictation_id: number }) => d.dictation_id === late.id)).toBe(false);
  });

  it('refuses the count to anyone but a Manager or SuperAdmin, and a page query it cannot read', async () => {
    for (const who of [SECRETARY, AUTHOR]) expect((await call(who, E.stuckLetters.path)).statusCode).toBe(403);
    expect((await t.call('GET', E.stuckLetters.path)).statusCode).toBe(401);
    expect((await call(MANAGER, `${E.stuckLetters.path}?per_page=500`)).statusCode).toBe(422);
  });

  it('tells each manager once per stuck letter, and again only after it was unstuck and stuck again', async () => {
    await runCheck();
    const managerId = await userId(t.db, MANAGER);
    let told = await stuckNotifications(late.id);
    expect(told.map((n) => n.userId)).toEqual([managerId]);
    expect(told[0]).toMatchObject({
      title: 'Letter waiting too long',
      body: `A letter has been waiting longer than expected (ref ${late.reference})`,
    });
    expect(await stuckNotifications(recent.id)).toEqual([]);

    await runCheck();
    expect(await stuckNotifications(late.id)).toHaveLength(1);

    // Posted: no longer stuck (and SENT); a fresh failure afterwards would count as stuck again.
    const [copy] = await t.db.select().from(deliveries).where(eq(deliveries.dictationId, late.id));
    const posted = await t.call('POST', E.printQueuePosted.path, { token: tokens[SECRETARY], body: { deliveries: [copy!.id] } });
    expect(posted.statusCode).toBe(200);
    await runCheck();
    expect(
      (await call(MANAGER, `${E.stuckLetters.path}?per_page=50`)).json().data.data.map((d: { dictation_id: number }) => d.dictation_id),
    ).not.toContain(late.id);
    await t.db.update(dictations).set({ status: 'MANUAL_DISTRIBUTION' }).where(eq(dictations.id, late.id));
    await t.db.update(deliveries).set({ status: 'failed', reason: 'Returned by the post office.' }).where(eq(deliveries.id, copy!.id));
    await runCheck();
    told = await stuckNotifications(late.id);
    expect(told).toHaveLength(2);
  });

  it('e-mails each manager a digest at most once a day, by reference and what is outstanding, with no patient data', async () => {
    const digests = async () =>
      (await t.db.select().from(mailbox).where(eq(mailbox.to, MANAGER))).filter((m) => /not delivered in time/.test(m.subject));
    const sent = await digests();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain(late.reference);
    expect(sent[0]!.text).toMatch(/approved 30 hours ago; outstanding: post waiting in the print queue/);
    expect(sent[0]!.text).toContain('/MANUAL_DISTRIBUTION');
    expect(sent[0]!.text).not.toContain(recent.reference);
    expect(sent[0]!.text).not.toMatch(/PATIENT|Test|9434765919|Fixture Lane/);
    // The other trust's manager has no stuck letter: no digest.
    expect((await t.db.select().from(mailbox).where(eq(mailbox.to, FOREIGN_MANAGER))).filter((m) => /in time/.test(m.subject))).toEqual([]);

    await runCheck();
    expect(await digests()).toHaveLength(1);
    // A day later, the next check sends the next digest.
    await t.db.execute(sql`UPDATE stuck_digests SET sent_at = now() - interval '25 hours'`);
    await runCheck();
    expect(await digests()).toHaveLength(2);
  });

  it('lists each stuck letter with its author, hours waiting and each copy not yet delivered, by role and type only', async () => {
    const page = (await call(MANAGER, `${E.stuckLetters.path}?per_page=50`)).json().data;
    const item = page.data.find((d: { dictation_id: number }) => d.dictation_id === late.id);
    expect(item).toMatchObject({
      reference: late.reference,
      author: 'Daniel Reid',
      outstanding: [{ channel: 'print', status: 'failed', role: 'to', recipient_type: 'patient' }],
    });
    expect(item.hours_waiting).toBeGreaterThanOrEqual(30);
  });

  it('uses the trust’s own limit, set by its TrustAdmin, for the list, the alarm and the digest', async () => {
    const admin = await t.login('trustadmin@wardnote.test');
    const trustId = (await t.db.select().from(dictations).where(eq(dictations.id, late.id)))[0]!.trustId;
    const setLimit = async (hours: number | null) =>
      expect(
        (
          await t.call('PUT', pathOf(E.trustDistributionGet, { id: trustId }), {
            token: admin,
            body: { email_subject_tag: '', ods_code: '', stuck_letter_hours: hours },
          })
        ).statusCode,
      ).toBe(200);
    const listed = async () => (await call(MANAGER, `${E.stuckLetters.path}?per_page=50`)).json().data;

    // 48 hours: the letter approved 30 hours ago is not stuck yet; the alarm is forgotten.
    await setLimit(48);
    let page = await listed();
    expect(page.limit_hours).toBe(48);
    expect(page.data.map((d: { dictation_id: number }) => d.dictation_id)).not.toContain(late.id);
    await runCheck();
    const alarms = (await t.db.execute(sql`SELECT 1 FROM stuck_alarms WHERE dictation_id = ${late.id}`)) as unknown as { rows: unknown[] };
    expect(alarms.rows).toEqual([]);

    // 12 hours: the letter approved 2 hours ago is still not; the late one is again, and raised again.
    await setLimit(12);
    page = await listed();
    expect(page.limit_hours).toBe(12);
    expect(page.data.map((d: { dictation_id: number }) => d.dictation_id)).toContain(late.id);
    expect(page.data.map((d: { dictation_id: number }) => d.dictation_id)).not.toContain(recent.id);
    await t.db.execute(sql`UPDATE stuck_digests SET sent_at = now() - interval '25 hours'`);
    await runCheck();
    expect(await stuckNotifications(late.id)).toHaveLength(3);
    const [digest] = (await t.db.select().from(mailbox).where(eq(mailbox.to, MANAGER)))
      .filter((m) => /not delivered in time/.test(m.subject))
      .sort((a, b) => b.id - a.id);
    expect(digest!.text).toContain('within 12 hours of approval');

    // No limit of its own: STUCK_LETTER_HOURS again.
    await setLimit(null);
    expect((await listed()).limit_hours).toBe(24);
  });
});
