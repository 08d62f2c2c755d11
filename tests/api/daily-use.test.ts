import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictations, outsourcingPools } from '../../server/db/schema';
import type { SearchRow } from '../../src/domain/contract';
import { SORTABLE_COLUMNS } from '../../src/domain/list-query';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, MANAGER, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';

/** Issue 23 "Daily use", the dead ends the server answers for: options, lists per role, search keys, refusals. */

const OUTSOURCED = 'outsourced@wardnote.test';
const TRUSTADMIN = 'trustadmin@wardnote.test';

let t: TestApp;
const tokens: Record<string, string> = {};
const made: Made[] = [];

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, MANAGER, SECRETARY, SUPERADMIN, OUTSOURCED, TRUSTADMIN]) tokens[email] = await t.login(email);
  for (let i = 0; i < 3; i++)
    made.push(
      await makeDictation(t.db, {
        author: AUTHOR,
        status: 'READY_FOR_TYPING',
        patientLast: 'Dailyusen',
        createdAt: new Date(Date.UTC(2026, 7, 3, 9, i)),
      }),
    );
});
afterAll(() => t.close());

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) => t.call(method, url, { token: tokens[who], body });

describe('the filter lists (GET /api/dictation-options)', () => {
  it('SuperAdmin gets the trust’s authors, departments and document types', async () => {
    const res = await call(SUPERADMIN, 'GET', '/api/dictation-options');
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { authors: unknown[]; departments: unknown[]; job_types: unknown[] };
    expect(data.authors.length).toBeGreaterThan(0);
    expect(data.departments.length).toBeGreaterThan(0);
    expect(data.job_types.length).toBeGreaterThan(0);
  });
  it('a TrustAdmin (no lists) and an external typist (their pool’s work only) are refused', async () => {
    expect((await call(TRUSTADMIN, 'GET', '/api/dictation-options')).statusCode).toBe(403);
    expect((await call(OUTSOURCED, 'GET', '/api/dictation-options')).statusCode).toBe(403);
  });
});

describe('the external typist’s bell', () => {
  it('reads their own unread count and notifications', async () => {
    const count = await call(OUTSOURCED, 'GET', '/api/notification/notification_count');
    expect(count.statusCode).toBe(200);
    expect(typeof count.json().data).toBe('number');
    expect((await call(OUTSOURCED, 'GET', '/api/notification?sort=desc&page=1&paginate=10')).statusCode).toBe(200);
  });

  it('is told when a letter they opened is recalled from their pool', async () => {
    const [pool] = await t.db.select().from(outsourcingPools);
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'OUTSOURCED' });
    await t.db.update(dictations).set({ outsourcingPoolId: pool!.id }).where(eq(dictations.id, d.id));
    const before = (await call(OUTSOURCED, 'GET', '/api/notification/notification_count')).json().data as number;
    expect((await call(OUTSOURCED, 'POST', `/api/dictation/${d.id}/claim`, {})).statusCode).toBe(200);
    const recall = await call(MANAGER, 'POST', '/api/dictation/allocate', {
      dictations: [d.id],
      type: 'status',
      status: 'READY_FOR_TYPING',
    });
    expect(recall.statusCode).toBe(200);
    await expect.poll(async () => (await call(OUTSOURCED, 'GET', '/api/notification/notification_count')).json().data).toBe(before + 1);
    const list = (await call(OUTSOURCED, 'GET', '/api/notification?sort=desc&page=1&paginate=10')).json().data.data as {
      dictation_status_identifier: string;
      dictation: { id: number } | null;
    }[];
    expect(list[0]).toMatchObject({ dictation_status_identifier: 'taken_over', dictation: { id: d.id } });
  });
});

describe('an author’s letters on their way (MANUAL_DISTRIBUTION)', () => {
  it('are listed and counted on an author tab until they are sent', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'MANUAL_DISTRIBUTION' });
    const list = await call(AUTHOR, 'GET', '/api/dictation?status=MANUAL_DISTRIBUTION&paginate=30');
    expect(list.statusCode).toBe(200);
    expect((list.json().data.data as { id: number }[]).map((r) => r.id)).toContain(d.id);
    const counts = (await call(AUTHOR, 'GET', '/api/dictation/counts')).json().data as Record<string, number>;
    expect(counts.MANUAL_DISTRIBUTION).toBeGreaterThanOrEqual(1);
  });
});

describe('GET /api/dictation/document: the spec’s keys', () => {
  const search = (query: string) => call(SECRETARY, 'GET', `/api/dictation/document?${query}`);
  const ids = (res: { json(): { data: { data: SearchRow[] } } }) => res.json().data.data.map((r) => r.id);

  it.each(SORTABLE_COLUMNS)('sorts by %s (a sortable column of spec §9)', async (key) => {
    const res = await search(`search=dailyusen&search_key=patient&sort_key=${key}&sort=asc`);
    expect(res.statusCode).toBe(200);
    expect(ids(res).sort()).toEqual(made.map((m) => m.id).sort());
  });

  it('dictation_date orders by the date the dictation was made, both ways', async () => {
    expect(ids(await search('search=dailyusen&search_key=patient&sort_key=dictation_date&sort=asc'))).toEqual(made.map((m) => m.id));
    expect(ids(await search('search=dailyusen&search_key=patient&sort_key=dictation_date&sort=desc'))).toEqual(
      made.map((m) => m.id).reverse(),
    );
  });

  it('an empty search_key is the All chip', async () => {
    const res = await search('search=dailyusen&search_key=');
    expect(res.statusCode).toBe(200);
    expect(ids(res).sort()).toEqual(made.map((m) => m.id).sort());
  });

  it('a refusal names the field once, in the message and in the field’s list', async () => {
    const res = await search('search=dailyusen&search_key=nhs');
    expect(res.statusCode).toBe(422);
    const body = res.json() as { message: string; errors: Record<string, string[]> };
    expect(body.message).toBe('search_key: choose all, author, department, clinic_code, patient.');
    expect(body.errors.search_key).toEqual(['choose all, author, department, clinic_code, patient.']);
    const sort = (await search('search=dailyusen&sort_key=patient')).json() as { message: string };
    expect(sort.message).toBe(`sort_key: sort by ${SORTABLE_COLUMNS.join(', ')}.`);
  });
});
