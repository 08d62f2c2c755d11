/**
 * The MESH Authorization header, as the MESH API specification defines it
 * (NHSDigital/mesh-api-specification, specification/mesh-api.yaml, "MESH Authorization header"):
 *
 *   NHSMESH <mailbox_id>:<nonce>:<nonce_count>:<timestamp>:<hash>
 *   hash = hex(HMAC-SHA256(key = environment shared secret,
 *                          message = "<mailbox_id>:<nonce>:<nonce_count>:<mailbox_password>:<timestamp>"))
 *   timestamp = UTC yyyyMMddHHmm; MESH rejects a timestamp more than 2 hours from its clock.
 *
 * Each token is valid for one request only (a repeated token gets 403), so every request takes a fresh
 * nonce (a UUID) — the reference client (NHSDigital/mesh-client AuthTokenGenerator) keeps one nonce and
 * counts up instead; both are allowed by the specification.
 */
import { createHmac, randomUUID } from 'node:crypto';

export const MESH_AUTH_SCHEME = 'NHSMESH';

export interface MeshCredentials {
  mailboxId: string;
  password: string;
  sharedKey: string;
}

/** UTC yyyyMMddHHmm. */
export function meshTimestamp(now: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}${p(now.getUTCHours())}${p(now.getUTCMinutes())}`;
}

export function meshHash(
  sharedKey: string,
  mailboxId: string,
  nonce: string,
  nonceCount: number | string,
  password: string,
  timestamp: string,
): string {
  return createHmac('sha256', Buffer.from(sharedKey, 'utf8'))
    .update(`${mailboxId}:${nonce}:${nonceCount}:${password}:${timestamp}`, 'utf8')
    .digest('hex');
}

export function meshAuthorization(creds: MeshCredentials, opts: { nonce?: string; nonceCount?: number; now?: Date } = {}): string {
  const mailboxId = creds.mailboxId.toUpperCase();
  const nonce = opts.nonce ?? randomUUID();
  const nonceCount = opts.nonceCount ?? 0;
  const timestamp = meshTimestamp(opts.now ?? new Date());
  const hash = meshHash(creds.sharedKey, mailboxId, nonce, nonceCount, creds.password, timestamp);
  return `${MESH_AUTH_SCHEME} ${mailboxId}:${nonce}:${nonceCount}:${timestamp}:${hash}`;
}
