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

interface PushData {
  title?: string;
  body?: string;
  url?: string;
  notifId?: number | null;
  unread?: number;
}

const appPath = (url?: string) => (url?.startsWith('/') ? url : '/');
const logFailure = (err: unknown) => console.warn('push', (err as Error)?.name);

/**
 * A push always shows a notification, inside waitUntil (a silent push is a strike on iOS, PITFALLS 18);
 * the app badge shows the unread count where the browser has one (PITFALLS 36); open windows are told
 * so that the app shows its info toast (spec §7). Failures are only logged (spec §7).
 */
self.addEventListener('push', (event) => {
  let data: PushData = {};
  try {
    data = event.data?.json() ?? {};
  } catch {
    /* not JSON: the generic notification */
  }
  const title = data.title || 'Wardnote';
  const body = data.body ?? 'Open Wardnote to see what is new.';
  const url = appPath(data.url);
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void> };
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(title, { body, tag: data.notifId ? `n${data.notifId}` : undefined, data: { url } }),
      typeof data.unread === 'number' && nav.setAppBadge?.(data.unread),
      self.clients.matchAll({ type: 'window' }).then((list) => list.forEach((c) => c.postMessage({ type: 'PUSH', title, body, url }))),
    ]).catch(logFailure),
  );
});

/** Route an open window (the app's own router and guards) and focus it, else open one (PITFALLS 19). */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = appPath((event.notification.data as PushData | null)?.url);
  const open = self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((list) => {
    const win = list.find((c) => new URL(c.url).origin === self.location.origin);
    if (!win) return self.clients.openWindow(url);
    win.postMessage({ type: 'NAVIGATE', url });
    // Focus may be refused without a real click: the route is already sent.
    return win.focus().catch(() => win);
  });
  event.waitUntil(open.catch(logFailure));
});
