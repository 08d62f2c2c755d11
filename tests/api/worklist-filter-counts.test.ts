/**
 * A filtered list's total (department, document type, web/mobile) is read from counts the database
 * keeps (dictation_filter_counts): it must stay exactly what the caller may open — their trust, their
 * role's confidential rule, nothing deleted — through every change a dictation can go through. Each
 * total is compared with a direct count: the rows of the database the spec's own access rule
 * (`canViewDictation`) lets the viewer open.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { departments, dictations, jobTypes, users } from '../../server/db/schema';
import { totalSource } from '../../server/modules/worklist/worklist.counts.sql';
import type { AccessSubject } from '../../src/domain/access';
import { canViewDictation } from '../../src/domain/dictation-access';
import type { DictationStatus, HomeTab } from '../../src/domain/statuses';
import { homeTabsFor, statusesOfTab, TRANSITIONS } from '../../src/domain/workflow';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, FOREIGN, MANAGER, OTHER_AUTHOR, SECRETARY, makeDictation } from './worklist-fixtures';

let t: TestApp;

interface Person {
  email: string;
  id: number;
  trustId: number;
  token: string;
  subject: AccessSubject;
}
const people: Record<string, Person> = {};
/** The demo trust's departments and job types (two of each), and the other trust's department. */
let dep: [number, number];
let jt: [number, number];
let foreignDep: number;

/** A list's filters as the query names them. */
interface Filter {
  department?: number;
  document_type?: number;
  dictation_type?: 'mobile' | 'web';
  filter_status?: DictationStatus;
  search?: string;
  assigned_to?: 'none';
}

const tabOf = (s: DictationStatus): HomeTab => (s === 'RECEIVED' ? 'READY_FOR_TYPING' : (s as HomeTab));

/** The direct count: every row in the database the viewer may open, on that tab, matching the filter. */
async function directCount(who: Person, tab: HomeTab, f: Filter, all?: (typeof dictations.$inferSelect)[]): Promise<number> {
  if (!homeTabsFor(who.subject).includes(tab)) return 0;
  const statuses = statusesOfTab(tab).filter((s) => !f.filter_status || s === f.filter_status);
  return (all ?? (await t.db.select().from(dictations))).filter(
    (d) =>
      d.trustId === who.trustId &&
      d.deletedAt === null &&
      statuses.includes(d.status as DictationStatus) &&
      (f.department === undefined || d.departmentId === f.department) &&
      (f.document_type === undefined || d.jobTypeId === f.document_type) &&
      (f.dictation_type === undefined || d.isMobile === (f.dictation_type === 'mobile')) &&
      (f.assigned_to === undefined || d.assignedTo === null) &&
      // Every test row's patient is called "Test": the search matches them all.
      (f.search === undefined || f.search.toLowerCase() === 'test') &&
      canViewDictation(who.subject, who.id, d),
  ).length;
}

async function listTotal(who: Person, tab: HomeTab, f: Filter): Promise<number> {
  const query = new URLSearchParams({ status: tab, ...Object.fromEntries(Object.entries(f).map(([k, v]) => [k, String(v)])) });
  const res = await t.call('GET', `/api/dictation?${query}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.total;
}

/** The kept counts hold exactly the live rows, group by group (all trusts). */
async function expectKeptCountsExact() {
  const rows = (q: string) => t.db.execute(sql.raw(q)).then((r) => (r as unknown as { rows: Record<string, unknown>[] }).rows);
  const cols = 'trust_id, status, department_id, job_type_id, is_mobile, is_confidential';
  const order = `ORDER BY ${cols}`;
  const kept = await rows(`SELECT ${cols}, n::int AS n FROM dictation_filter_counts WHERE n <> 0 ${order}`);
  const counted = await rows(`SELECT ${cols}, count(*)::int AS n FROM dictations WHERE deleted_at IS NULL GROUP BY ${cols} ${order}`);
  expect(kept).toEqual(counted);
}

const VIEWERS = [MANAGER, SECRETARY, AUTHOR];
/** The two trust-wide scopes the kept counts serve (an author's own rows are counted as before). */
const TRUST_WIDE = [MANAGER, SECRETARY];

/** Every viewer's total of each tab under each filter equals the direct count. */
async function expectTotalsExact(tabs: HomeTab[], filters: Filter[], viewers = TRUST_WIDE) {
  await expectKeptCountsExact();
  const all = await t.db.select().from(dictations);
  for (const email of viewers)
    for (const tab of new Set(tabs))
      for (const f of filters) {
        const who = people[email]!;
        expect(await listTotal(who, tab, f), `${email} ${tab} ${JSON.stringify(f)}`).toBe(await directCount(who, tab, f, all));
      }
}

/** Filters the kept counts answer, around department d / job type j, and one they do not (search). */
const filtersAround = (d: number, j: number): Filter[] => [
  { department: d },
  { document_type: j, dictation_type: 'web' },
  { department: d, document_type: j, dictation_type: 'mobile' },
  { department: d, search: 'Test' },
];

const setRow = (ids: number[], values: Partial<typeof dictations.$inferInsert>) =>
  t.db.update(dictations).set(values).where(inArray(dictations.id, ids));

beforeAll(async () => {
  t = await startTestApp();
  for (const email of VIEWERS) {
    const [u] = await t.db.select().from(users).where(eq(users.email, email));
    const role = email === MANAGER ? 'Manager' : email === SECRETARY ? 'Secretary' : 'Author';
    people[email] = {
      email,
      id: u!.id,
      trustId: u!.trustId,
      token: await t.login(email),
      // What canViewDictation and homeTabsFor read of the signed-in user: the demo account's one role.
      subject: { roles: [role], permissions: [], outsourcingPoolId: null } as unknown as AccessSubject,
    };
  }
  const trustId = people[MANAGER]!.trustId;
  const ours = await t.db.select().from(departments).where(eq(departments.trustId, trustId)).orderBy(departments.id);
  const theirs = await t.db
    .select()
    .from(departments)
    .where(sql`${departments.trustId} <> ${trustId}`);
  const types = await t.db.select().from(jobTypes).where(eq(jobTypes.trustId, trustId)).orderBy(jobTypes.id);
  dep = [ours[0]!.id, ours[1]!.id];
  jt = [types[0]!.id, types[1]!.id];
  foreignDep = theirs[0]!.id;

  // A spread of rows: both departments and job types, web and mobile, urgent, confidential (one the
  // secretary types, so she may open it; one she may not), RECEIVED beside READY_FOR_TYPING, rows with no
  // department or job type, a soft-deleted one, and rows of the other trust — one of them (wrongly)
  // carrying this trust's department and job type, which must still never count here.
  const codes = ['CAR', 'RES'];
  const names = ['Clinic Letter', 'Discharge Summary'];
  const made: number[] = [];
  for (let i = 0; i < 8; i++) {
    const m = await makeDictation(t.db, {
      author: i % 2 ? AUTHOR : OTHER_AUTHOR,
      status: (['SENT', 'READY_FOR_TYPING', 'RECEIVED', 'SENT'] as const)[i % 4]!,
      department: codes[i % 2],
      jobType: names[Math.floor(i / 2) % 2],
      mobile: i % 3 === 0,
      urgent: i % 4 === 1,
      confidential: i === 5 || i === 6,
      assignedTo: i === 6 ? SECRETARY : undefined,
    });
    made.push(m.id);
  }
  await setRow([made[3]!], { departmentId: null });
  await setRow([made[4]!], { jobTypeId: null });
  await setRow([made[7]!], { deletedAt: new Date() });
  const foreign = await makeDictation(t.db, { author: FOREIGN, status: 'SENT', mobile: true });
  const foreignLikeOurs = await makeDictation(t.db, { author: FOREIGN, status: 'SENT' });
  await setRow([foreignLikeOurs.id], { departmentId: dep[0], jobTypeId: jt[0] });
  const foreignConfidential = await makeDictation(t.db, { author: FOREIGN, status: 'READY_FOR_TYPING', confidential: true });
  await setRow([foreign.id, foreignConfidential.id], { jobTypeId: jt[0] });
});
afterAll(() => t.close());

describe('filtered totals from kept counts', () => {
  it('one function decides: department, document type and web/mobile from the kept counts, anything else counted', () => {
    const manager = { userId: 1, trustId: 1, subject: people[MANAGER]!.subject };
    const author = { userId: 1, trustId: 1, subject: people[AUTHOR]!.subject };
    const f = { tab: 'SENT' as const, statuses: ['SENT' as const] };
    expect(totalSource(manager, f)).toBe('tab counts');
    expect(totalSource(manager, { ...f, department: 1, documentType: 2, dictationType: 'web' })).toBe('filter counts');
    expect(totalSource(manager, { ...f, search: '' })).toBe('tab counts');
    expect(totalSource(manager, { ...f, department: 1, search: 'smith' })).toBe('rows');
    expect(totalSource(manager, { ...f, author: 3 })).toBe('rows');
    expect(totalSource(manager, { ...f, assignedTo: 'none', dictationType: 'web' })).toBe('rows');
    expect(totalSource(author, { ...f, department: 1 })).toBe('rows');
  });

  it('start: every viewer’s filtered totals equal a direct count; the other trust’s rows never count', async () => {
    const filters: Filter[] = [
      ...filtersAround(dep[0], jt[0]),
      { dictation_type: 'mobile' },
      { document_type: jt[1], assigned_to: 'none' },
    ];
    await expectTotalsExact(['SENT', 'READY_FOR_TYPING'], filters, VIEWERS);
    await expectTotalsExact(
      ['READY_FOR_TYPING'],
      [
        { filter_status: 'RECEIVED', department: dep[0] },
        { filter_status: 'READY_FOR_TYPING', dictation_type: 'web' },
      ],
    );
    // The other trust has rows in its department and with this trust's department and job type ids.
    expect(await listTotal(people[MANAGER]!, 'SENT', { department: foreignDep })).toBe(0);
    expect(await listTotal(people[MANAGER]!, 'SENT', { department: dep[0], document_type: jt[0] })).toBe(
      await directCount(people[MANAGER]!, 'SENT', { department: dep[0], document_type: jt[0] }),
    );
  });

  it('stays exact through inserts, confidential marking, allocation, details corrections, web/mobile, deletion and restore', async () => {
    const around = filtersAround(dep[0], jt[0]);
    const x = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', department: 'CAR', jobType: 'Clinic Letter' });
    await expectTotalsExact(['READY_FOR_TYPING'], around);

    const mark = (on: boolean) =>
      t.call('POST', `/api/dictation/${x.id}/confidential`, { token: people[AUTHOR]!.token, body: { is_confidential: on } });
    expect((await mark(true)).statusCode).toBe(200);
    await expectTotalsExact(['READY_FOR_TYPING'], around);
    expect((await mark(false)).statusCode).toBe(200);
    await expectTotalsExact(['READY_FOR_TYPING'], around);
    expect((await mark(true)).statusCode).toBe(200);

    // Allocated to the secretary (Being Typed): confidential, but now hers to type, so she counts it.
    const allocated = await t.call('POST', '/api/dictation/allocate', {
      token: people[MANAGER]!.token,
      body: { dictations: [x.id], type: 'user', user_id: people[SECRETARY]!.id },
    });
    expect(allocated.json().unsuccessful_jobs).toEqual([]);
    await expectTotalsExact(['READY_FOR_TYPING', 'BEING_TYPED'], around);

    // She corrects the Service and job type, then clears the job type.
    const correct = (department: number, jobType?: number) =>
      t.call('PATCH', `/api/dictation/${x.id}/details`, {
        token: people[SECRETARY]!.token,
        body: {
          department_id: department,
          job_type_id: jobType,
          urgent: 'STANDARD',
          patient: { patient_first_name: 'Test' },
          custom_fields: [],
        },
      });
    expect((await correct(dep[1], jt[1])).statusCode).toBe(200);
    await expectTotalsExact(['BEING_TYPED'], [around[0]!, ...filtersAround(dep[1], jt[1])]);
    expect((await correct(dep[1])).statusCode).toBe(200);
    await expectTotalsExact(['BEING_TYPED'], filtersAround(dep[1], jt[1]));

    await setRow([x.id], { isMobile: true });
    await expectTotalsExact(['BEING_TYPED'], filtersAround(dep[1], jt[1]));

    expect((await t.call('DELETE', `/api/dictation/${x.id}`, { token: people[MANAGER]!.token })).statusCode).toBe(200);
    await expectTotalsExact(['BEING_TYPED'], filtersAround(dep[1], jt[1]));
    // Restored (there is no restore screen: as an administrator would, in SQL): it counts again.
    await setRow([x.id], { deletedAt: null, deletedBy: null });
    await expectTotalsExact(['BEING_TYPED'], filtersAround(dep[1], jt[1]));
    // Removed for good (retention), and a row of the other trust changed and removed: no trace here.
    await t.db.delete(dictations).where(eq(dictations.id, x.id));
    const foreign = await makeDictation(t.db, { author: FOREIGN, status: 'BEING_TYPED' });
    await setRow([foreign.id], { departmentId: dep[1], isMobile: true });
    await expectTotalsExact(['BEING_TYPED'], filtersAround(dep[1], jt[1]));
    await t.db.delete(dictations).where(eq(dictations.id, foreign.id));
    await expectTotalsExact(['BEING_TYPED'], filtersAround(dep[1], jt[1]));
  });

  it('stays exact through every status move of the transition table, for an open and a confidential dictation moved together', async () => {
    const open = await makeDictation(t.db, { author: AUTHOR, status: 'DRAFT', department: 'CAR', jobType: 'Clinic Letter', mobile: true });
    const secret = await makeDictation(t.db, {
      author: OTHER_AUTHOR,
      status: 'DRAFT',
      department: 'CAR',
      jobType: 'Clinic Letter',
      confidential: true,
    });
    const both = [open.id, secret.id];
    // Both rows match this filter; the table is compared group by group (every filter) after each move.
    const filters: Filter[] = [{ department: dep[0] }];
    const moves = TRANSITIONS.flatMap((tr) => tr.from.map((from) => [from, tr.to] as const));
    let now: DictationStatus = 'DRAFT';
    for (const [from, to] of moves) {
      if (now !== from) {
        await setRow(both, { status: from });
        await expectKeptCountsExact();
      }
      // As the app writes a move: one statement, guarded by the status it read.
      await t.db
        .update(dictations)
        .set({ status: to, updatedAt: new Date() })
        .where(sql`${dictations.id} IN (${open.id}, ${secret.id}) AND ${dictations.status} = ${from}`);
      now = to;
      await expectTotalsExact([tabOf(from), tabOf(to)], filters);
    }
  });
});
