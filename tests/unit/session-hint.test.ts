import { describe, expect, it } from 'vitest';
import { isGuestRoute } from '../../src/domain/access';
import { knownSignedOut, mustWaitForSession, noteNoSession, noteSessionMayExist, SESSION_HINT_KEY } from '../../src/lib/auth/session-hint';

function memoryStorage(initial?: string) {
  const items = new Map<string, string>(initial === undefined ? [] : [[SESSION_HINT_KEY, initial]]);
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
}

const broken = {
  getItem: (): string | null => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('full', 'QuotaExceededError');
  },
};

describe('the "a session may exist" hint', () => {
  it('says signed out when this device wrote so or never wrote it, and never when storage is missing or refuses', () => {
    expect(knownSignedOut(memoryStorage())).toBe(true); // first start, or updated from a version without it
    expect(knownSignedOut(memoryStorage('1'))).toBe(false);
    expect(knownSignedOut(memoryStorage('0'))).toBe(true);
    expect(knownSignedOut(memoryStorage('yes'))).toBe(false);
    expect(knownSignedOut(null)).toBe(false); // no storage at all
    expect(knownSignedOut(broken)).toBe(false);
  });

  it('is set before a sign-in stores its token and cleared when the session ends', () => {
    const store = memoryStorage('0');
    noteSessionMayExist(store);
    expect(knownSignedOut(store)).toBe(false);
    noteNoSession(store);
    expect(knownSignedOut(store)).toBe(true);
  });

  it('holds a flag, no token and nothing about the user', () => {
    const store = memoryStorage();
    noteSessionMayExist(store);
    expect([...store.items]).toEqual([[SESSION_HINT_KEY, '1']]);
  });

  it('never throws when the storage refuses', () => {
    expect(() => noteSessionMayExist(broken)).not.toThrow();
    expect(() => noteNoSession(broken)).not.toThrow();
  });
});

describe('when a guard may decide before the stored session is read', () => {
  it('only a guest page on a device known to be signed out goes on at once', () => {
    expect(mustWaitForSession(true, true)).toBe(false);
    expect(mustWaitForSession(true, false)).toBe(true);
    expect(mustWaitForSession(false, true)).toBe(true);
    expect(mustWaitForSession(false, false)).toBe(true);
  });

  it('the guest pages are the sign-in and forgotten-password pages, no signed-in or public page', () => {
    expect(isGuestRoute('/login')).toBe(true);
    expect(isGuestRoute('/password/forgot')).toBe(true);
    expect(isGuestRoute('/password/reset/$token')).toBe(false);
    expect(isGuestRoute('/authenticate')).toBe(false);
    expect(isGuestRoute('/{-$tab}')).toBe(false);
    expect(isGuestRoute('/maintenance')).toBe(false);
  });
});
