import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import type { DictationStatus } from '../../src/domain/statuses';
// On PostgreSQL too: print-queue and failure totals and ids come from raw count(*) and bigserial columns, which node-postgres returns as strings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { dictations, letters, users } from '../../server/db/schema';
import { seedDemoPatients } from '../../server/db/demo-patients';
import { seedDemoDictations } from '../../server/db/demo-dictations';
import { seedDemoLetters } from '../../server/db/demo-letters';
import { seedDemoDeliveries } from '../../server/db/demo-deliveries';
import { GP_DELIVERY_NOT_CONFIGURED, notConfiguredGpDelivery } from '../../server/adapters/gp-delivery';
import { planDeliveries } from '../../server/modules/distribution/delivery-plan';
import type { Delivery } from '../../src/domain/contract';
import { TEST_AUDIO_CACHE_DIR } from '../e2e/audio-cache';
import { startTestApp, type TestApp } from './harness';

/** The demo (no MESH, no SMTP): its approved letters' deliveries tell a true story, and approving one prints. */
let t: TestApp;
let secretary: string;
let counts: Record<string, number>;

const countByStatus = async () =>
  Object.fromEntries(
    (
      await t.db
        .select({ status: dictations.status, n: sql<number>`count(*)::int` })
        .from(dictations)
        .groupBy(dictations.status)
    ).map((r) => [r.status, Number(r.n)]),
  );
const deliveriesOf = async (id: number): Promise<Delivery[]> =>
  (await t.call('GET', pathOf(E.dictationDeliveries, { id }), { token: secretary })).json().data;
const ofStatus = async (status: DictationStatus) =>
  (await t.db.select({ id: dictations.id }).from(dictations).where(eq(dictations.status, status))).map((r) => r.id);

beforeAll(async () => {
  // The demo's recordings are converted when its jobs run (runUntilIdle below): once per run, shared with the
  // browser tests' servers, not again here (a minute of ffmpeg on a loaded machine).
  t = await startTestApp({ TEST_AUDIO_CACHE_DIR });
  await seedDemoPatients(t.db);
  await seedDemoDictations(t.db, t.app.wardnote);
  await seedDemoLetters(t.db);
  counts = await countByStatus();
  await seedDemoDeliveries(t.db);
  secretary = await t.login('secretary@wardnote.test');
}, 180_000);
afterAll(() => t.close());

describe('demo deliveries', () => {
  it('leave the counts per status as they were', async () => {
    expect(await countByStatus()).toEqual(counts);
  });

  it('SENT letters went to every recipient; MANUAL_DISTRIBUTION ones wait for the post or a failed e-mail', async () => {
    const sent = await ofStatus('SENT');
    const waiting = await ofStatus('MANUAL_DISTRIBUTION');
    expect(sent.length).toBeGreaterThan(0);
    expect(waiting.length).toBeGreaterThan(0);
    const all: Delivery[] = [];
    for (const id of sent) {
      const log = await deliveriesOf(id);
      expect(log.length).toBeGreaterThan(0);
      for (const d of log) expect(['delivered', 'posted']).toContain(d.status);
      all.push(...log);
    }
    for (const id of waiting) {
      const log = await deliveriesOf(id);
      expect(log.some((d) => d.status === 'printing' || d.status === 'failed')).toBe(true);
      all.push(...log);
    }
    // Posted copies with who posted them; e-mails delivered with their Message-ID; GP copies printed, saying why.
    expect(all.some((d) => d.status === 'posted' && d.posted_by && d.posted_at)).toBe(true);
    expect(all.some((d) => d.channel === 'email' && d.status === 'delivered' && d.message_id)).toBe(true);
    expect(all.some((d) => d.recipient.type === 'gp' && d.channel === 'print' && d.reason === GP_DELIVERY_NOT_CONFIGURED)).toBe(true);
    const failed = all.filter((d) => d.status === 'failed');
    expect(failed.map((d) => d.reason)).toContain('The mail server refused the e-mail address (550 5.1.1).');
    // The print queue has the demo's waiting copies.
    const queue = (await t.call('GET', E.printQueue.path, { token: secretary })).json() as { total: number };
    expect(queue.total).toBe(all.filter((d) => d.status === 'printing').length);
  });

  it('every demo letter waiting for approval can reach all its recipients (approval is not refused)', async () => {
    const waiting = await t.db.select().from(dictations).where(eq(dictations.status, 'AUTHOR_APPROVAL'));
    expect(waiting.length).toBeGreaterThan(0);
    for (const d of waiting) expect(await planDeliveries(t.db, notConfiguredGpDelivery(), d)).toMatchObject({ ok: true });
  });

  it('approving a demo letter leaves it in MANUAL_DISTRIBUTION: without MESH its GP copy is printed, the log says why', async () => {
    const [row] = await t.db
      .select({ id: dictations.id, email: users.email })
      .from(dictations)
      .innerJoin(users, eq(users.id, dictations.authorId))
      .innerJoin(letters, eq(letters.dictationId, dictations.id))
      .where(and(eq(dictations.status, 'AUTHOR_APPROVAL'), inArray(users.email, ['author@wardnote.test'])))
      .limit(1);
    const token = await t.login(row!.email);
    const res = await t.call('POST', pathOf(E.dictationTransition, { id: row!.id }), { token, body: { action: 'approve' } });
    expect(res.statusCode).toBe(200);
    await t.app.wardnote.jobs.runUntilIdle();
    const [after] = await t.db.select().from(dictations).where(eq(dictations.id, row!.id));
    expect(after!.status).toBe('MANUAL_DISTRIBUTION');
    const log = await deliveriesOf(row!.id);
    const gp = log.find((d) => d.recipient.type === 'gp');
    expect(gp).toMatchObject({ channel: 'print', status: 'printing', reason: GP_DELIVERY_NOT_CONFIGURED });
  });
});

describe('the print queue and the failures list, a page at a time', () => {
  type Page = {
    data: { id: number; dictation_id: number }[];
    current_page: number;
    last_page: number;
    total: number;
    next_page_url: string | null;
  };
  const list = async (token: string, url: string): Promise<Page> => {
    const res = await t.call('GET', url, { token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('pages the print queue oldest first: the pages together are the whole queue, once each', async () => {
    const whole = await list(secretary, `${E.printQueue.path}?per_page=100`);
    expect(whole.total).toBeGreaterThan(2);
    expect(whole.data).toHaveLength(whole.total);
    const first = await list(secretary, `${E.printQueue.path}?per_page=2`);
    expect(first).toMatchObject({ current_page: 1, last_page: Math.ceil(whole.total / 2), total: whole.total });
    expect(first.next_page_url).toBe(`${E.printQueue.path}?per_page=2&page=2`);
    const seen: number[] = [];
    for (let p = 1; p <= first.last_page; p++)
      seen.push(...(await list(secretary, `${E.printQueue.path}?per_page=2&page=${p}`)).data.map((d) => d.id));
    expect(seen).toEqual(whole.data.map((d) => d.id));
    const past = await list(secretary, `${E.printQueue.path}?per_page=2&page=${first.last_page + 1}`);
    expect(past).toMatchObject({ data: [], total: whole.total, next_page_url: null });
  });

  it('refuses a page it cannot read, in words', async () => {
    const cases: [string, string][] = [
      ['?page=0', 'page: a page number is a whole number from 1.'],
      ['?page=two', 'page: a page number is a whole number from 1.'],
      ['?per_page=0', 'per_page: from 1 to 100 per page.'],
      ['?per_page=101', 'per_page: from 1 to 100 per page.'],
      ['?sort=asc', 'Unknown field: sort.'],
    ];
    for (const path of [E.printQueue.path, E.failedDeliveries.path])
      for (const [query, message] of cases) {
        const res = await t.call('GET', `${path}${query}`, { token: secretary });
        expect(res.statusCode, `${path}${query}`).toBe(422);
        expect(res.json().message).toContain(message);
      }
  });

  it('counts only what the caller may see: a confidential letter’s copies are the Manager’s, not the Secretary’s', async () => {
    const manager = await t.login('manager@wardnote.test');
    const me = (await t.db.select().from(users).where(eq(users.email, 'secretary@wardnote.test')))[0]!.id;
    const whole = await list(secretary, `${E.printQueue.path}?per_page=100`);
    const ids = [...new Set(whole.data.map((d) => d.dictation_id))];
    const rows = await t.db.select().from(dictations).where(inArray(dictations.id, ids));
    const other = rows.find((d) => d.authorId !== me && d.createdBy !== me && d.assignedTo !== me)!;
    const copies = whole.data.filter((d) => d.dictation_id === other.id).length;
    const managerTotal = (await list(manager, E.printQueue.path)).total;
    await t.db.update(dictations).set({ isConfidential: true }).where(eq(dictations.id, other.id));
    try {
      expect((await list(secretary, E.printQueue.path)).total).toBe(whole.total - copies);
      expect((await list(manager, E.printQueue.path)).total).toBe(managerTotal);
    } finally {
      await t.db.update(dictations).set({ isConfidential: false }).where(eq(dictations.id, other.id));
    }
  });

  it('pages the failures list the same way', async () => {
    const whole = await list(secretary, `${E.failedDeliveries.path}?per_page=100`);
    expect(whole.total).toBeGreaterThan(0);
    const one = await list(secretary, `${E.failedDeliveries.path}?per_page=1`);
    expect(one.data).toHaveLength(1);
    expect(one).toMatchObject({ total: whole.total, last_page: whole.total });
    expect(one.data[0]!.id).toBe(whole.data[0]!.id);
  });
});
