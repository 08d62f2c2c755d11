import type { PushPayload } from '../../../src/domain/contract';

/** One device as the sender sees it. */
export interface PushTarget {
  id: number;
  transport: string;
  token: string;
  p256dh: string | null;
  auth: string | null;
}

/**
 * What became of one push: delivered; `gone` (404/410: the device unsubscribed, delete it);
 * `retry` (the push service was busy or unreachable; `retryAfterMs` when it said how long to wait);
 * `failed` (refused for good); `refused` (not sent: the endpoint is not one the server may send to,
 * endpoint-policy.ts; delete it). `reason` is a status or error code, never the payload.
 */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone' }
  | { kind: 'retry'; reason: string; retryAfterMs?: number }
  | { kind: 'failed'; reason: string }
  | { kind: 'refused'; reason: string };

/** One push interface, two adapters: Web Push (default) and FCM (when a Firebase project is configured). */
export interface PushTransport {
  readonly name: 'webpush' | 'fcm';
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}

export function outcomeOfStatus(status: number, retryAfterMs: number | null = null): PushOutcome {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 404 || status === 410) return { kind: 'gone' };
  if (status === 429 || status >= 500)
    return { kind: 'retry', reason: `status ${status}`, ...(retryAfterMs !== null ? { retryAfterMs } : {}) };
  return { kind: 'failed', reason: `status ${status}` };
}
