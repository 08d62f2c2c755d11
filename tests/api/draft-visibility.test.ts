import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departments, dictations, users } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, MANAGER, SECRETARY, SUPERADMIN, makeDictation, type Made } from './worklist-fixtures';

/**
 * Issue 22 point 8: an author's DRAFT was visible to every Secretary and Manager (and SuperAdmin)
 * through search, the lists and GET /api/dictation/:id. Decided (docs/decisions.md, session 10): a
 * draft is its author's until submitted; only its author and whoever recorded it see it, through
 * every read. Once submitted it is the typists' work.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
let draft: Made;
let recorded: Made;
let submitted: Made;

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY, MANAGER, SUPERADMIN]) tokens[email] = await t.login(email);
  draft = await makeDictation(t.db, { author: AUTHOR, status: 'DRAFT', patientLast: 'Draftington' });
  // A draft the secretary recorded for the author (she may finish it; nobody else but the author).
  recorded = await makeDictation(t.db, { author: AUTHOR, status: 'DRAFT', patientLast: 'Draftington' });
  const [secretary] = await t.db.select().from(users).where(eq(users.email, SECRETARY));
  await t.db.update(dictations).set({ createdBy: secretary!.id }).where(eq(dictations.id, recorded.id));
  submitted = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', patientLast: 'Draftington' });
});
afterAll(() => t.close());

const get = (who: string, url: string) => t.call('GET', url, { token: tokens[who] });
const ids = (res: { json(): { data: { data: { id: number }[] } } }) =>
  res
    .json()
    .data.data.map((r) => r.id)
    .sort();

describe("an author's draft", () => {
  it('GET /api/dictation/:id and its letter: the author and the recorder see it; Secretary, Manager and SuperAdmin get 404', async () => {
    expect((await get(AUTHOR, `/api/dictation/${draft.id}`)).statusCode).toBe(200);
    expect((await get(SECRETARY, `/api/dictation/${recorded.id}`)).statusCode).toBe(200);
    for (const who of [SECRETARY, MANAGER, SUPERADMIN]) {
      expect((await get(who, `/api/dictation/${draft.id}`)).statusCode, who).toBe(404);
      expect((await get(who, `/api/dictation/${draft.id}/letter`)).statusCode, who).toBe(404);
    }
    expect((await get(MANAGER, `/api/dictation/${recorded.id}`)).statusCode).toBe(404);
  });

  it('search finds it for the author (and the recorder), not for Secretary, Manager or SuperAdmin', async () => {
    const search = (who: string) => get(who, '/api/dictation/document?search=draftington&search_key=patient');
    expect(ids(await search(AUTHOR))).toEqual([draft.id, recorded.id, submitted.id].sort());
    expect(ids(await search(SECRETARY))).toEqual([recorded.id, submitted.id].sort());
    expect(ids(await search(MANAGER))).toEqual([submitted.id]);
    expect(ids(await search(SUPERADMIN))).toEqual([submitted.id]);
  });

  it('lists and counts: the Draft tab shows only one’s own drafts, and counts agree with the list', async () => {
    expect(ids(await get(AUTHOR, '/api/dictation?status=DRAFT'))).toEqual([draft.id, recorded.id].sort());
    expect((await get(AUTHOR, '/api/dictation/counts')).json().data.DRAFT).toBe(2);
    // SuperAdmin has every tab, Draft included: none of these drafts is theirs.
    const superList = await get(SUPERADMIN, '/api/dictation?status=DRAFT');
    expect(ids(superList)).toEqual([]);
    expect(superList.json().data.total).toBe(0);
    expect((await get(SUPERADMIN, '/api/dictation/counts')).json().data.DRAFT).toBe(0);
    // Narrowed by a filter the kept counts hold (department), the total still leaves others' drafts out.
    const [dep] = await t.db.select().from(departments).limit(1);
    const filtered = await get(SUPERADMIN, `/api/dictation?status=DRAFT&department=${dep!.id}`);
    expect(filtered.json().data.total).toBe(0);
  });

  it('once submitted it is the typists’ work: the secretary opens and finds it', async () => {
    const [row] = await t.db.select().from(dictations).where(eq(dictations.id, draft.id));
    const res = await t.call('PATCH', `/api/dictation/${draft.id}`, {
      token: tokens[AUTHOR],
      body: {
        status: 'READY_FOR_TYPING',
        department_id: row!.departmentId,
        urgent: 'STANDARD',
        is_confidential: false,
        patient: { patient_first_name: 'Ann', patient_last_name: 'Draftington' },
        custom_fields: [],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await get(SECRETARY, `/api/dictation/${draft.id}`)).statusCode).toBe(200);
    expect(ids(await get(SECRETARY, '/api/dictation/document?search=draftington&search_key=patient'))).toContain(draft.id);
  });
});
