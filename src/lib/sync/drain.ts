import type { Dictation } from '../../domain/contract';
import { db, withReopen, type OutboxDictation, type OutboxItem, type OutboxRequest } from '../db/db';
import { unsealJson } from '../crypto/secure-store';
import { assembleRecording, deleteRecording } from '../recordings/recording-store';
import { backoffDelay, classifyStatus } from './outbox-policy';
import { HttpError } from '../api/errors';
import { dictationIn, recordReceipt } from './receipts';
import { REPORTED_PATHS, outcomeFromAnswer, outcomeFromError } from './outcomes';
import type { QueuedDetails } from './outbox';
import { bodyToSend, letterRefused, letterSaved, savedVersion, waitsForEarlierSave } from './letter-queue';

/** How the outbox reaches the server; the real one uses tus and the API, tests give their own. */
export interface Transport {
  /** Uploads the audio (resuming at item.uploadUrl when set); reports the upload URL and acknowledged bytes. */
  upload(
    item: OutboxDictation,
    audio: Blob,
    progress: (p: { uploadUrl?: string; bytesAcked?: number }) => Promise<void>,
  ): Promise<{ uploadUrl: string }>;
  finalise(item: OutboxDictation, body: Record<string, unknown>): Promise<Dictation>;
  /** A small JSON operation, with the outbox id as its Idempotency-Key. */
  send(item: OutboxRequest, body: unknown): Promise<unknown>;
}

export interface DrainOptions {
  /** Bounded work per call: a worker event is ended by the browser after a few minutes (PITFALLS 4). */
  budgetMs?: number;
  now?: () => number;
  random?: () => number;
}

let localLock: Promise<unknown> | null = null;

/** One drain at a time across the page and the worker (Web Locks); a second caller returns at once. */
async function exclusive<T>(fn: () => Promise<T>): Promise<T | undefined> {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (locks)
    return (await locks.request('wardnote-outbox', { ifAvailable: true }, async (lock: Lock | null) => (lock ? fn() : undefined))) as
      T | undefined;
  if (localLock) return undefined;
  const run = fn();
  localLock = run;
  try {
    return await run;
  } finally {
    localLock = null;
  }
}

function uploadId(uploadUrl: string): string {
  return uploadUrl.split('?')[0]!.split('/').pop()!;
}

/** Outbox rows of either kind take the same partial updates of their shared and own fields. */
function updateItem(id: string, changes: Partial<OutboxDictation> | Partial<OutboxRequest>) {
  return db.outbox.update(id, changes as Partial<OutboxItem>);
}

async function sendDictation(item: OutboxDictation, transport: Transport, now: () => number): Promise<void> {
  let current = item;
  if (current.stage === 'upload') {
    const audio = await assembleRecording(current.recordingId);
    if (audio.size !== current.totalBytes) throw new HttpError(422, 'The recording on this device is incomplete.');
    const { uploadUrl } = await transport.upload(current, audio, async (p) => {
      await updateItem(current.id, p);
    });
    await updateItem(current.id, { stage: 'finalise', uploadUrl, bytesAcked: current.totalBytes });
    current = (await db.outbox.get(current.id)) as OutboxDictation;
  }
  const details = await unsealJson<QueuedDetails>(current.payload);
  const dictation = await transport.finalise(current, {
    ...details,
    client_id: current.recordingId,
    upload_id: uploadId(current.uploadUrl!),
    byte_size: current.totalBytes,
  });
  if (dictation.audio?.filesize !== current.totalBytes) {
    throw new HttpError(
      409,
      `The server holds ${dictation.audio?.filesize ?? 0} bytes of ${current.totalBytes}; the recording is kept on this device.`,
    );
  }
  // Only now, with the server's word on the byte count, does the device let go of the audio.
  await db.transaction('rw', [db.outbox, db.recordings, db.chunks, db.sent], async () => {
    await db.outbox.delete(current.id);
    await deleteRecording(current.recordingId);
    await recordReceipt(dictation, current.label, now());
  });
}

/**
 * Takes a request for sending: read again and marked as handed to the network in one transaction, so a
 * letter save queued meanwhile either replaced its body first (and that is what goes) or sees it taken
 * and queues itself after it (letter-save.ts).
 */
async function claimRequest(id: string, now: number): Promise<OutboxRequest | null> {
  return db.transaction('rw', db.outbox, async () => {
    const row = await db.outbox.get(id);
    if (row?.kind !== 'request' || row.state !== 'pending') return null;
    if (row.triedAt === undefined) await updateItem(id, { triedAt: now });
    return row;
  });
}

async function sendRequest(queued: OutboxRequest, transport: Transport, now: () => number): Promise<void> {
  const item = await claimRequest(queued.id, now());
  if (!item) return;
  const answer = await transport.send(item, await bodyToSend(item));
  const version = item.letter ? savedVersion(answer) : null;
  const dictation = dictationIn(answer);
  await db.transaction('rw', [db.outbox, db.sent, db.outcomes, db.letterDrafts], async () => {
    await db.outbox.delete(item.id);
    if (dictation) await recordReceipt(dictation, item.label, now());
    if (REPORTED_PATHS.has(item.path)) await db.outcomes.put(outcomeFromAnswer(item, answer, now()));
    if (item.letter && version !== null) await letterSaved(item.letter, version, now());
  });
}

async function process(item: OutboxItem, transport: Transport, now: () => number, random: () => number): Promise<void> {
  try {
    if (item.kind === 'dictation') await sendDictation(item, transport, now);
    else await sendRequest(item, transport, now);
  } catch (err) {
    const status = err instanceof HttpError ? err.status : 0;
    const code = err instanceof HttpError ? err.code : undefined;
    const message = err instanceof Error ? err.message : String(err);
    const attempts = item.attempts + 1;
    if (item.kind === 'dictation' && err instanceof HttpError && err.is('upload_missing')) {
      // The server no longer has the upload (swept after a day): send the audio again from the device.
      await updateItem(item.id, { stage: 'upload', uploadUrl: null, bytesAcked: 0, attempts, lastError: message, nextAttemptAt: now() });
      return;
    }
    const outcome = classifyStatus(status, code);
    if (outcome === 'pause') await updateItem(item.id, { state: 'paused', lastError: message, attempts });
    else if (outcome === 'dead') {
      await updateItem(item.id, { state: 'dead', lastError: message, attempts });
      if (item.kind === 'request' && item.letter && err instanceof HttpError) await letterRefused(item.letter, err);
      if (item.kind === 'request' && REPORTED_PATHS.has(item.path)) await db.outcomes.put(outcomeFromError(item, message, now()));
    } else await updateItem(item.id, { attempts, lastError: message, nextAttemptAt: now() + backoffDelay(attempts, random()) });
  }
}

/**
 * Sends what is due in the outbox (DESIGN §3 point 3): shared by the page and the service worker,
 * one at a time, oldest first, within a time budget. Returns how many items it worked on.
 */
export async function drainOutbox(transport: Transport, opts: DrainOptions = {}): Promise<number> {
  const now = opts.now ?? Date.now;
  const random = opts.random ?? Math.random;
  const budget = opts.budgetMs ?? 4 * 60_000;
  // A worker woken from sleep can hold a dead connection (Dexie #1805): reopen and go again.
  const result = await exclusive(() =>
    withReopen(async () => {
      const started = now();
      const tried = new Set<string>();
      while (now() - started < budget) {
        const all = await db.outbox.orderBy('createdAt').toArray();
        const due = all.find((i) => i.state === 'pending' && i.nextAttemptAt <= now() && !tried.has(i.id) && !waitsForEarlierSave(i, all));
        if (!due) break;
        tried.add(due.id);
        await process(due, transport, now, random);
      }
      return tried.size;
    }),
  );
  return result ?? 0;
}
