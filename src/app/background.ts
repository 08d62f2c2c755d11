import { markInterruptedRecordings } from '../lib/recordings/recording-store';
import { startOutboxTriggers } from '../lib/sync/triggers';
import { registerServiceWorker } from './service-worker';

let started: Promise<void> | null = null;

/**
 * Once per app start, off the first-load path (main.tsx imports this after the first route rendered):
 * recordings cut off by a crash or a closed tab are marked interrupted and offered, queued work is sent
 * (the start-up drain, DESIGN §3 point 3), and the service worker registers. The record route awaits it
 * too, so no new recording starts before the old ones are marked.
 */
export function startBackgroundWork(): Promise<void> {
  started ??= (async () => {
    registerServiceWorker();
    await markInterruptedRecordings().catch((err: unknown) => console.warn('could not check for interrupted recordings', err));
    startOutboxTriggers();
  })();
  return started;
}
