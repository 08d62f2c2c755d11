import type { ErrorCode } from '../../domain/contract/errors';
import { classify } from '../api/errors';

/**
 * What the outbox does with each answer (DESIGN §3 point 5) and when it tries again. Pure.
 * status 0 means no answer at all (offline, DNS, connection cut).
 */
export type Outcome = 'done' | 'retry' | 'pause' | 'dead';

export function classifyStatus(status: number, code?: ErrorCode): Outcome {
  if (status >= 200 && status < 300) return 'done';
  const failure = classify(status, code);
  // A 401, or the session needs the PIN again: wait for the user, never drop. A conflict (409) or a refusal
  // (422, 400, 403, 404, 413 …) will not get better by waiting: the user must see it.
  return failure === 'session' ? 'pause' : failure === 'retry' ? 'retry' : 'dead';
}

const BASE_MS = 2_000;
const CAP_MS = 5 * 60_000;

/** Exponential backoff with full jitter: a random delay up to min(cap, base·2^attempt). */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempt));
  return Math.max(1_000, Math.round(ceiling * random));
}
