/**
 * What the outbox does with each answer (DESIGN §3 point 5) and when it tries again. Pure.
 * status 0 means no answer at all (offline, DNS, connection cut).
 */
export type Outcome = 'done' | 'retry' | 'pause' | 'dead';

export function classifyStatus(status: number, code?: string): Outcome {
  if (status >= 200 && status < 300) return 'done';
  if (status === 401) return 'pause';
  // The session needs the PIN again: like a 401, wait for the user, never drop.
  if (status === 403 && code?.startsWith('pin_')) return 'pause';
  if (status === 409 || status === 422) return 'dead';
  if (status === 0 || status >= 500 || status === 408 || status === 429) return 'retry';
  // Other 4xx (400, 403, 404, 413 …) will not get better by waiting: the user must see them.
  return 'dead';
}

const BASE_MS = 2_000;
const CAP_MS = 5 * 60_000;

/** Exponential backoff with full jitter: a random delay up to min(cap, base·2^attempt). */
export function backoffDelay(attempt: number, random: number = Math.random()): number {
  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** Math.max(0, attempt));
  return Math.max(1_000, Math.round(ceiling * random));
}
