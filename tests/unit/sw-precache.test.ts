import { describe, expect, it } from 'vitest';
import { isOldShellCache, precacheKey, precacheUrls, shellCacheName, type PrecacheEntry } from '../../src/sw/precache';

/** The worker's own precache (src/sw/precache.ts), in place of Workbox's (issue 8). */
const ORIGIN = 'https://wardnote.test';
const manifest: PrecacheEntry[] = [
  { url: 'index.html', revision: '5d2ac2f82211769e3ea55e2fcc7b4e48' },
  { url: 'assets/index-B3KjI3B6.js', revision: null },
  { url: 'assets/index-Cx1.css', revision: null },
];
const keys = new Set(precacheUrls(manifest, `${ORIGIN}/sw.js`));
const key = (address: string) => precacheKey(new URL(address), keys, ORIGIN);

describe('the shell cache name', () => {
  it('is the same for the same manifest and starts with the shell prefix', () => {
    const name = shellCacheName(manifest);
    expect(name).toMatch(/^wardnote-shell-[0-9a-z]+$/);
    expect(shellCacheName(manifest.map((e) => ({ ...e })))).toBe(name);
  });

  it('changes when a file or a revision changes', () => {
    const name = shellCacheName(manifest);
    expect(shellCacheName([{ ...manifest[0]!, revision: 'other' }, ...manifest.slice(1)])).not.toBe(name);
    expect(shellCacheName([...manifest.slice(0, 2), { url: 'assets/index-Dy2.css', revision: null }])).not.toBe(name);
    expect(shellCacheName(manifest.slice(1))).not.toBe(name);
    expect(shellCacheName([])).not.toBe(name);
  });

  it("earlier builds' shells and Workbox's precache are old; this build's and the runtime caches are not", () => {
    const name = shellCacheName(manifest);
    expect(isOldShellCache('wardnote-shell-abc', name)).toBe(true);
    expect(isOldShellCache(`workbox-precache-v2-${ORIGIN}/`, name)).toBe(true);
    expect(isOldShellCache(name, name)).toBe(false);
    for (const other of ['wardnote-chunks', 'wardnote-static', 'wardnote-user-1']) expect(isOldShellCache(other, name)).toBe(false);
  });
});

describe('which requests the shell answers', () => {
  it('precached files by path, against the worker address', () => {
    expect([...keys]).toEqual([`${ORIGIN}/index.html`, `${ORIGIN}/assets/index-B3KjI3B6.js`, `${ORIGIN}/assets/index-Cx1.css`]);
    expect(key(`${ORIGIN}/assets/index-B3KjI3B6.js`)).toBe(`${ORIGIN}/assets/index-B3KjI3B6.js`);
    expect(key(`${ORIGIN}/index.html`)).toBe(`${ORIGIN}/index.html`);
  });

  it('/ is index.html; search parameters (the manifest has none) are ignored', () => {
    expect(key(`${ORIGIN}/`)).toBe(`${ORIGIN}/index.html`);
    expect(key(`${ORIGIN}/?utm_source=mail`)).toBe(`${ORIGIN}/index.html`);
    expect(key(`${ORIGIN}/assets/index-B3KjI3B6.js?v=1`)).toBe(`${ORIGIN}/assets/index-B3KjI3B6.js`);
  });

  it('nothing else: other files, the API, other origins', () => {
    for (const address of [
      `${ORIGIN}/assets/pdf-pages-Zz9.js`,
      `${ORIGIN}/login`,
      `${ORIGIN}/api/`,
      `${ORIGIN}/api/events`,
      `${ORIGIN}/files/1/audio`,
      `${ORIGIN}/sw.js`,
      `${ORIGIN}/icons/icon-192.png`,
      'https://other.test/index.html',
      'https://other.test/',
    ])
      expect(key(address), address).toBeUndefined();
  });
});
