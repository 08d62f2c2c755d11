import { db } from '../db/db';
import { drainOutbox } from './drain';
import { apiTransport } from './api-transport';
import { SYNC_TAG } from './sync-tag';

let timer: ReturnType<typeof setTimeout> | null = null;

async function scheduleNext() {
  if (timer) clearTimeout(timer);
  const pending = await db.outbox.where('state').equals('pending').toArray();
  if (!pending.length) return;
  const wait = Math.max(1_000, Math.min(...pending.map((i) => i.nextAttemptAt)) - Date.now());
  timer = setTimeout(() => void drainNow(), Math.min(wait, 5 * 60_000));
}

/** Drains from the page (browsers without Background Sync still send), then plans the next try. */
export async function drainNow(): Promise<void> {
  if (!navigator.onLine) return;
  await drainOutbox(apiTransport).catch((err: unknown) => console.warn('outbox drain failed', err));
  await scheduleNext();
}

/** Asks the worker to send when it can (Background Sync), and sends from the page now too, without waiting for the worker's answer. */
export async function requestSync(): Promise<void> {
  const register = async () => {
    const reg = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(SYNC_TAG).catch(() => {});
  };
  await Promise.all([register(), drainNow()]);
}

/** DESIGN §3 point 3: app start, back online, back in view. */
export function startOutboxTriggers(): void {
  void drainNow();
  window.addEventListener('online', () => void drainNow());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void drainNow();
  });
}
