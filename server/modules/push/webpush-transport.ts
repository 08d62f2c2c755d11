import webpush from 'web-push';
import type { PushPayload } from '../../../src/domain/contract';
import { retryAfterMs } from './retry-after';
import { outcomeOfStatus, type PushOutcome, type PushTarget, type PushTransport } from './transport';
import type { VapidKeys } from './vapid';

/**
 * Web Push (RFC 8030/8291/8292) with `web-push` building the encrypted aes128gcm request and the
 * VAPID header; the request itself goes out with fetch, which gives a status to act on and a timeout.
 */
export function createWebPushTransport(keys: VapidKeys, subject: string, opts: { timeoutMs?: number } = {}): PushTransport {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    name: 'webpush',
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      if (!target.p256dh || !target.auth) return { kind: 'gone' };
      const details = webpush.generateRequestDetails(
        { endpoint: target.token, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          // A day: a tablet switched off overnight still hears of the letter in the morning.
          TTL: 24 * 3600,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
        },
      );
      try {
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        await res.body?.cancel();
        // RFC 8030 §8.4: a push service that is too busy may say when to come back.
        return outcomeOfStatus(res.status, retryAfterMs(res.headers.get('retry-after'), Date.now()));
      } catch (err) {
        const code = (err as { name?: string; cause?: { code?: string } }).cause?.code ?? (err as { name?: string }).name ?? 'error';
        return { kind: 'retry', reason: String(code) };
      }
    },
  };
}
