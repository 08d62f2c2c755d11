import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db, type OutboxRequest } from '../../src/lib/db/db';
import { drainOutbox, type Transport } from '../../src/lib/sync/drain';
import { enqueueRequest } from '../../src/lib/sync/outbox';
import { HttpError } from '../../src/lib/api/errors';
import { wipeLocalData } from '../../src/lib/auth/wipe';

const ID = 9;

/** A server that answers 503 to the first `failing` calls, then 200; it records what arrived, in order. */
function server(failing = 0) {
  const arrived: { path: string; body: unknown }[] = [];
  let left = failing;
  const transport: Transport = {
    upload: () => Promise.reject(new Error('no audio here')),
    finalise: () => Promise.reject(new Error('no audio here')),
    send: async (item: OutboxRequest, body: unknown) => {
      if (left > 0) {
        left--;
        throw new HttpError(503, 'Service unavailable');
      }
      arrived.push({ path: item.path, body });
      return { data: {} };
    },
  };
  return { transport, arrived };
}

const saveRecipients = (to: string) =>
  enqueueRequest({ method: 'PUT', path: `/api/dictation/${ID}/recipients`, body: { to }, label: 'Recipients', recipientsOf: ID });
const approve = () =>
  enqueueRequest({
    method: 'POST',
    path: `/api/dictation/${ID}/transition`,
    body: { action: 'approve' },
    label: 'approve',
    afterLetter: ID,
  });

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

describe('recipients saves in the outbox', () => {
  it('an approval queued after a recipients save waits while that save is retried, then goes after it', async () => {
    await saveRecipients('patient');
    await approve();
    const s = server(1);
    await drainOutbox(s.transport, { now: () => Date.now() });
    // The save failed once and waits for its backoff: the approval did not overtake it.
    expect(s.arrived).toEqual([]);
    expect(await db.outbox.count()).toBe(2);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drainOutbox(s.transport);
    expect(s.arrived.map((a) => a.path)).toEqual([`/api/dictation/${ID}/recipients`, `/api/dictation/${ID}/transition`]);
  });

  it('two saves made in the same millisecond still keep their order (equal times had none)', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_800_000_000_000);
    try {
      const first = await saveRecipients('first');
      const second = await saveRecipients('second');
      expect(second.createdAt).toBeGreaterThan(first.createdAt);
    } finally {
      now.mockRestore();
    }
    const s = server(1);
    await drainOutbox(s.transport);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drainOutbox(s.transport);
    expect(s.arrived.map((a) => a.body)).toEqual([{ to: 'first' }, { to: 'second' }]);
  });

  it('two saves of one letter’s recipients arrive in the order they were made', async () => {
    await saveRecipients('first');
    await saveRecipients('second');
    const s = server(1);
    await drainOutbox(s.transport);
    await db.outbox.toCollection().modify({ nextAttemptAt: 0 });
    await drainOutbox(s.transport);
    expect(s.arrived.map((a) => a.body)).toEqual([{ to: 'first' }, { to: 'second' }]);
  });
});
