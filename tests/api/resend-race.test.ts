// On PostgreSQL too: three resends of one failed delivery are sent at once; only PostgreSQL runs them in parallel, so the unique index on resend_of decides.
import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, dictations } from '../../server/db/schema';
import { isUniqueViolation } from '../../server/lib/db-errors';
import { MESSAGES } from '../../src/domain/messages';
import { startTestApp, type TestApp } from './harness';
import { MANAGER, SECRETARY, AUTHOR, makeDictation } from './worklist-fixtures';

/**
 * Issue 22 point 8: a failed delivery is sent again at most once. "Already resent" was checked outside
 * the transaction that adds the resend, and nothing in the database stopped a second one: now
 * `deliveries.resend_of` is unique and the resend that loses answers 409. Run on PostgreSQL too
 * (TEST_DB=postgres), where the resends really run at the same time.
 */
let t: TestApp;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [SECRETARY, MANAGER]) tokens[email] = await t.login(email);
});
afterAll(() => t.close());

/** A letter whose one copy, to be posted to the patient, failed. */
async function failedCopy(): Promise<number> {
  const d = await makeDictation(t.db, { author: AUTHOR, status: 'MANUAL_DISTRIBUTION', assignedTo: SECRETARY });
  const [row] = await t.db.select({ trustId: dictations.trustId }).from(dictations).where(eq(dictations.id, d.id));
  const [failed] = await t.db
    .insert(deliveries)
    .values({
      trustId: row!.trustId,
      dictationId: d.id,
      role: 'to',
      recipient: { type: 'patient', id: '1', name: 'Patient' },
      contact: { name: 'Patient', lines: ['7 Any Road', 'Demoton', 'DE1 7AA'], email: null, ods_code: null },
      channel: 'print',
      status: 'failed',
      reason: 'The printer was on fire.',
    })
    .returning({ id: deliveries.id });
  return failed!.id;
}

const resendsOf = async (id: number) => t.db.select().from(deliveries).where(eq(deliveries.resendOf, id));

describe('resending a failed delivery', () => {
  it('three resends at once: one goes out, the others are told it was already sent again (409), one new delivery', async () => {
    const id = await failedCopy();
    const answers = await Promise.all(
      [SECRETARY, MANAGER, SECRETARY].map((who) => t.call('POST', pathOf(E.deliveryResend, { id }), { token: tokens[who], body: {} })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'already_resent', message: MESSAGES.resendReplacedAlready });
    }
    expect(await resendsOf(id)).toHaveLength(1);
  });

  it('the database itself refuses a second resend of one delivery', async () => {
    const id = await failedCopy();
    expect((await t.call('POST', pathOf(E.deliveryResend, { id }), { token: tokens[SECRETARY], body: {} })).statusCode).toBe(200);
    const [first] = await resendsOf(id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...copy } = first!;
    const second = await t.db
      .insert(deliveries)
      .values(copy)
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(isUniqueViolation(second)).toBe(true);
    expect(await resendsOf(id)).toHaveLength(1);
  });
});
