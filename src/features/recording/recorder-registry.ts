import { Recorder } from './recorder';

/**
 * Live recorders by tab: a recording goes on while the user looks at another tab or page, so the
 * recorder cannot belong to a page component.
 */
const recorders = new Map<number, Recorder>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  listeners.forEach((l) => l());
}

export const recorderRegistry = {
  get: (tab: number) => recorders.get(tab),
  create(tab: number, recordingId: string, edit?: Recorder['edit']): Recorder {
    const r = new Recorder(recordingId, changed);
    r.edit = edit;
    recorders.set(tab, r);
    changed();
    return r;
  },
  /** Stops the tab's recorder, or waits for a Stop already under way, and forgets it. */
  async release(tab: number) {
    const r = recorders.get(tab);
    if (r) await r.stop();
    recorders.delete(tab);
    changed();
  },
  /** Whether any recording is running (the app must not reload itself meanwhile). */
  anyActive: () => [...recorders.values()].some((r) => r.state === 'recording' || r.state === 'paused'),
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  version: () => version,
};
