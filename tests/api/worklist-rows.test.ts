// On PostgreSQL too: an EXPLAIN plan is asserted; the server's planner settings and statistics (autovacuum's ANALYZE included) choose it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { dictations, dictationViews, users } from '../../server/db/schema';
import type { Db } from '../../server/db/client';
import { listPage } from '../../server/modules/worklist/worklist.repository';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, makeDictation, type Made } from './worklist-fixtures';

/** The list's row fields for the review work (issue 12): why a letter came back, and whether the caller opened it. */
let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};
const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER]) tokens[email] = await t.login(email);
  d.returned = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  await t.db.update(dictations).set({ returnReason: 'Wrong patient address' }).where(eq(dictations.id, d.returned.id));
  d.typed = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.read = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.unread = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.readByOther = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  await t.db.insert(dictationViews).values([
    { dictationId: d.read.id, userId: await userId(AUTHOR) },
    { dictationId: d.readByOther.id, userId: await userId(SECRETARY) },
    // A view of a letter in another tab: the flag is asked on the approval tab only.
    { dictationId: d.typed.id, userId: await userId(AUTHOR) },
  ]);
});
afterAll(() => t.close());

type Row = { id: number; return_reason: string | null; opened: boolean | null };
const rowsOf = async (who: string, query: string): Promise<Row[]> => {
  const res = await t.call('GET', `/api/dictation?${query}`, { token: tokens[who] });
  expect(res.statusCode).toBe(200);
  return res.json().data.data;
};
/** The row of one dictation in a tab, found by its reference (the demo data fills the tabs too). */
const rowOf = async (who: string, tab: string, made: Made): Promise<Row | undefined> =>
  (await rowsOf(who, `status=${tab}&search=${made.reference}`)).find((r) => r.id === made.id);

describe('GET /api/dictation: review fields of a row', () => {
  it('a returned letter carries its reason, for the typist and the author alike; others carry null', async () => {
    for (const who of [SECRETARY, MANAGER, AUTHOR]) {
      expect((await rowOf(who, 'BEING_TYPED', d.returned!))?.return_reason, who).toBe('Wrong patient address');
      expect((await rowOf(who, 'BEING_TYPED', d.typed!))?.return_reason, who).toBeNull();
    }
  });

  it('on the approval tab, opened says whether the caller (not someone else) has opened the letter', async () => {
    expect((await rowOf(AUTHOR, 'AUTHOR_APPROVAL', d.read!))?.opened).toBe(true);
    expect((await rowOf(AUTHOR, 'AUTHOR_APPROVAL', d.unread!))?.opened).toBe(false);
    expect((await rowOf(AUTHOR, 'AUTHOR_APPROVAL', d.readByOther!))?.opened).toBe(false);
    expect((await rowOf(SECRETARY, 'AUTHOR_APPROVAL', d.readByOther!))?.opened).toBe(true);
    expect((await rowOf(SECRETARY, 'AUTHOR_APPROVAL', d.read!))?.opened).toBe(false);
  });

  it('other tabs do not ask: opened is null there', async () => {
    // d.typed was opened by the author, but it is not waiting for approval.
    expect((await rowOf(AUTHOR, 'BEING_TYPED', d.typed!))?.opened).toBeNull();
    const rows = await rowsOf(AUTHOR, 'status=BEING_TYPED&paginate=30');
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.opened).toBeNull();
  });

  it('a newly opened letter shows as opened on the next refresh', async () => {
    expect((await rowOf(AUTHOR, 'AUTHOR_APPROVAL', d.unread!))?.opened).toBe(false);
    await t.db.insert(dictationViews).values({ dictationId: d.unread!.id, userId: await userId(AUTHOR) });
    expect((await rowOf(AUTHOR, 'AUTHOR_APPROVAL', d.unread!))?.opened).toBe(true);
    await t.db.delete(dictationViews).where(sql`${dictationViews.dictationId} = ${d.unread!.id}`);
  });

  it('the list stays paged with the new fields: page size, total and links unchanged', async () => {
    const res = await t.call('GET', '/api/dictation?status=AUTHOR_APPROVAL&paginate=10&page=1', { token: tokens[AUTHOR] });
    const page = res.json().data;
    expect(page.per_page).toBe(10);
    expect(page.data.length).toBeLessThanOrEqual(10);
    expect(page.total).toBeGreaterThanOrEqual(3);
    for (const r of page.data) expect(typeof r.opened).toBe('boolean');
  });
});

describe('the opened flag is a primary-key probe per row of the page', () => {
  /** Runs the repository's own page query, captured, under EXPLAIN with sequential scans priced out. */
  async function planOf(viewerEmail: string): Promise<string> {
    const captured: SQL[] = [];
    const spy = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop === 'execute')
          return (q: SQL) => {
            captured.push(q);
            return target.execute(q);
          };
        return Reflect.get(target, prop, receiver) as unknown;
      },
    }) as Db;
    const [me] = await t.db.select().from(users).where(eq(users.email, viewerEmail));
    const subject = { roles: ['Author' as const], permissions: [] as string[], userId: me!.id, trustId: me!.trustId };
    const viewer = { userId: me!.id, trustId: me!.trustId, subject } as unknown as Parameters<typeof listPage>[1];
    await listPage(spy, viewer, { tab: 'AUTHOR_APPROVAL', statuses: ['AUTHOR_APPROVAL'] }, { sort: 'asc', page: 1, perPage: 10 });
    const pageQuery = captured.find((q) => new PgDialect().sqlToQuery(q).sql.includes('dictation_views'));
    expect(pageQuery, 'the page query asks dictation_views').toBeTruthy();
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = (await tx.execute(sql`EXPLAIN ${pageQuery!}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      return res.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  }

  it('EXPLAIN of the approval page reads dictation_views through its primary key, never by scanning it', async () => {
    const plan = await planOf(AUTHOR);
    expect(plan).toMatch(/Index (Only )?Scan using dictation_views_dictation_id_user_id_pk on dictation_views/);
    expect(plan).not.toMatch(/Seq Scan on dictation_views/);
  });
});
