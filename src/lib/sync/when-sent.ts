import { liveQuery, type Subscription } from 'dexie';
import { db } from '../db/db';

/**
 * What became of a queued outbox row: `sent` (the server took it and the row is gone), `offline` (no
 * connection: it waits on this device) or `kept` (tried and waiting for another try, or refused: the
 * outbox list says why), so the page says what happened instead of "as soon as there is a connection"
 * while online (issue 23).
 */
export type QueuedFate = 'sent' | 'offline' | 'kept';

export function whenSent(id: string, timeoutMs = 120_000): Promise<QueuedFate> {
  if (!navigator.onLine) return Promise.resolve('offline');
  return new Promise((resolve) => {
    let settled = false;
    const finish = (fate: QueuedFate) => {
      if (settled) return;
      settled = true;
      // Deferred: the first answer may come while the subscription is still being made.
      queueMicrotask(() => sub.unsubscribe());
      clearTimeout(timer);
      globalThis.removeEventListener('offline', offline);
      resolve(fate);
    };
    const offline = () => finish('offline');
    const timer = setTimeout(() => finish('kept'), timeoutMs);
    globalThis.addEventListener('offline', offline);
    const sub: Subscription = liveQuery(() => db.outbox.get(id)).subscribe({
      next: (row) => {
        if (!row) finish('sent');
        else if (row.state !== 'pending' || row.attempts > 0) finish(navigator.onLine ? 'kept' : 'offline');
      },
      error: () => finish('kept'),
    });
  });
}
