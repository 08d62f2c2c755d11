import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { LetterSession } from './letter-session';
import type { LetterView } from './letter-view';
import type { SaveState } from './save-state';

interface Entry {
  session: LetterSession;
  users: number;
  timer: ReturnType<typeof setTimeout> | null;
}

/** One session per open dictation, shared by the editor, the status line and the page. */
const sessions = new Map<number, Entry>();
/** A session nobody shows any more is flushed and closed after this long (a remount reuses it). */
const LINGER_MS = 2_000;

function release(dictationId: number, entry: Entry) {
  if (entry.timer) clearTimeout(entry.timer);
  entry.timer = setTimeout(() => {
    if (entry.users > 0 || sessions.get(dictationId) !== entry) return;
    sessions.delete(dictationId);
    void entry.session.dispose();
  }, LINGER_MS);
}

function entryFor(dictationId: number, label: string): Entry {
  let entry = sessions.get(dictationId);
  if (!entry) {
    entry = { session: new LetterSession(dictationId, label), users: 0, timer: null };
    sessions.set(dictationId, entry);
    entry.session.start();
    // Closed again if no component ends up using it.
    release(dictationId, entry);
  }
  return entry;
}

/** The shared session of a dictation's letter, kept open while a component uses it. */
export function useLetterSession(dictationId: number, label = `Letter for dictation ${dictationId}`): LetterSession {
  const entry = entryFor(dictationId, label);
  useEffect(() => {
    const e = entryFor(dictationId, label);
    e.users++;
    if (e.timer) clearTimeout(e.timer);
    e.timer = null;
    return () => {
      e.users--;
      if (e.users === 0) release(dictationId, e);
    };
  }, [dictationId, label]);
  return entry.session;
}

export interface UseLetter extends LetterView {
  session: LetterSession;
  /**
   * Writes what the editor holds to the device and queues its save now (await it before a hand-off);
   * answers what is wrong with the text, if anything (then nothing is queued: see LetterSession.flush).
   */
  flush: () => Promise<readonly string[]>;
  /** Ctrl/Cmd+S: write, queue a final save (the server keeps a version) and try to send it. */
  saveFinal: () => Promise<SaveState>;
}

/**
 * A dictation's letter for the page (issue 11): the server's letter, where the text stands
 * (`saveState`: 'saved on this device' | 'saving' | 'saved' | 'offline — will send when online' |
 * 'conflict' | 'not editable'), the version it is based on (hand-offs send it), flush and final save.
 */
export function useLetter(dictationId: number, opts: { label?: string } = {}): UseLetter {
  const session = useLetterSession(dictationId, opts.label);
  const view = useSyncExternalStore(session.subscribe, session.getView);
  return useMemo(() => ({ ...view, session, flush: () => session.flush(), saveFinal: () => session.saveFinal() }), [view, session]);
}

/**
 * flush and saveFinal without subscribing to the letter's state: for a page that only needs the
 * actions (Ctrl/Cmd+S, hand-offs) and should not render again each time the save state moves.
 */
export function useLetterActions(dictationId: number, opts: { label?: string } = {}) {
  const session = useLetterSession(dictationId, opts.label);
  return useMemo(() => ({ session, flush: () => session.flush(), saveFinal: () => session.saveFinal() }), [session]);
}
