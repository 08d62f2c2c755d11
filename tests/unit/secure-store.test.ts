import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/lib/db/db';
import { keyStore, TOKEN_KEY } from '../../src/lib/db/keys';
import { getSecure, putSecure } from '../../src/lib/crypto/secure-store';
import { wipeLocalData } from '../../src/lib/auth/wipe';

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

describe('encrypted store', () => {
  it('reads back what it stored', async () => {
    await putSecure('profile', { full_name: 'Daniel Reid', roles: ['Author'] });
    expect(await getSecure('profile')).toEqual({ full_name: 'Daniel Reid', roles: ['Author'] });
  });

  it('keeps no clear text in IndexedDB and uses a fresh IV per write', async () => {
    await putSecure('recent_searches', ['Smith MRN 123']);
    const first = await db.secure.get('recent_searches');
    await putSecure('recent_searches', ['Smith MRN 123']);
    const second = await db.secure.get('recent_searches');
    const bytes = new TextDecoder().decode(new Uint8Array(second!.data));
    expect(bytes).not.toContain('Smith');
    expect(Buffer.from(first!.iv).equals(Buffer.from(second!.iv))).toBe(false);
  });

  it('wiping removes the data, the key and the token', async () => {
    await putSecure('profile', { full_name: 'Daniel Reid' });
    await keyStore.set(TOKEN_KEY, 'secret-token');
    await wipeLocalData();
    await db.open();
    expect(await db.secure.count()).toBe(0);
    expect(await keyStore.get(TOKEN_KEY)).toBeUndefined();
    expect(await getSecure('profile')).toBeUndefined();
  });

  it("wiping clears the installed app's unread badge", async () => {
    const calls: string[] = [];
    vi.stubGlobal('navigator', { clearAppBadge: async () => void calls.push('clear') });
    try {
      await wipeLocalData('keep-unsent');
      expect(calls).toEqual(['clear']);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
