import type { PushPayload } from '../../../src/domain/contract';
import { FCM_SCOPE, type FcmConfig } from './fcm-config';
import { outcomeOfFcmError, readFcmError } from './fcm-errors';
import { fcmMessage } from './fcm-message';
import { createAccessTokenSource, type AccessTokenSource } from './google-access-token';
import { retryAfterMs } from './retry-after';
import type { PushOutcome, PushTarget, PushTransport } from './transport';

export interface FcmTransportOptions {
  now?: () => number;
  timeoutMs?: number;
  tokens?: AccessTokenSource;
}

const networkCode = (err: unknown) =>
  String((err as { cause?: { code?: string } }).cause?.code ?? (err as { name?: string }).name ?? 'error');

/**
 * Firebase Cloud Messaging, HTTP v1 API: one `projects.messages.send` per registration token, with a
 * service-account access token (cached until shortly before it expires). Written on fetch and
 * node:crypto rather than firebase-admin, which cannot be pointed at a test server (docs/decisions.md).
 */
export function createFcmTransport(cfg: FcmConfig, opts: FcmTransportOptions = {}): PushTransport {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const tokens = opts.tokens ?? createAccessTokenSource(cfg, FCM_SCOPE, { now, timeoutMs });
  const url = `${cfg.apiUrl}/v1/projects/${encodeURIComponent(cfg.projectId)}/messages:send`;

  async function sendOnce(target: PushTarget, payload: PushPayload): Promise<PushOutcome | 'token-refused'> {
    const access = await tokens.get();
    if (!access.ok) {
      if (!access.retry) return { kind: 'failed', reason: access.reason };
      return { kind: 'retry', reason: access.reason, ...(access.retryAfterMs !== undefined ? { retryAfterMs: access.retryAfterMs } : {}) };
    }
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${access.token}`, 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ message: fcmMessage(target.token, payload) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      return { kind: 'retry', reason: networkCode(err) };
    }
    if (res.ok) {
      await res.body?.cancel();
      return { kind: 'sent' };
    }
    const info = readFcmError(await res.json().catch(() => null));
    // Our access token was refused (revoked, or expired early): once more with a new one. A
    // THIRD_PARTY_AUTH_ERROR (the project's APNs or Web Push credential) is not ours to fix here.
    if (res.status === 401 && info.errorCode !== 'THIRD_PARTY_AUTH_ERROR') {
      tokens.forget(access.token);
      return 'token-refused';
    }
    return outcomeOfFcmError(res.status, info, retryAfterMs(res.headers.get('retry-after'), now()));
  }

  return {
    name: 'fcm',
    async send(target, payload) {
      const first = await sendOnce(target, payload);
      if (first !== 'token-refused') return first;
      const second = await sendOnce(target, payload);
      return second === 'token-refused' ? { kind: 'failed', reason: '401 UNAUTHENTICATED' } : second;
    },
  };
}
