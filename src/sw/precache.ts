/// <reference lib="webworker" />
/**
 * The app shell's precache, in place of Workbox's runtime (issue 8: the worker's size). vite-plugin-pwa
 * (injectManifest) writes the build's file list where sw.ts says `self.__WB_MANIFEST`; each build fills
 * a cache of its own, named from that list, so a waiting worker never touches the running one's shell.
 */

/** An entry of the injected manifest: revision is null when the file name carries a content hash. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** Every shell cache starts so; Workbox's (before this module) started `workbox-precache`. */
const SHELL_PREFIX = 'wardnote-shell-';
const OLD_PREFIXES = [SHELL_PREFIX, 'workbox-precache'];

/** The shell cache of a build: a short hash (FNV-1a) of its urls and revisions. */
export function shellCacheName(entries: readonly PrecacheEntry[]): string {
  let h = 0x811c9dc5;
  for (const ch of entries.map((e) => `${e.url} ${e.revision ?? ''}`).join('\n')) {
    h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  }
  return SHELL_PREFIX + (h >>> 0).toString(36);
}

/**
 * The cache key a request is answered from, or undefined when the file is not precached: same origin,
 * the path alone (the manifest has no search parameters), a directory meaning its index.html.
 */
export function precacheKey(url: URL, keys: ReadonlySet<string>, origin: string): string | undefined {
  if (url.origin !== origin) return undefined;
  const path = url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname;
  const key = origin + path;
  return keys.has(key) ? key : undefined;
}

/** Absolute addresses of the entries (they are relative to the worker's scope). */
export const precacheUrls = (entries: readonly PrecacheEntry[], base: string) => entries.map((e) => new URL(e.url, base).href);

/** A shell cache of an earlier build, or Workbox's: deleted once this build's worker takes over. */
export const isOldShellCache = (name: string, current: string) => name !== current && OLD_PREFIXES.some((p) => name.startsWith(p));

/**
 * Install: every entry into this build's cache, or the install fails (no half-filled shell). A file whose
 * name carries a content hash is copied from an earlier shell when there; the rest bypass the HTTP cache.
 */
export async function installShell(entries: readonly PrecacheEntry[], base: string): Promise<void> {
  const name = shellCacheName(entries);
  const existed = await caches.has(name);
  const old = (await caches.keys()).filter((n) => isOldShellCache(n, name));
  const urls = precacheUrls(entries, base);
  try {
    const responses = await Promise.all(
      entries.map(async (e, i) => {
        const url = urls[i]!;
        if (e.revision === null) {
          for (const n of old) {
            const hit = await (await caches.open(n)).match(url);
            if (hit?.ok) return hit;
          }
        }
        const res = await fetch(url, { cache: 'reload', credentials: 'same-origin' });
        if (!res.ok) throw new Error(`precache: ${url} answered ${res.status}`);
        // A redirected answer cannot serve a navigation: keep a plain copy.
        return res.redirected ? new Response(await res.blob(), res) : res;
      }),
    );
    const cache = await caches.open(name);
    await Promise.all(responses.map((res, i) => cache.put(urls[i]!, res)));
  } catch (err) {
    if (!existed) await caches.delete(name);
    throw err;
  }
}

/** Activate: earlier builds' shells and Workbox's caches go. */
export async function deleteOldShells(entries: readonly PrecacheEntry[]): Promise<void> {
  const name = shellCacheName(entries);
  const names = await caches.keys();
  await Promise.all(names.filter((n) => isOldShellCache(n, name)).map((n) => caches.delete(n)));
}
