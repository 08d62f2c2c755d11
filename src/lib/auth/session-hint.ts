/**
 * A synchronous answer to "may a session be stored on this device?", read before IndexedDB is open, so
 * a cold start on a sign-in page need not wait for the stored token (issue 8: opening IndexedDB cost
 * 50–120 ms before the form). It holds no secret and nothing about a patient: `1` from just before a
 * token is stored, `0` once it is known there is none (a start that found none, the end of a session).
 *
 * It never grants access: it only lets a guest page render before the token is read, when it says `0`
 * or is missing (a first start on this device, or an update from a version that did not write it: a
 * stored session found then moves the user on, as a stale `0` does). `1`, an unreadable storage or any
 * other page: the guard waits for the stored session.
 */
export const SESSION_HINT_KEY = 'wardnote.session-hint';

type HintStorage = Pick<Storage, 'getItem' | 'setItem'>;

function localStore(): HintStorage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled: the property itself throws
  }
}

/** True when this device last knew it had no session, or never wrote the hint (most often: never signed in here). */
export function knownSignedOut(store: HintStorage | null = localStore()): boolean {
  if (!store) return false;
  try {
    const hint = store.getItem(SESSION_HINT_KEY);
    return hint === '0' || hint === null;
  } catch {
    return false;
  }
}

function write(store: HintStorage | null, value: '0' | '1'): void {
  try {
    store?.setItem(SESSION_HINT_KEY, value);
  } catch {
    // Full or disabled storage: the hint stays as it was, and a missing one only means waiting.
  }
}

/** Before a token is stored: from then on a start waits for it. */
export const noteSessionMayExist = (store: HintStorage | null = localStore()) => write(store, '1');

/** Once the stored token is known to be gone (a start that found none, a wipe). */
export const noteNoSession = (store: HintStorage | null = localStore()) => write(store, '0');

/**
 * Whether a route's guard must wait for the stored session before deciding. Only a guest page (the
 * sign-in pages: allowed to anyone without a session) on a device known to be signed out goes on at once.
 */
export function mustWaitForSession(guestRoute: boolean, signedOut: boolean): boolean {
  return !(guestRoute && signedOut);
}
