import { db } from '../db/db';
import { keyStore, TOKEN_KEY } from '../db/keys';
import { forgetDataKey } from '../crypto/secure-store';
import { setAccessToken } from '../api/client';
import { showAppBadge } from '../app-badge';

/**
 * Removes what this user left in the browser.
 * - `all` (logout, after the user was told about unsent recordings): the Dexie database, the token
 *   and data key, and caches of user data. The precached app shell stays: it holds no user data.
 * - `keep-unsent` (the session ended by itself, a 401): everything except recordings that have not
 *   reached the server, letters typed here that the server has not confirmed, their outbox rows and the
 *   key that decrypts them, so signing in again sends them (DESIGN §3: a 401 pauses the outbox, never drops it).
 * Either way the installed app's badge is cleared: the unread count was this user's.
 */
export async function wipeLocalData(mode: 'all' | 'keep-unsent' = 'all'): Promise<void> {
  setAccessToken(null);
  showAppBadge(0);
  const unsentLetters = await db.letterDrafts
    .filter((d) => d.dirty)
    .count()
    .catch(() => 0);
  const unsent =
    mode === 'keep-unsent' && (await db.outbox.count().catch(() => 0)) + (await db.recordings.count().catch(() => 0)) + unsentLetters > 0;
  if (unsent) {
    await keyStore.del(TOKEN_KEY).catch(() => {});
    const review = [db.reviewDictations, db.reviewLetters, db.reviewAudio];
    await db.transaction('rw', [db.secure, db.tabs, db.recordings, db.chunks, db.outbox, db.sent, db.letterDrafts, ...review], async () => {
      await db.secure.clear();
      for (const table of review) await table.clear();
      await db.tabs.clear();
      await db.sent.clear();
      await db.letterDrafts.filter((d) => !d.dirty).delete();
      const keep = new Set((await db.outbox.toArray()).flatMap((i) => (i.kind === 'dictation' ? [i.recordingId] : [])));
      const drop = (await db.recordings.toArray()).filter((r) => !keep.has(r.id) && r.state !== 'interrupted' && r.state !== 'stopped');
      for (const r of drop) {
        await db.chunks.where('recordingId').equals(r.id).delete();
        await db.recordings.delete(r.id);
      }
    });
  } else {
    forgetDataKey();
    await keyStore.clear().catch(() => {});
    db.close();
    await db.delete().catch(() => {});
    await db.open().catch(() => {});
  }
  if ('caches' in globalThis) {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith('wardnote-user')).map((n) => caches.delete(n)));
  }
}
