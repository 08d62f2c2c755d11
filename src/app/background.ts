import { markInterruptedRecordings } from '../lib/recordings/recording-store';
import { startOutboxTriggers } from '../lib/sync/triggers';

let started: Promise<void> | null = null;

/**
 * Once per app start, off the first-load path (main.tsx imports this after the first route rendered):
 * recordings cut off by a crash or a closed tab are marked interrupted and offered, and queued work is sent
 * (the start-up drain, DESIGN §3 point 3). The service worker registers on its own (main.tsx). The record route awaits it
 * too, so no new recording starts before the old ones are marked.
 */
export function startBackgroundWork(): Promise<void> {
  started ??= (async () => {
    await markInterruptedRecordings().catch((err: unknown) => console.warn('could not check for interrupted recordings', err));
    startOutboxTriggers();
  })();
  return started;
}
