import type { AnyRouter } from '@tanstack/react-router';
import { knownSignedOut } from '../lib/auth/session-hint';

/** Runs `task` when the browser is idle (the form is usable by then), or after `timeoutMs` at the latest. */
export function whenIdle(task: () => void, timeoutMs = 2_000): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 200);
}

/**
 * Whether this device keeps anything of Wardnote's in IndexedDB (queued recordings, drafts, a session).
 * A first visit has no database at all: nothing there to mark or send. True when the browser cannot say.
 */
export async function deviceHasStoredData(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    const names = (await indexedDB.databases()).map((d) => d.name);
    return names.includes('wardnote');
  } catch {
    return true;
  }
}

/**
 * Starts the outbox, the interrupted-recordings check and what they load (Dexie, tus) in idle time after
 * the first page, and on a device that has nothing stored not before someone signs in (issue 23: the
 * sign-in page of a first visit on a weak ward signal fetched 57 KB it had no use for).
 */
export function startWorkWhenNeeded(router: AnyRouter, start: () => void): void {
  whenIdle(() => {
    void deviceHasStoredData().then((stored) => {
      if (stored || !knownSignedOut()) return start();
      const unsubscribe = router.subscribe('onResolved', () => {
        if (knownSignedOut()) return;
        unsubscribe();
        start();
      });
    });
  });
}

/** What main.tsx starts once the first page is on screen: the worker, then the outbox when it is needed. */
export function startAfterFirstRender(router: AnyRouter): void {
  whenIdle(() => void import('./service-worker').then((m) => m.registerServiceWorker()));
  startWorkWhenNeeded(router, () => void import('./background').then((m) => m.startBackgroundWork()));
}
