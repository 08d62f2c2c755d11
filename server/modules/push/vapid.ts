import webpush from 'web-push';
import type { Db } from '../../db/client';
import { keepFirstSetting } from '../../db/settings-store';

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
  const stored = await keepFirstSetting(db, KEY, () => webpush.generateVAPIDKeys());
  if (!isVapid(stored)) throw new Error('VAPID keys could not be stored');
  return stored;
}
