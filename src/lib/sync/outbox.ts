import type { FinaliseDictation } from '../../domain/contract';
import { pathOf, type BodyInputOf, type EndpointDef, type PathParams } from '../../domain/contract/endpoint';
import { db, type OutboxDictation, type OutboxRequest } from '../db/db';
import { sealJson } from '../crypto/secure-store';
import { deleteRecording } from '../recordings/recording-store';

export { SYNC_TAG } from './sync-tag';

/** The finalise details kept (encrypted) with a queued dictation; ids and sizes are added when sent. */
export type QueuedDetails = Omit<FinaliseDictation, 'client_id' | 'upload_id' | 'byte_size'>;

/**
 * Submit: in one transaction the recording becomes final and the outbox gets its row (DESIGN §3
 * point 2). From here nothing is lost: the row stays until the server confirms the dictation.
 */
export async function enqueueDictation(recordingId: string, details: QueuedDetails, label: string): Promise<OutboxDictation> {
  const payload = await sealJson(details);
  return db.transaction('rw', db.recordings, db.outbox, db.tabs, async () => {
    const rec = await db.recordings.get(recordingId);
    if (!rec || rec.bytes === 0) throw new Error('There is no audio in this recording to send.');
    const item: OutboxDictation = {
      id: crypto.randomUUID(),
      kind: 'dictation',
      recordingId,
      state: 'pending',
      stage: 'upload',
      attempts: 0,
      nextAttemptAt: 0,
      lastError: null,
      uploadUrl: null,
      bytesAcked: 0,
      totalBytes: rec.bytes,
      label,
      payload,
      createdAt: Date.now(),
    };
    await db.recordings.update(recordingId, { state: 'queued', tabIndex: null, updatedAt: Date.now() });
    await db.tabs.where('recordingId').equals(recordingId).modify({ recordingId: null });
    await db.outbox.add(item);
    return item;
  });
}

/**
 * A small JSON operation for the server (a draft's changes, later allocations and approvals): kept,
 * encrypted, until the server answers 2xx; sent with the row id as Idempotency-Key so a replay after a
 * lost answer changes nothing twice.
 */
export async function enqueueRequest(request: {
  method: OutboxRequest['method'];
  path: string;
  body: unknown;
  label: string;
  /** A hand-off of this dictation: sent after its queued letter saves, with the version they reach as base_version. */
  afterLetter?: number;
  /** A save of this dictation's recipients (kept in order, ahead of a later hand-off). */
  recipientsOf?: number;
}): Promise<OutboxRequest> {
  const item: OutboxRequest = {
    id: crypto.randomUUID(),
    kind: 'request',
    method: request.method,
    path: request.path,
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    label: request.label,
    payload: await sealJson(request.body),
    createdAt: Date.now(),
    ...(request.recipientsOf === undefined ? {} : { recipientsOf: request.recipientsOf }),
  };
  const dictationId = request.afterLetter ?? request.recipientsOf;
  if (dictationId === undefined) {
    await db.outbox.add(item);
    return item;
  }
  return db.transaction('rw', db.outbox, async () => {
    // Strictly after this letter's earlier saves (a hand-off) or its earlier recipients saves, even within
    // the same millisecond: the drain keeps them in createdAt order, and equal times have no order.
    const saves = await db.outbox
      .filter(
        (r) =>
          r.kind === 'request' &&
          (r.recipientsOf === dictationId || (request.afterLetter !== undefined && r.letter?.dictationId === dictationId)),
      )
      .toArray();
    const after: OutboxRequest = {
      ...item,
      ...(request.afterLetter === undefined ? {} : { afterLetter: dictationId }),
      createdAt: Math.max(item.createdAt, ...saves.map((r) => r.createdAt + 1)),
    };
    await db.outbox.add(after);
    return after;
  });
}

/**
 * Queues a call of an endpoint of the table (src/domain/contract/endpoints): only an idempotent one (the
 * row id is its Idempotency-Key), ordered as the entry says against the same dictation's other queued calls.
 */
export function enqueue<const E extends EndpointDef & { idempotent: true; method: OutboxRequest['method'] }>(
  endpoint: E,
  call: { params: PathParams<E>; body: BodyInputOf<E>; label: string },
): Promise<OutboxRequest> {
  const params = call.params as Record<string, string | number> | undefined;
  const dictationId = Number(params?.id);
  return enqueueRequest({
    method: endpoint.method,
    path: pathOf(endpoint, params),
    body: call.body,
    label: call.label,
    ...(endpoint.outbox === 'afterLetter' ? { afterLetter: dictationId } : {}),
    ...(endpoint.outbox === 'recipients' ? { recipientsOf: dictationId } : {}),
  });
}

export async function retryItem(id: string): Promise<void> {
  await db.outbox.update(id, { state: 'pending', nextAttemptAt: 0, attempts: 0 });
}

/** Discarding a recording deletes its audio for good: the UI asks for confirmation first. */
export async function discardItem(id: string): Promise<void> {
  const item = await db.outbox.get(id);
  if (!item) return;
  await db.outbox.delete(id);
  if (item.kind === 'dictation') await deleteRecording(item.recordingId);
}

/** After signing in again: work paused by a 401 goes back in the queue. */
export async function resumePaused(): Promise<void> {
  await db.outbox.where('state').equals('paused').modify({ state: 'pending', nextAttemptAt: 0 });
}
