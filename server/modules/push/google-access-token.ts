/**
 * OAuth 2.0 access tokens for a Google service account (RFC 7523 JWT bearer grant, as Google's
 * "Using OAuth 2.0 for Server to Server Applications" describes): an RS256-signed assertion
 * {iss: client_email, scope, aud: token endpoint, iat, exp ≤ iat + 1 h} is exchanged at the token
 * endpoint for a bearer token, which is kept until shortly before it expires. Neither the assertion nor
 * the token is ever logged.
 */
import { sign } from 'node:crypto';
import type { FcmConfig } from './fcm-config';
import { retryAfterMs } from './retry-after';

/** Refresh this long before the token's end, so a request never leaves with a token about to lapse. */
const EARLY_REFRESH_MS = 5 * 60_000;
const ASSERTION_LIFETIME_S = 3600;

export type TokenResult = { ok: true; token: string } | { ok: false; retry: boolean; reason: string; retryAfterMs?: number };

export interface AccessTokenSource {
  get(): Promise<TokenResult>;
  /** The API refused the token (401): the next `get` asks for a new one. */
  forget(token: string): void;
}

const b64url = (v: string | Buffer) => Buffer.from(v).toString('base64url');

export function signAssertion(cfg: FcmConfig, scope: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = { alg: 'RS256', typ: 'JWT', ...(cfg.privateKeyId ? { kid: cfg.privateKeyId } : {}) };
  const claims = { iss: cfg.clientEmail, scope, aud: cfg.tokenUrl, iat, exp: iat + ASSERTION_LIFETIME_S };
  const input = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(claims))}`;
  return `${input}.${sign('sha256', Buffer.from(input), cfg.privateKey).toString('base64url')}`;
}

export function createAccessTokenSource(
  cfg: FcmConfig,
  scope: string,
  opts: { now?: () => number; timeoutMs?: number } = {},
): AccessTokenSource {
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let cached: { token: string; refreshAt: number } | null = null;
  // Pushes fanned out at once share one token request.
  let pending: Promise<TokenResult> | null = null;

  async function fetchToken(): Promise<TokenResult> {
    const body = new URLSearchParams({
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion: signAssertion(cfg, scope, now()),
    });
    let res: Response;
    try {
      res = await fetch(cfg.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      const code = (err as { cause?: { code?: string }; name?: string }).cause?.code ?? (err as Error).name ?? 'error';
      return { ok: false, retry: true, reason: `token endpoint: ${code}` };
    }
    const json = (await res.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown; error?: unknown } | null;
    if (res.ok && typeof json?.access_token === 'string') {
      const lifetimeMs = (typeof json.expires_in === 'number' && json.expires_in > 0 ? json.expires_in : 3600) * 1000;
      cached = { token: json.access_token, refreshAt: now() + Math.max(lifetimeMs - EARLY_REFRESH_MS, lifetimeMs / 2) };
      return { ok: true, token: json.access_token };
    }
    // RFC 6749 §5.2: `error` is a code such as invalid_grant (key deleted or disabled): no use retrying.
    const code = typeof json?.error === 'string' ? json.error.slice(0, 40) : `status ${res.status}`;
    const retry = res.status === 429 || res.status >= 500;
    const after = retryAfterMs(res.headers.get('retry-after'), now());
    return { ok: false, retry, reason: `token endpoint: ${code}`, ...(after !== null ? { retryAfterMs: after } : {}) };
  }

  return {
    async get() {
      if (cached && now() < cached.refreshAt) return { ok: true, token: cached.token };
      pending ??= fetchToken().finally(() => {
        pending = null;
      });
      return pending;
    },
    forget(token) {
      if (cached?.token === token) cached = null;
    },
  };
}
