/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { drainOutbox } from '../lib/sync/drain';
import { apiTransport } from '../lib/sync/api-transport';
import { SYNC_TAG } from '../lib/sync/sync-tag';

declare const self: ServiceWorkerGlobalScope;

// The app shell only: no API answer is ever cached here (lists hold patient data).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page address opens the shell offline; /api is never answered from the shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('index.html'), { denylist: [/^\/api(\/|$)/] }));

/**
 * Not precached (vite.config.ts): chunks of rarely used pages are kept once fetched (their names carry
 * a content hash; a new version's worker starts this cache afresh), and the variant's icons and web
 * manifest are kept and refreshed in the background.
 */
const CHUNKS_CACHE = 'wardnote-chunks';
registerRoute(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'), new CacheFirst({ cacheName: CHUNKS_CACHE }));
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && /^\/(icons|manifest)\//.test(url.pathname),
  new StaleWhileRevalidate({ cacheName: 'wardnote-static' }),
);

/** Bounded work per event: the browser ends a worker event after a few minutes (PITFALLS 4). */
const drain = () => drainOutbox(apiTransport, { budgetMs: 3 * 60_000 }).catch((err: unknown) => console.warn('outbox drain failed', err));

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', (event) => {
  const e = event as SyncEvent;
  if (e.tag === SYNC_TAG) e.waitUntil(drain());
});

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: string } | null)?.type;
  // An update waits until the page says the user accepted it (registerType 'prompt').
  if (type === 'SKIP_WAITING') void self.skipWaiting();
  if (type === 'DRAIN_OUTBOX') event.waitUntil(drain());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .delete(CHUNKS_CACHE)
      .then(() => self.clients.claim())
      .then(drain),
  );
});
