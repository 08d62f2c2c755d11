import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const KEY = 'vapid';

function isVapid(v: unknown): v is VapidKeys {
  const o = v as Partial<VapidKeys> | null;
  return !!o && typeof o.publicKey === 'string' && typeof o.privateKey === 'string';
}

/**
 * The server's VAPID key pair: made on first start and kept in `settings` so every process and every
 * restart signs with the same key (a new key would orphan every browser's subscription). Two
 * processes starting at once both insert-if-absent and then read the one that won.
 */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const read = async () => (await db.select().from(settings).where(eq(settings.key, KEY)).limit(1))[0]?.value;
  const existing = await read();
  if (isVapid(existing)) return existing;
  const fresh = webpush.generateVAPIDKeys();
  await db.insert(settings).values({ key: KEY, value: fresh }).onConflictDoNothing();
  const stored = await read();
  if (!isVapid(stored)) throw new Error('VAPID keys could not be stored');
  return stored;
}
