import type { AllocateRequest, AllocateResult } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { apiCall } from '../../lib/api/client';

/**
 * Spec §4: an author who clicks their own dictation while it waits for or is in typing first takes it
 * back to AUTHOR_APPROVAL, with the secretarial cover flag set, then opens it. Sent at once (the page
 * to open needs the answer); offline the caller queues the same body through the outbox instead.
 */
export function allocateBackBody(id: number): AllocateRequest {
  return { dictations: [id], type: 'status', status: 'AUTHOR_APPROVAL', secretarial_cover: true };
}

export function allocateBack(id: number): Promise<AllocateResult> {
  return apiCall(E.dictationAllocate, {
    json: allocateBackBody(id),
    headers: { 'Idempotency-Key': crypto.randomUUID() },
    quiet: true,
  });
}
