// On PostgreSQL too: which streams hear a change depends on NOTIFY reaching the LISTEN connection in order, a separate connection only on PostgreSQL.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictations, letters, users } from '../../server/db/schema';
import { notifyChange } from '../../server/modules/live/live-channel';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { indexFixturePatient, letterDoc } from './letters-fixtures';
import { openStream, type TestStream } from './live-stream-client';
import { AUTHOR, MANAGER, OTHER_AUTHOR, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * Issue 22 point 8: every change in a trust sent a "worklist" event to every member's open app. A
 * dictation's change now reaches only the streams whose user may see that dictation, as it was or as
 * it is (canViewDictation): a confidential one's change reaches no uninvolved secretary, a draft's
 * no one but its author. Each check ends with a marker the stream must hear first after the change:
 * a bell for that user (NOTIFY keeps order), so an event that should not come would have come before it.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const open: TestStream[] = [];

beforeAll(async () => {
  t = await startTestApp({}, { listen: true });
  // Every recipient reachable: a send for approval is refused otherwise (issue 23, tests/api/send-check.test.ts).
  await indexFixturePatient(t.db);
  for (const email of [AUTHOR, OTHER_AUTHOR, SECRETARY, MANAGER]) {
    tokens[email] = await t.login(email);
    ids[email] = (await t.db.select().from(users).where(eq(users.email, email)))[0]!.id;
  }
});
afterAll(async () => {
  for (const s of open) s.abort();
  await t.close();
});

async function stream(email: string) {
  const s = await openStream(t.base, tokens[email]);
  open.push(s);
  expect(s.status).toBe(200);
  return s;
}

/** Rings `email`'s bell and waits for it: whatever their stream heard before it has arrived. */
async function marker(s: TestStream, email: string) {
  await notifyChange(t.db, { t: null, p: [], u: [ids[email]!] });
  await s.waitFor('bell');
}

async function withLetter(id: number) {
  const [row] = await t.db.select().from(dictations).where(eq(dictations.id, id));
  const doc = letterDoc('The echo is normal.');
  await t.db.insert(letters).values({ dictationId: id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
}

describe('who hears of a dictation’s change', () => {
  it('a confidential dictation: its typist (a manager) hears; a secretary not involved hears nothing', async () => {
    const d = await makeDictation(t.db, { author: OTHER_AUTHOR, status: 'BEING_TYPED', assignedTo: MANAGER, confidential: true });
    await withLetter(d.id);
    const secretary = await stream(SECRETARY);
    const manager = await stream(MANAGER);
    const sent = await t.call('POST', `/api/dictation/${d.id}/transition`, {
      token: tokens[MANAGER],
      body: { action: 'send_for_approval' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await manager.waitFor('worklist');
    await marker(secretary, SECRETARY);
    expect(secretary.events).toEqual(['bell']);
  });

  it('a draft: its author hears of its changes, a secretary does not, until it is submitted', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'DRAFT' });
    const [row] = await t.db.select().from(dictations).where(eq(dictations.id, d.id));
    const secretary = await stream(SECRETARY);
    const author = await stream(AUTHOR);
    const details = (status: string) => ({
      status,
      department_id: row!.departmentId,
      urgent: 'STANDARD',
      is_confidential: false,
      patient: { patient_first_name: 'Ann', patient_last_name: 'Example' },
      custom_fields: [],
    });
    expect((await t.call('PATCH', `/api/dictation/${d.id}`, { token: tokens[AUTHOR], body: details('DRAFT') })).statusCode).toBe(200);
    await author.waitFor('worklist');
    await marker(secretary, SECRETARY);
    expect(secretary.events).toEqual(['bell']);
    // Submitted, it is the typists' work: the secretary's list refreshes.
    expect((await t.call('PATCH', `/api/dictation/${d.id}`, { token: tokens[AUTHOR], body: details('READY_FOR_TYPING') })).statusCode).toBe(
      200,
    );
    await secretary.waitFor('worklist');
  });

  it('marked confidential: the secretaries who saw it hear, so it leaves their lists; later changes they do not hear', async () => {
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'READY_FOR_TYPING' });
    const secretary = await stream(SECRETARY);
    const marked = await t.call('POST', `/api/dictation/${d.id}/confidential`, { token: tokens[MANAGER], body: { is_confidential: true } });
    expect(marked.statusCode, marked.body).toBe(200);
    await secretary.waitFor('worklist');
    const heard = secretary.events.length;
    // The manager takes it for typing: a change of a confidential dictation the secretary is not part of.
    const claimed = await t.call('POST', `/api/dictation/${d.id}/claim`, { token: tokens[MANAGER] });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await marker(secretary, SECRETARY);
    expect(secretary.events.slice(heard)).toEqual(['bell']);
  });
});
