import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db, type OutboxDictation } from '../../src/lib/db/db';
import { appendChunk, createRecording } from '../../src/lib/recordings/recording-store';
import { drainOutbox, type Transport } from '../../src/lib/sync/drain';
import { enqueueDictation, enqueueRequest, resumePaused, retryItem, discardItem } from '../../src/lib/sync/outbox';
import { backoffDelay, classifyStatus } from '../../src/lib/sync/outbox-policy';
import { HttpError } from '../../src/lib/api/errors';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import type { Dictation } from '../../src/domain/contract';

const DETAILS = {
  status: 'READY_FOR_TYPING' as const,
  department_id: 1,
  original_filename: 'Recording (1).webm',
  patient: { patient_last_name: 'Lovelace' },
};

async function queuedRecording(bytes = [100, 100, 50]): Promise<OutboxDictation> {
  const id = crypto.randomUUID();
  await createRecording({ id, tabIndex: 1, source: 'recorder', mimeType: 'audio/webm', filename: 'Recording (1).webm' });
  let seq = 0;
  for (const n of bytes) await appendChunk(id, seq++, new Uint8Array(n).fill(seq).buffer, seq * 2000);
  return enqueueDictation(id, DETAILS, 'Dictation 21 Nov 09:00');
}

/** The outbox row of a queued recording, as it is now. */
const dictationRow = async (id: string) => (await db.outbox.get(id)) as OutboxDictation | undefined;

/** A transport whose upload, finalise and send answer what the test says, recording what it was sent. */
function fakeTransport(opts: { upload?: number[]; finalise?: number[]; send?: number[]; serverBytes?: number; sendAnswer?: unknown } = {}) {
  const uploadAnswers = [...(opts.upload ?? [])];
  const finaliseAnswers = [...(opts.finalise ?? [])];
  const sendAnswers = [...(opts.send ?? [])];
  const sent: {
    uploads: number;
    finalised: Record<string, unknown>[];
    requests: { method: string; path: string; key: string; body: unknown }[];
  } = { uploads: 0, finalised: [], requests: [] };
  const transport: Transport = {
    async upload(item, audio, progress) {
      sent.uploads++;
      const status = uploadAnswers.shift() ?? 204;
      await progress({ uploadUrl: `http://x/api/uploads/up${item.recordingId.slice(0, 8)}` });
      if (status >= 300 || status === 0) throw new HttpError(status, `upload answered ${status}`);
      expect(audio.size).toBe(item.totalBytes);
      return { uploadUrl: `http://x/api/uploads/up${item.recordingId.slice(0, 8)}` };
    },
    async finalise(item, body) {
      sent.finalised.push(body);
      const status = finaliseAnswers.shift() ?? 201;
      if (status >= 300 || status === 0) throw new HttpError(status, `finalise answered ${status}`);
      return {
        id: 7,
        reference: '26112109000001',
        status: 'READY_FOR_TYPING',
        audio: { filesize: opts.serverBytes ?? item.totalBytes },
      } as Dictation;
    },
    async send(item, body) {
      sent.requests.push({ method: item.method, path: item.path, key: item.id, body });
      const status = sendAnswers.shift() ?? 200;
      if (status >= 300 || status === 0) throw new HttpError(status, `send answered ${status}`);
      return opts.sendAnswer ?? {};
    },
  };
  return { transport, sent };
}

let clock = 1_000_000;
const now = () => clock;

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
  clock = 1_000_000;
});

describe('outbox response classes (DESIGN §3 point 5)', () => {
  it('2xx: the dictation is confirmed with the same byte count, then the local audio is deleted', async () => {
    const item = await queuedRecording();
    const { transport, sent } = fakeTransport();
    await drainOutbox(transport, { now });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.recordings.get(item.recordingId)).toBeUndefined();
    expect(await db.chunks.where('recordingId').equals(item.recordingId).count()).toBe(0);
    expect(sent.finalised[0]).toMatchObject({
      client_id: item.recordingId,
      byte_size: 250,
      upload_id: `up${item.recordingId.slice(0, 8)}`,
      patient: { patient_last_name: 'Lovelace' },
    });
  });

  it('a confirmation with another byte count keeps the audio and shows the problem', async () => {
    const item = await queuedRecording();
    await drainOutbox(fakeTransport({ serverBytes: 200 }).transport, { now });
    const row = await db.outbox.get(item.id);
    expect(row!.state).toBe('dead');
    expect(row!.lastError).toContain('200 bytes of 250');
    expect((await db.recordings.get(item.recordingId))!.bytes).toBe(250);
  });

  it.each([0, 500, 503])('%i: retried later with backoff; the audio stays', async (status) => {
    const item = await queuedRecording();
    await drainOutbox(fakeTransport({ upload: [status] }).transport, { now, random: () => 0.5 });
    const row = (await dictationRow(item.id))!;
    expect(row.state).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.nextAttemptAt).toBeGreaterThan(clock);
    expect(row.uploadUrl).toContain('/api/uploads/');
    expect(await db.chunks.where('recordingId').equals(item.recordingId).count()).toBe(3);
    // Not due yet: a drain now does nothing.
    const again = fakeTransport();
    await drainOutbox(again.transport, { now });
    expect(again.sent.uploads).toBe(0);
    clock = row.nextAttemptAt + 1;
    await drainOutbox(again.transport, { now });
    expect(await db.outbox.count()).toBe(0);
  });

  it('500 on the first two finalise calls, 200 after: one upload, three finalise calls, nothing lost', async () => {
    const item = await queuedRecording();
    const { transport, sent } = fakeTransport({ finalise: [500, 500, 201] });
    for (let i = 0; i < 3; i++) {
      await drainOutbox(transport, { now });
      clock += 10 * 60_000;
    }
    expect(sent.uploads).toBe(1);
    expect(sent.finalised).toHaveLength(3);
    expect(new Set(sent.finalised.map((b) => b.client_id))).toEqual(new Set([item.recordingId]));
    expect(await db.outbox.count()).toBe(0);
  });

  it('401: the outbox pauses (never drops) and goes on after signing in again', async () => {
    const item = await queuedRecording();
    await drainOutbox(fakeTransport({ upload: [401] }).transport, { now });
    expect((await dictationRow(item.id))!.state).toBe('paused');
    const idle = fakeTransport();
    await drainOutbox(idle.transport, { now });
    expect(idle.sent.uploads).toBe(0);
    await resumePaused();
    await drainOutbox(idle.transport, { now });
    expect(await db.outbox.count()).toBe(0);
  });

  it.each([409, 422])('%i: moved to the dead-letter list with the reason; Retry and Discard work', async (status) => {
    const item = await queuedRecording();
    await drainOutbox(fakeTransport({ finalise: [status] }).transport, { now });
    const dead = (await dictationRow(item.id))!;
    expect(dead.state).toBe('dead');
    expect(dead.lastError).toBe(`finalise answered ${status}`);
    expect(await db.recordings.get(item.recordingId)).toBeDefined();

    await retryItem(item.id);
    await drainOutbox(fakeTransport().transport, { now });
    expect(await db.outbox.count()).toBe(0);

    const other = await queuedRecording();
    await drainOutbox(fakeTransport({ finalise: [422] }).transport, { now });
    await discardItem(other.id);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.recordings.get(other.recordingId)).toBeUndefined();
  });

  it('items are sent oldest first, each once per drain', async () => {
    const a = await queuedRecording([10]);
    clock += 1;
    const b = await queuedRecording([20]);
    const order: string[] = [];
    const { transport } = fakeTransport();
    const spy: Transport = { ...transport, finalise: (item, body) => (order.push(item.id), transport.finalise(item, body)) };
    await drainOutbox(spy, { now });
    expect(order).toEqual([a.id, b.id]);
  });

  it('the queued payload with patient details is encrypted at rest', async () => {
    const item = await queuedRecording();
    const raw = new TextDecoder().decode(new Uint8Array((await dictationRow(item.id))!.payload.data));
    expect(raw).not.toContain('Lovelace');
  });
});

describe('classification and backoff', () => {
  it.each([
    [200, 'done'],
    [201, 'done'],
    [204, 'done'],
    [0, 'retry'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [502, 'retry'],
    [401, 'pause'],
    [409, 'dead'],
    [422, 'dead'],
    [403, 'dead'],
    [413, 'dead'],
  ])('%i → %s', (status, outcome) => expect(classifyStatus(status)).toBe(outcome));

  it('grows exponentially up to five minutes, with jitter, never below a second', () => {
    expect(backoffDelay(1, 1)).toBe(4_000);
    expect(backoffDelay(3, 1)).toBe(16_000);
    expect(backoffDelay(20, 1)).toBe(300_000);
    expect(backoffDelay(3, 0.5)).toBe(8_000);
    expect(backoffDelay(3, 0)).toBe(1_000);
  });
});

describe('a session that needs the PIN again', () => {
  it('403 with a pin_ code pauses like a 401 instead of giving up', () => {
    expect(classifyStatus(403, 'pin_required')).toBe('pause');
    expect(classifyStatus(403, 'pin_verification_expired')).toBe('pause');
    expect(classifyStatus(403, 'forbidden')).toBe('dead');
  });
});

describe('when the session ends by itself (401)', () => {
  it('unsent recordings survive the wipe, still decryptable; the token and profile go', async () => {
    const { keyStore, TOKEN_KEY } = await import('../../src/lib/db/keys');
    const { putSecure } = await import('../../src/lib/crypto/secure-store');
    const { assembleRecording } = await import('../../src/lib/recordings/recording-store');
    await keyStore.set(TOKEN_KEY, 'old-token');
    await putSecure('profile', { full_name: 'Daniel Reid' });
    const item = await queuedRecording([64, 64]);
    await wipeLocalData('keep-unsent');
    expect(await keyStore.get(TOKEN_KEY)).toBeUndefined();
    expect(await db.secure.count()).toBe(0);
    expect(await dictationRow(item.id)).toBeDefined();
    expect((await assembleRecording(item.recordingId)).size).toBe(128);
  });

  it('with nothing unsent it wipes everything, key included', async () => {
    const { keyStore } = await import('../../src/lib/db/keys');
    const { putSecure } = await import('../../src/lib/crypto/secure-store');
    await putSecure('profile', { full_name: 'Daniel Reid' });
    await wipeLocalData('keep-unsent');
    expect(await keyStore.get('data_key')).toBeUndefined();
    expect(await keyStore.get('data_key_raw')).toBeUndefined();
  });
});

describe('an upload the server no longer has', () => {
  it('is sent again from the device instead of being given up', async () => {
    const item = await queuedRecording();
    const answers = [422];
    const sent = { uploads: 0 };
    const transport: Transport = {
      async upload(it) {
        sent.uploads++;
        return { uploadUrl: `http://x/api/uploads/u${sent.uploads}${it.recordingId.slice(0, 4)}` };
      },
      async finalise(it) {
        if (answers.length) throw new HttpError(answers.shift()!, 'The recording has not reached the server.', 'upload_missing');
        return { id: 1, audio: { filesize: it.totalBytes } } as Dictation;
      },
      send: fakeTransport().transport.send,
    };
    await drainOutbox(transport, { now });
    const row = (await dictationRow(item.id))!;
    expect(row).toMatchObject({ state: 'pending', stage: 'upload', uploadUrl: null });
    clock += 1;
    await drainOutbox(transport, { now });
    expect(sent.uploads).toBe(2);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('small JSON operations in the outbox', () => {
  const change = {
    method: 'PATCH' as const,
    path: '/api/dictation/7',
    body: { status: 'READY_FOR_TYPING', patient: { patient_last_name: 'Hopper' } },
    label: 'Draft 2611210900',
  };

  it('are sent with their outbox id as Idempotency-Key and removed on 2xx', async () => {
    const item = await enqueueRequest(change);
    const { transport, sent } = fakeTransport();
    await drainOutbox(transport, { now });
    expect(sent.requests).toEqual([{ method: 'PATCH', path: '/api/dictation/7', key: item.id, body: change.body }]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keep their patient details encrypted while they wait', async () => {
    const item = await enqueueRequest(change);
    const raw = new TextDecoder().decode(new Uint8Array((await db.outbox.get(item.id))!.payload.data));
    expect(raw).not.toContain('Hopper');
  });

  it.each([
    [503, 'pending'],
    [0, 'pending'],
    [401, 'paused'],
    [409, 'dead'],
    [422, 'dead'],
  ] as const)('%i: the change is kept as %s', async (status, state) => {
    const item = await enqueueRequest(change);
    await drainOutbox(fakeTransport({ send: [status] }).transport, { now, random: () => 0.5 });
    const row = (await db.outbox.get(item.id))!;
    expect(row.state).toBe(state);
    expect(row.lastError).toBe(`send answered ${status}`);
  });

  it('a retry after a lost answer replays the same key; discarding removes only the change', async () => {
    const item = await enqueueRequest(change);
    const first = fakeTransport({ send: [0] });
    await drainOutbox(first.transport, { now, random: () => 0.5 });
    clock = (await db.outbox.get(item.id))!.nextAttemptAt + 1;
    const second = fakeTransport();
    await drainOutbox(second.transport, { now });
    expect(second.sent.requests[0]!.key).toBe(first.sent.requests[0]!.key);
    expect(await db.outbox.count()).toBe(0);

    const recording = await queuedRecording();
    const dead = await enqueueRequest(change);
    await db.outbox.update(dead.id, { state: 'dead' });
    await discardItem(dead.id);
    expect(await db.outbox.get(dead.id)).toBeUndefined();
    expect((await db.recordings.get(recording.recordingId))!.bytes).toBe(250);
  });
});

describe('receipts of what the server confirmed', () => {
  it('a confirmed dictation leaves a receipt with its reference and status, no patient data', async () => {
    await queuedRecording();
    await drainOutbox(fakeTransport().transport, { now });
    expect(await db.sent.toArray()).toEqual([
      { dictationId: 7, reference: '26112109000001', status: 'READY_FOR_TYPING', label: 'Dictation 21 Nov 09:00', sentAt: clock },
    ]);
  });

  it('a draft change answered with its dictation leaves one too; an answer without a dictation or a failure does not', async () => {
    const change = { method: 'PATCH' as const, path: '/api/dictation/9', body: { status: 'DRAFT' }, label: 'Draft 26112109000009' };
    await enqueueRequest(change);
    await drainOutbox(fakeTransport({ sendAnswer: { data: { id: 9, reference: '26112109000009', status: 'DRAFT' } } }).transport, { now });
    expect((await db.sent.get(9))?.status).toBe('DRAFT');
    await enqueueRequest({ ...change, path: '/api/other' });
    await drainOutbox(fakeTransport().transport, { now });
    await enqueueRequest({ ...change, path: '/api/dictation/10' });
    await drainOutbox(fakeTransport({ send: [500] }).transport, { now });
    expect(await db.sent.count()).toBe(1);
  });

  it('are kept for a week, the newest 20', async () => {
    const { recordReceipt } = await import('../../src/lib/sync/receipts');
    await recordReceipt({ id: 1, reference: 'old', status: 'SENT' }, 'old one', clock - 8 * 86_400_000);
    for (let i = 2; i <= 23; i++) await recordReceipt({ id: i, reference: `r${i}`, status: 'SENT' }, `n${i}`, clock + i);
    const kept = (await db.sent.orderBy('sentAt').toArray()).map((r) => r.dictationId);
    expect(kept).toHaveLength(20);
    expect(kept).not.toContain(1);
    expect(kept[0]).toBe(4);
    expect(kept.at(-1)).toBe(23);
  });
});

describe('outcomes the user hears of', () => {
  const allocation = {
    method: 'POST' as const,
    path: '/api/dictation/allocate',
    body: { dictations: [1, 2], type: 'status', status: 'BEING_TYPED' },
    label: '2 dictations: allocation',
  };

  it("keep the server's answer to an allocation (what moved, what did not and why), then are taken once", async () => {
    const { takeOutcomes } = await import('../../src/lib/sync/outcomes');
    const item = await enqueueRequest(allocation);
    const answer = {
      success_message: '1 dictation moved to Being Typed.',
      unsuccess_message: '1 dictation could not be moved to Being Typed.',
      unsuccessful_jobs: [{ id: 2, reference: '26112209000001', reason: 'It is already in Being Typed.' }],
    };
    await drainOutbox(fakeTransport({ sendAnswer: answer }).transport, { now });
    const taken = await takeOutcomes(allocation.path);
    expect(taken).toEqual([
      expect.objectContaining({
        id: item.id,
        success: '1 dictation moved to Being Typed.',
        problem: '1 dictation could not be moved to Being Typed.',
        details: ['26112209000001: It is already in Being Typed.'],
        error: null,
      }),
    ]);
    expect(await takeOutcomes(allocation.path)).toEqual([]);
  });

  it('a refused allocation leaves the reason; other requests leave nothing', async () => {
    const { takeOutcomes } = await import('../../src/lib/sync/outcomes');
    await enqueueRequest(allocation);
    await drainOutbox(fakeTransport({ send: [422] }).transport, { now });
    const [refused] = await takeOutcomes(allocation.path);
    expect(refused?.error).toBeTruthy();
    await enqueueRequest({ ...allocation, path: '/api/dictation/7', method: 'PATCH' });
    await drainOutbox(fakeTransport().transport, { now });
    expect(await db.outcomes.count()).toBe(0);
  });
});
