import { db } from '../db/db';
import { keyStore } from '../db/keys';
import { forgetDataKey } from '../crypto/secure-store';
import { setAccessToken } from '../api/client';

/**
 * Removes everything this user left in the browser: the Dexie database (profile, searches and, later,
 * recordings and caches), the token and data key, and caches of user data. The app shell's precache
 * stays: it holds no patient data.
 */
export async function wipeLocalData(): Promise<void> {
  setAccessToken(null);
  forgetDataKey();
  await keyStore.clear().catch(() => {});
  db.close();
  await db.delete().catch(() => {});
  if ('caches' in globalThis) {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('wardnote-user')).map((n) => caches.delete(n)));
  }
}
