import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client';
import { keepFirstSetting } from '../db/settings-store';

const KEY = 'url_signing_key';

/** The deployment's URL-signing secret: made on first start and kept in the database (shared by all processes). */
export async function loadSigningKey(db: Db): Promise<Buffer> {
  const stored = await keepFirstSetting(db, KEY, () => randomBytes(32).toString('base64'));
  return Buffer.from(stored as string, 'base64');
}

/** Who a signed link was made for: the user and the session that asked for it. */
export interface LinkHolder {
  userId: number;
  sessionId: number;
}

/**
 * Short-lived links for <audio> elements, which cannot send a bearer token. The link names the user
 * and the session it was made for; when it is used the server checks that the session is still live
 * (so signing out ends it) and again that the user may hear the dictation.
 */
export function createUrlSigner(key: Buffer, ttlMs = 60 * 60_000) {
  const mac = (path: string, h: LinkHolder, exp: number) =>
    createHmac('sha256', key).update(`${path}|${h.userId}|${h.sessionId}|${exp}`).digest('base64url');
  /** As `verify`, telling a forged link from one that was genuine but has expired. */
  const inspect = (path: string, query: SignedQuery): { holder: LinkHolder } | { problem: 'forged' | 'expired' } => {
    const holder = { userId: Number(query.u), sessionId: Number(query.s) };
    const exp = Number(query.exp);
    if (!Number.isSafeInteger(holder.userId) || !Number.isSafeInteger(holder.sessionId) || !Number.isFinite(exp) || !query.sig)
      return { problem: 'forged' };
    const expected = Buffer.from(mac(path, holder, exp));
    const given = Buffer.from(query.sig);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { problem: 'forged' };
    return exp < Date.now() ? { problem: 'expired' } : { holder };
  };
  return {
    inspect,
    /** How long a link lives, in milliseconds. */
    ttlMs,
    sign(path: string, holder: LinkHolder): string {
      const exp = Date.now() + ttlMs;
      return `${path}?u=${holder.userId}&s=${holder.sessionId}&exp=${exp}&sig=${mac(path, holder, exp)}`;
    },
    /** Who the link was made for, or null when it is forged or expired (the session is the caller's to check). */
    verify(path: string, query: SignedQuery): LinkHolder | null {
      const checked = inspect(path, query);
      return 'holder' in checked ? checked.holder : null;
    },
  };
}

type SignedQuery = { u?: string; s?: string; exp?: string; sig?: string };

export type UrlSigner = ReturnType<typeof createUrlSigner>;
