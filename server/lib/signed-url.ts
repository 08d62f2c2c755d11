import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { settings } from '../db/schema';

const KEY = 'url_signing_key';

/** The deployment's URL-signing secret: made on first start and kept in the database (shared by all processes). */
export async function loadSigningKey(db: Db): Promise<Buffer> {
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY));
  return Buffer.from(row!.value as string, 'base64');
}

/**
 * Short-lived links for <audio> elements, which cannot send a bearer token. The link names the user;
 * the server checks again that this user may hear the dictation when it is used.
 */
export function createUrlSigner(key: Buffer, ttlMs = 60 * 60_000) {
  const mac = (path: string, userId: number, exp: number) =>
    createHmac('sha256', key).update(`${path}|${userId}|${exp}`).digest('base64url');
  return {
    sign(path: string, userId: number): string {
      const exp = Date.now() + ttlMs;
      return `${path}?u=${userId}&exp=${exp}&sig=${mac(path, userId, exp)}`;
    },
    /** The user id the link was made for, or null when it is forged or expired. */
    verify(path: string, query: { u?: string; exp?: string; sig?: string }): number | null {
      const userId = Number(query.u);
      const exp = Number(query.exp);
      if (!Number.isInteger(userId) || !Number.isFinite(exp) || !query.sig || exp < Date.now()) return null;
      const expected = Buffer.from(mac(path, userId, exp));
      const given = Buffer.from(query.sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
    },
  };
}

export type UrlSigner = ReturnType<typeof createUrlSigner>;
