import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dictationAudio, dictations, users } from '../../server/db/schema';
import type { WorklistRow } from '../../src/domain/contract';
import { SORTABLE_COLUMNS } from '../../src/domain/list-columns';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER, FOREIGN, makeDictation, type Made } from './worklist-fixtures';

let t: TestApp;
const tokens: Record<string, string> = {};
const d: Record<string, Made> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN, 'superadmin@wardnote.test']) tokens[email] = await t.login(email);
  const day = (n: number) => new Date(Date.UTC(2026, 9, n, 10));
  d.rftOld = await makeDictation(t.db, {
    author: AUTHOR,
    status: 'READY_FOR_TYPING',
    createdAt: day(1),
    department: 'CAR',
    durationMs: 5000,
  });
  d.rftUrgent = await makeDictation(t.db, {
    author: AUTHOR,
    status: 'READY_FOR_TYPING',
    urgent: true,
    createdAt: day(5),
    department: 'RES',
    durationMs: 2000,
  });
  d.received = await makeDictation(t.db, {
    author: OTHER_AUTHOR,
    status: 'RECEIVED',
    createdAt: day(3),
    department: 'ORT',
    mobile: true,
    durationMs: 3000,
  });
  d.rftNew = await makeDictation(t.db, {
    author: OTHER_AUTHOR,
    status: 'READY_FOR_TYPING',
    createdAt: day(9),
    jobType: 'Referral',
    patientLast: 'ZEBEDEE',
    durationMs: 4000,
  });
  d.rftConfidential = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'READY_FOR_TYPING', confidential: true });
  d.typed = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
  d.typedByManager = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'BEING_TYPED', assignedTo: MANAGER });
  d.approval = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL', assignedTo: SECRETARY });
  d.draft = await makeDictation(t.db, { author: AUTHOR, status: 'DRAFT' });
  d.sent = await makeDictation(t.db, { author: AUTHOR, status: 'SENT' });
  d.foreign = await makeDictation(t.db, { author: FOREIGN, status: 'READY_FOR_TYPING' });
});
afterAll(() => t.close());

const list = (who: string, query: string) => t.call('GET', `/api/dictation?${query}`, { token: tokens[who] });
const ids = (res: { json(): { data: { data: { id: number }[] } } }) => res.json().data.data.map((r) => r.id);

describe('GET /api/dictation: one status tab', () => {
  it('a secretary sees the trust’s READY_FOR_TYPING (with RECEIVED), urgent first then oldest, without confidential or foreign rows', async () => {
    const res = await list(SECRETARY, 'status=READY_FOR_TYPING');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([d.rftUrgent!.id, d.rftOld!.id, d.received!.id, d.rftNew!.id]);
    const page = res.json().data;
    expect(page).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 4, next_page_url: null, prev_page_url: null });
    const first = page.data[0];
    expect(first).toMatchObject({ reference: d.rftUrgent!.reference, urgent: 'HIGH', status: 'READY_FOR_TYPING' });
    expect(first.user.full_name).toBe('Daniel Reid');
    expect(first.department).toMatchObject({ code: 'RES' });
    expect(first.tat).toMatchObject({ target: 2, state: 'overdue' });
    expect(first.patient.patient_nhs_id).toBe('9434765919');
  });

  it('a manager also sees the confidential one; counts agree with the lists', async () => {
    expect(ids(await list(MANAGER, 'status=READY_FOR_TYPING'))).toContain(d.rftConfidential!.id);
    const counts = (await t.call('GET', '/api/dictation/counts', { token: tokens[MANAGER] })).json().data;
    expect(counts).toMatchObject({ READY_FOR_TYPING: 5, BEING_TYPED: 2, AUTHOR_APPROVAL: 1, SENT: 1, OUTSOURCED: 0 });
    expect(counts.DRAFT).toBeUndefined();
    const secretary = (await t.call('GET', '/api/dictation/counts', { token: tokens[SECRETARY] })).json().data;
    expect(secretary.READY_FOR_TYPING).toBe(4);
  });

  it('an author sees only their own, in their own tabs', async () => {
    const counts = (await t.call('GET', '/api/dictation/counts', { token: tokens[AUTHOR] })).json().data;
    // MANUAL_DISTRIBUTION too: an author keeps approved letters in view until they are sent (issue 23).
    expect(counts).toEqual({ AUTHOR_APPROVAL: 1, DRAFT: 1, READY_FOR_TYPING: 2, BEING_TYPED: 1, MANUAL_DISTRIBUTION: 0, SENT: 1 });
    expect(ids(await list(AUTHOR, 'status=READY_FOR_TYPING'))).toEqual([d.rftUrgent!.id, d.rftOld!.id]);
    expect(ids(await list(AUTHOR, 'status=OUTSOURCED'))).toEqual([]);
  });

  it('another trust sees none of it', async () => {
    expect(ids(await list(FOREIGN, 'status=READY_FOR_TYPING'))).toEqual([d.foreign!.id]);
  });

  it('every filter', async () => {
    const secretaryId = (await t.call('GET', '/api/user', { token: tokens[SECRETARY] })).json().data.id;
    expect(ids(await list(SECRETARY, `status=BEING_TYPED&assigned_to=${secretaryId}`))).toEqual([d.typed!.id]);
    expect(ids(await list(SECRETARY, 'status=READY_FOR_TYPING&assigned_to=none'))).toHaveLength(4);
    const authorId = (await t.call('GET', '/api/user', { token: tokens[AUTHOR] })).json().data.id;
    expect(ids(await list(SECRETARY, `status=READY_FOR_TYPING&author=${authorId}`))).toEqual([d.rftUrgent!.id, d.rftOld!.id]);
    const rows = (await list(SECRETARY, 'status=READY_FOR_TYPING')).json().data.data;
    const ort = rows.find((r: { id: number }) => r.id === d.received!.id).department.id;
    expect(ids(await list(SECRETARY, `status=READY_FOR_TYPING&department=${ort}`))).toEqual([d.received!.id]);
    const referral = rows.find((r: { id: number }) => r.id === d.rftNew!.id).jobtype.id;
    expect(ids(await list(SECRETARY, `status=READY_FOR_TYPING&document_type=${referral}`))).toEqual([d.rftNew!.id]);
    expect(ids(await list(SECRETARY, 'status=READY_FOR_TYPING&dictation_type=mobile'))).toEqual([d.received!.id]);
    expect(ids(await list(SECRETARY, 'status=READY_FOR_TYPING&filter_status=RECEIVED'))).toEqual([d.received!.id]);
    expect(ids(await list(SECRETARY, 'status=READY_FOR_TYPING&search=zebed'))).toEqual([d.rftNew!.id]);
    expect(ids(await list(SECRETARY, `status=READY_FOR_TYPING&search=${d.rftOld!.reference}`))).toEqual([d.rftOld!.id]);
  });

  it('every sort key, both ways', async () => {
    const sorted = async (key: string, dir: string) => ids(await list(SECRETARY, `status=READY_FOR_TYPING&sort_key=${key}&sort=${dir}`));
    const byDateAsc = [d.rftOld!.id, d.received!.id, d.rftUrgent!.id, d.rftNew!.id];
    expect(await sorted('dictation_date', 'asc')).toEqual(byDateAsc);
    expect(await sorted('dictation_date', 'desc')).toEqual([...byDateAsc].reverse());
    expect(await sorted('tat', 'desc')).toEqual(byDateAsc);
    expect(await sorted('tat', 'asc')).toEqual([...byDateAsc].reverse());
    expect(await sorted('reference', 'asc')).toEqual([d.rftOld!.id, d.rftUrgent!.id, d.received!.id, d.rftNew!.id]);
    expect((await sorted('department', 'asc'))[0]).toBe(d.rftOld!.id); // CAR
    expect((await sorted('department', 'desc'))[0]).toBe(d.rftUrgent!.id); // RES
    expect((await sorted('author', 'asc')).slice(0, 2)).toEqual([d.received!.id, d.rftNew!.id]); // Price before Reid
    expect((await sorted('audio_duration', 'desc'))[0]).toBe(d.rftOld!.id); // 5 s, the others 2-4 s
    expect((await sorted('audio_duration', 'asc'))[0]).toBe(d.rftUrgent!.id);
    expect((await sorted('document_type', 'desc'))[0]).toBe(d.rftNew!.id); // Referral
  });

  it('pages: page size, links, and a page past the end is empty, not an error', async () => {
    const first = (await list(SECRETARY, 'status=READY_FOR_TYPING&paginate=10&page=1')).json().data;
    expect(first.last_page).toBe(1);
    const past = await list(SECRETARY, 'status=READY_FOR_TYPING&page=2147483647');
    expect(past.statusCode).toBe(200);
    expect(past.json().data).toMatchObject({ data: [], total: 4, current_page: 2147483647, next_page_url: null });
  });

  it('bad parameters are refused with a message naming them', async () => {
    for (const [query, name] of [
      ['status=NOPE', 'status'],
      ['status=SENT&sort_key=patient', 'sort_key'],
      ['status=SENT&paginate=11', 'paginate'],
      ['status=SENT&assigned_to=someone', 'assigned_to'],
      ['status=SENT&page=0', 'page'],
      ['status=SENT&sort=up', 'sort'],
      ['status=SENT&dictation_type=fax', 'dictation_type'],
      ['status=SENT&colour=red', 'colour'],
    ]) {
      const res = await list(SECRETARY, query!);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().message, query).toContain(name);
    }
  });
});

describe('POST /api/dictation/allocate', () => {
  const allocate = (who: string, body: object, key?: string) =>
    t.call('POST', '/api/dictation/allocate', { token: tokens[who], body, headers: key ? { 'idempotency-key': key } : {} });

  it('a secretary assigns two to herself: they move to BEING_TYPED; foreign and SENT ones are reported, never revealed', async () => {
    const a = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const b = await makeDictation(t.db, { author: AUTHOR, status: 'RECEIVED' });
    const me = (await t.call('GET', '/api/user', { token: tokens[SECRETARY] })).json().data.id;
    const res = await allocate(SECRETARY, { dictations: [a.id, b.id, d.foreign!.id, d.sent!.id], type: 'user', user_id: me });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success_message).toBe('2 dictations assigned to Jenny Walsh.');
    expect(body.unsuccess_message).toBe('2 dictations could not be assigned to Jenny Walsh.');
    expect(body.unsuccessful_jobs).toEqual([
      { id: d.foreign!.id, reference: null, reason: 'Not found.' },
      { id: d.sent!.id, reference: d.sent!.reference, reason: 'A dictation in Sent cannot be assigned to a typist.' },
    ]);
    const typed = ids(await list(SECRETARY, `status=BEING_TYPED&assigned_to=${me}`));
    expect(typed).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('moves by status follow the transition table', async () => {
    const x = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const refused = (await allocate(SECRETARY, { dictations: [x.id], type: 'status', status: 'OUTSOURCED' })).json();
    expect(refused.success_message).toBeNull();
    expect(refused.unsuccessful_jobs[0].reason).toBe('It cannot be moved from Ready For Typing to Outsourced.');
    const outsourced = (await allocate(MANAGER, { dictations: [x.id], type: 'status', status: 'OUTSOURCED' })).json();
    expect(outsourced.success_message).toBe('1 dictation moved to Outsourced.');
    expect(ids(await list(MANAGER, 'status=OUTSOURCED'))).toContain(x.id);
  });

  it('handing back to the author sets secretarial cover; an author pulls back only their own', async () => {
    const mine = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
    const theirs = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'BEING_TYPED' });
    const res = (await allocate(AUTHOR, { dictations: [mine.id, theirs.id], type: 'status', status: 'AUTHOR_APPROVAL' })).json();
    expect(res.success_message).toBe('1 dictation moved to Author Approval.');
    expect(res.unsuccessful_jobs).toEqual([{ id: theirs.id, reference: null, reason: 'Not found.' }]);
    const row = (await list(AUTHOR, 'status=AUTHOR_APPROVAL')).json().data.data.find((r: { id: number }) => r.id === mine.id);
    expect(row).toMatchObject({ status: 'AUTHOR_APPROVAL', secretarial_cover: true });
    expect((await allocate(AUTHOR, { dictations: [mine.id], type: 'user', user_id: 1 })).statusCode).toBe(403);
  });

  it('a replayed Idempotency-Key gives the first answer and one effect', async () => {
    const x = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const body = { dictations: [x.id], type: 'status', status: 'BEING_TYPED' };
    const first = await allocate(SECRETARY, body, 'allocate-replay-0001');
    const again = await allocate(SECRETARY, body, 'allocate-replay-0001');
    expect(first.json().success_message).toBe('1 dictation moved to Being Typed.');
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotency-replayed']).toBe('true');
    const third = await allocate(SECRETARY, body, 'allocate-replay-0002');
    expect(third.json().unsuccessful_jobs[0].reason).toBe('It is already in Being Typed.');
  });

  it('bad bodies are 422 naming the field', async () => {
    const res = await allocate(SECRETARY, { dictations: [], type: 'status', status: 'BEING_TYPED' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toContain('dictations');
    const noStatus = await allocate(SECRETARY, { dictations: [d.rftOld!.id], type: 'status' });
    expect(noStatus.statusCode).toBe(422);
    expect(noStatus.json().message).toContain('status');
    const notTypist = await allocate(SECRETARY, { dictations: [d.rftOld!.id], type: 'user', user_id: 1 });
    expect(notTypist.statusCode).toBe(422);
  });
});

describe('deletion and confidential marking', () => {
  it('deletion: only in the allowed statuses, only by the author or a manager; the row then disappears', async () => {
    const x = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    expect((await t.call('DELETE', `/api/dictation/${x.id}`, { token: tokens[SECRETARY] })).statusCode).toBe(403);
    const sent = await t.call('DELETE', `/api/dictation/${d.sent!.id}`, { token: tokens[MANAGER] });
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toContain('Sent');
    expect((await t.call('DELETE', `/api/dictation/${d.foreign!.id}`, { token: tokens[MANAGER] })).statusCode).toBe(404);
    const before = (await t.call('GET', '/api/dictation/counts', { token: tokens[MANAGER] })).json().data.READY_FOR_TYPING;
    const ok = await t.call('DELETE', `/api/dictation/${x.id}`, { token: tokens[MANAGER] });
    expect(ok.statusCode).toBe(200);
    expect(ids(await list(MANAGER, 'status=READY_FOR_TYPING'))).not.toContain(x.id);
    expect((await t.call('GET', `/api/dictation/${x.id}`, { token: tokens[MANAGER] })).statusCode).toBe(404);
    expect((await t.call('DELETE', `/api/dictation/${x.id}`, { token: tokens[MANAGER] })).statusCode).toBe(404);
    expect((await t.call('GET', '/api/dictation/counts', { token: tokens[MANAGER] })).json().data.READY_FOR_TYPING).toBe(before - 1);
    const own = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL' });
    expect((await t.call('DELETE', `/api/dictation/${own.id}`, { token: tokens[AUTHOR] })).statusCode).toBe(200);
  });

  it('confidential marking: Manager and the author, in READY_FOR_TYPING and AUTHOR_APPROVAL only', async () => {
    const x = await makeDictation(t.db, { author: AUTHOR, status: 'AUTHOR_APPROVAL' });
    const mark = (who: string, id: number, value = true) =>
      t.call('POST', `/api/dictation/${id}/confidential`, { token: tokens[who], body: { is_confidential: value } });
    expect((await mark(SECRETARY, x.id)).statusCode).toBe(403);
    const res = await mark(AUTHOR, x.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_confidential).toBe(true);
    // Now the secretary, not involved, no longer sees it in the list.
    expect(ids(await list(SECRETARY, 'status=AUTHOR_APPROVAL'))).not.toContain(x.id);
    const typed = await mark(MANAGER, d.typedByManager!.id);
    expect(typed.statusCode).toBe(409);
    expect(typed.json().message).toContain('Being Typed');
  });
});

describe('counts stay exact through every change (kept by the database, not recounted)', () => {
  it('creating, marking confidential, allocating and deleting move each viewer’s counts and list totals by exactly what they may open', async () => {
    const counts = async (who: string) => (await t.call('GET', '/api/dictation/counts', { token: tokens[who] })).json().data;
    const total = async (who: string, tab: string) => (await list(who, `status=${tab}`)).json().data.total;
    const viewers = [MANAGER, SECRETARY, AUTHOR];
    const before = Object.fromEntries(await Promise.all(viewers.map(async (w) => [w, await counts(w)] as const)));
    const expectDelta = async (tab: string, delta: Record<string, number>) => {
      for (const w of viewers) {
        const now = await counts(w);
        expect(now[tab], `${w} ${tab}`).toBe(before[w][tab] + (delta[w] ?? 0));
        expect(await total(w, tab), `${w} ${tab} list total`).toBe(now[tab]);
      }
    };

    const x = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    await expectDelta('READY_FOR_TYPING', { [MANAGER]: 1, [SECRETARY]: 1, [AUTHOR]: 1 });

    const marked = await t.call('POST', `/api/dictation/${x.id}/confidential`, { token: tokens[AUTHOR], body: { is_confidential: true } });
    expect(marked.statusCode).toBe(200);
    await expectDelta('READY_FOR_TYPING', { [MANAGER]: 1, [AUTHOR]: 1 }); // the secretary may no longer open it

    const secretaryId = (await t.call('GET', '/api/user', { token: tokens[SECRETARY] })).json().data.id;
    const allocated = await t.call('POST', '/api/dictation/allocate', {
      token: tokens[MANAGER],
      body: { dictations: [x.id], type: 'user', user_id: secretaryId },
    });
    expect(allocated.json().success_message).toBe('1 dictation assigned to Jenny Walsh.');
    await expectDelta('READY_FOR_TYPING', {});
    await expectDelta('BEING_TYPED', { [MANAGER]: 1, [SECRETARY]: 1, [AUTHOR]: 1 }); // now hers to type: she may open it

    expect((await t.call('DELETE', `/api/dictation/${x.id}`, { token: tokens[MANAGER] })).statusCode).toBe(200);
    await expectDelta('BEING_TYPED', {});
  });
});

describe('sorting a big tab walks it in order: every key, both ways, every page, as if the whole tab were sorted', () => {
  beforeAll(async () => {
    const departments = ['CAR', 'RES', 'ORT', null];
    const jobTypes = ['Clinic Letter', 'Referral', 'Discharge Summary', null];
    const lengths = [3000, 1000, 3000, null];
    for (let i = 0; i < 14; i++) {
      const made = await makeDictation(t.db, {
        author: i % 3 ? AUTHOR : OTHER_AUTHOR,
        status: 'SENT',
        createdAt: new Date(Date.UTC(2026, 7, 1 + (i % 5), 10, i)),
        department: departments[i % 4] ?? undefined,
        jobType: jobTypes[i % 4] ?? undefined,
        durationMs: lengths[i % 4] ?? undefined,
      });
      if (departments[i % 4] === null) await t.db.update(dictations).set({ departmentId: null }).where(eq(dictations.id, made.id));
      if (jobTypes[i % 4] === null) await t.db.update(dictations).set({ jobTypeId: null }).where(eq(dictations.id, made.id));
      if (lengths[i % 4] === null)
        await t.db.update(dictationAudio).set({ durationMs: null }).where(eq(dictationAudio.dictationId, made.id));
    }
    const userId = async (email: string) => (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
    // A letter with no recording at all (a manual letter), one the author recorded for a colleague,
    // one assigned to the author, and a confidential one of a colleague.
    const manual = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'SENT' });
    await t.db.delete(dictationAudio).where(eq(dictationAudio.dictationId, manual.id));
    const recorded = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'SENT' });
    await t.db
      .update(dictations)
      .set({ createdBy: await userId(AUTHOR) })
      .where(eq(dictations.id, recorded.id));
    const assigned = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'SENT' });
    await t.db
      .update(dictations)
      .set({ assignedTo: await userId(AUTHOR) })
      .where(eq(dictations.id, assigned.id));
    await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'SENT', confidential: true });
  });

  type Key = (typeof SORTABLE_COLUMNS)[number];
  /** One column of the comparison: its value, and whether a missing one goes last whatever the direction. */
  const columnsOf = (key: Key, r: WorklistRow): (string | number | null)[] => {
    const [first, ...rest] = r.user.full_name.split(' ').reverse();
    switch (key) {
      case 'author':
        return [first!, rest.reverse().join(' '), r.user.id, r.id];
      case 'department':
        return [r.department?.code ?? null, r.department?.id ?? null, r.id];
      case 'document_type':
        return [r.jobtype?.name ?? null, r.jobtype?.id ?? null, r.id];
      case 'audio_duration':
        return [r.audio?.duration_ms ?? null, r.id];
      case 'reference':
        return [r.reference, r.id];
      default: // dictation_date and tat (reversed below)
        return [r.created_at, r.id];
    }
  };
  const comparator = (key: Key, dir: 'asc' | 'desc') => (a: WorklistRow, b: WorklistRow) => {
    const sign = (dir === 'desc') !== (key === 'tat') ? -1 : 1;
    const [x, y] = [columnsOf(key, a), columnsOf(key, b)];
    for (let i = 0; i < x.length; i++) {
      if (x[i] === y[i]) continue;
      if (x[i] === null) return 1;
      if (y[i] === null) return -1;
      return (x[i]! < y[i]! ? -1 : 1) * sign;
    }
    return 0;
  };

  it.each([SECRETARY, MANAGER, AUTHOR])('as %s', async (who) => {
    const all = (await list(who, 'status=SENT&paginate=30')).json().data;
    expect(all.total).toBeGreaterThan(10);
    expect(all.total).toBeLessThanOrEqual(30);
    const rows: WorklistRow[] = all.data;
    for (const key of SORTABLE_COLUMNS) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = [...rows].sort(comparator(key, dir)).map((r) => r.id);
        const paged: number[] = [];
        for (let page = 1; page <= Math.ceil(all.total / 10); page++) {
          const res = (await list(who, `status=SENT&sort_key=${key}&sort=${dir}&paginate=10&page=${page}`)).json().data;
          expect(res.total, `${key} ${dir} total`).toBe(all.total);
          paged.push(...ids({ json: () => ({ data: res }) }));
        }
        expect(paged, `${key} ${dir}, pages of 10`).toEqual(expected);
        expect(ids(await list(who, `status=SENT&sort_key=${key}&sort=${dir}&paginate=30`)), `${key} ${dir}, one page`).toEqual(expected);
      }
    }
  });
});

describe('the work queue may reuse a session checked seconds ago, but never after logout', () => {
  it('a signed-out token gets 401 from the list and the counts at once', async () => {
    const token = await t.login(SECRETARY);
    const get = (path: string) => t.call('GET', path, { token });
    expect((await get('/api/dictation?status=SENT')).statusCode).toBe(200);
    expect((await get('/api/dictation/counts')).statusCode).toBe(200);
    expect((await t.call('POST', '/api/logout', { token })).statusCode).toBeLessThan(300);
    expect((await get('/api/dictation?status=SENT')).statusCode).toBe(401);
    expect((await get('/api/dictation/counts')).statusCode).toBe(401);
  });
});
