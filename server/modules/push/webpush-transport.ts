import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import type { PushPayload } from '../../../src/domain/contract';
import { createEndpointPolicy, type EndpointPolicy } from './endpoint-policy';
import { retryAfterMs } from './retry-after';
import { outcomeOfStatus, type PushOutcome, type PushTarget, type PushTransport } from './transport';
import type { VapidKeys } from './vapid';

interface Answer {
  status: number;
  retryAfter: string | null;
}

/**
 * One POST on a fresh connection (no pooled socket another lookup made), through `lookup` when given;
 * redirects are not followed (a 3xx is an answer like any other).
 */
function postOnce(
  target: ReturnType<EndpointPolicy['connection']> & object,
  init: { headers: Record<string, string>; body: Buffer | undefined; timeoutMs: number },
): Promise<Answer> {
  const { url, lookup } = target;
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', headers: init.headers, agent: false, timeout: init.timeoutMs, ...(lookup ? { lookup } : {}) },
      (res) => {
        res.resume();
        const retryAfter = res.headers['retry-after'];
        resolve({ status: res.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('push service timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(init.body);
  });
}

/**
 * Web Push (RFC 8030/8291/8292) with `web-push` building the encrypted aes128gcm request and the
 * VAPID header. The request goes out only to an endpoint the policy allows, connected through its
 * lookup (public addresses only, resolved at this moment: endpoint-policy.ts); an endpoint refused
 * now is `refused`, and the sender deletes the device.
 */
export function createWebPushTransport(
  keys: VapidKeys,
  subject: string,
  opts: { timeoutMs?: number; policy?: EndpointPolicy } = {},
): PushTransport {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const policy = opts.policy ?? createEndpointPolicy();
  return {
    name: 'webpush',
    async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
      if (!target.p256dh || !target.auth) return { kind: 'gone' };
      const connection = policy.connection(target.token);
      if (!connection) return { kind: 'refused', reason: 'endpoint not allowed' };
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
        const res = await postOnce(connection, {
          headers: details.headers as Record<string, string>,
          body: details.body ? Buffer.from(details.body) : undefined,
          timeoutMs,
        });
        // RFC 8030 §8.4: a push service that is too busy may say when to come back.
        return outcomeOfStatus(res.status, retryAfterMs(res.retryAfter, Date.now()));
      } catch (err) {
        const code = (err as { code?: string }).code ?? (err as { name?: string }).name ?? 'error';
        if (code === 'EADDRNOTPUBLIC') return { kind: 'refused', reason: 'address not public' };
        return { kind: 'retry', reason: String(code) };
      }
    },
  };
}
