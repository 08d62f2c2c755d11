/**
 * Issue 23 "First run": the demo's second trust, "Other NHS Trust", has an author, a secretary, a manager and
 * work of its own, so trust isolation can be seen working: its people see only its work, the demo trust's
 * people see none of it (not even its SMITH, whose name a demo trust patient shares).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { seedDemoPatients } from '../../server/db/demo-patients';
import { OTHER_TRUST, OTHER_TRUST_DICTATIONS, seedOtherTrustWork } from '../../server/db/demo-other-trust';
import { dictations, trusts } from '../../server/db/schema';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, MANAGER, SECRETARY, SUPERADMIN, makeDictation } from './worklist-fixtures';

const OTHER_AUTHOR = 'other.author@wardnote.test';
const OTHER_SECRETARY = 'other.secretary@wardnote.test';
const OTHER_MANAGER = 'other.manager@wardnote.test';
const STATUSES = ['READY_FOR_TYPING', 'BEING_TYPED', 'AUTHOR_APPROVAL'];

let t: TestApp;
const tokens: Record<string, string> = {};
let theirs: number[] = [];
let ours: number;

beforeAll(async () => {
  t = await startTestApp();
  await seedDemoPatients(t.db);
  expect(await seedOtherTrustWork(t.db, t.app.wardnote)).toBe(OTHER_TRUST_DICTATIONS);
  ours = (await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING', patientLast: 'SMITH' })).id;
  for (const who of [AUTHOR, SECRETARY, MANAGER, SUPERADMIN, OTHER_AUTHOR, OTHER_SECRETARY, OTHER_MANAGER])
    tokens[who] = await t.login(who);
  const [other] = await t.db.select().from(trusts).where(eq(trusts.name, OTHER_TRUST));
  theirs = (await t.db.select({ id: dictations.id }).from(dictations).where(eq(dictations.trustId, other!.id))).map((r) => r.id);
}, 120_000);
afterAll(() => t.close());

const get = (who: string, url: string) => t.call('GET', url, { token: tokens[who] });
/** Every row the user sees in the status tabs of the other trust's work. */
async function seen(who: string): Promise<number[]> {
  const rows: number[] = [];
  for (const status of STATUSES) {
    const res = await get(who, `/api/dictation?status=${status}`);
    expect(res.statusCode, `${who} ${status}`).toBe(200);
    rows.push(...res.json().data.data.map((r: { id: number }) => r.id));
  }
  return rows.sort((a, b) => a - b);
}

describe('the other demo trust', () => {
  it('has a few dictations in different statuses, by its author, typed by its secretary', async () => {
    expect(theirs).toHaveLength(OTHER_TRUST_DICTATIONS);
    const rows = await t.db
      .select()
      .from(dictations)
      .where(eq(dictations.id, theirs.at(-1)!));
    expect(rows[0]!.status).toBe('AUTHOR_APPROVAL');
    // Its manager sees all of its work; its secretary the same (none confidential); its author their own.
    expect(await seen(OTHER_MANAGER)).toEqual([...theirs].sort((a, b) => a - b));
    expect(await seen(OTHER_SECRETARY)).toEqual([...theirs].sort((a, b) => a - b));
    const mine = (await get(OTHER_AUTHOR, '/api/dictation?status=AUTHOR_APPROVAL')).json().data.data;
    expect(mine.map((r: { id: number }) => r.id)).toEqual([theirs.at(-1)]);
    expect(mine[0].user.full_name).toBe('Owen Blake');
    const typing = (await get(OTHER_SECRETARY, '/api/dictation?status=BEING_TYPED')).json().data.data;
    expect(typing[0].assigned_to.full_name).toBe('Nadia Kowalski');
  });

  it('its people see none of the demo trust’s work, and the demo trust’s people none of theirs', async () => {
    for (const who of [OTHER_MANAGER, OTHER_SECRETARY, OTHER_AUTHOR]) {
      expect(await seen(who), who).not.toContain(ours);
      expect((await get(who, `/api/dictation/${ours}`)).statusCode, who).toBe(404);
    }
    for (const who of [AUTHOR, SECRETARY, MANAGER, SUPERADMIN]) {
      const rows = await seen(who);
      expect(
        rows.filter((id) => theirs.includes(id)),
        who,
      ).toEqual([]);
      for (const id of theirs) {
        expect((await get(who, `/api/dictation/${id}`)).statusCode, `${who} ${id}`).toBe(404);
        expect((await get(who, `/api/dictation/${id}/letter`)).statusCode, `${who} ${id}`).toBe(404);
      }
      // Both trusts have a SMITH: a search finds only one's own.
      const found = (await get(who, '/api/dictation/document?search=SMITH&search_key=patient')).json().data.data;
      expect(
        found.map((r: { id: number }) => r.id).filter((id: number) => theirs.includes(id)),
        who,
      ).toEqual([]);
    }
    expect(await seen(MANAGER)).toContain(ours);
    const found = (await get(OTHER_MANAGER, '/api/dictation/document?search=SMITH&search_key=patient')).json().data.data;
    expect(found.length).toBeGreaterThan(0);
    expect(found.every((r: { id: number }) => theirs.includes(r.id))).toBe(true);
  });
});
