/// <reference lib="webworker" />
import { drainOutbox } from '../lib/sync/drain';
import { apiTransport } from '../lib/sync/api-transport';
import { SYNC_TAG } from '../lib/sync/sync-tag';
import { deleteOldShells, installShell, precacheKey, precacheUrls, shellCacheName, type PrecacheEntry } from './precache';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: PrecacheEntry[] };

/** The app shell only: no API answer is ever cached here (lists hold patient data). vite-plugin-pwa fills this in. */
const manifest = self.__WB_MANIFEST;
const SHELL_CACHE = shellCacheName(manifest);
const precached = new Set(precacheUrls(manifest, self.location.href));
const INDEX = new URL('index.html', self.location.href).href;

/**
 * Not precached (vite.config.ts): chunks of rarely used pages are kept once fetched (their names carry
 * a content hash; a new version's worker starts this cache afresh), and the variant's icons and web
 * manifest are kept and refreshed in the background.
 */
const CHUNKS_CACHE = 'wardnote-chunks';
const STATIC_CACHE = 'wardnote-static';

self.addEventListener('install', (event) => event.waitUntil(installShell(manifest, self.location.href)));

/** This build's copy of a shell file; the network when it is missing. */
const fromShell = async (key: string, request: Request) => (await caches.match(key, { cacheName: SHELL_CACHE })) ?? fetch(request);

/** Only answers of 200 are kept (as Workbox did): never an error page or a partial answer. */
function fetchInto(cacheName: string, event: FetchEvent): Promise<Response> {
  return fetch(event.request).then((res) => {
    if (res.status === 200) {
      const copy = res.clone();
      event.waitUntil(caches.open(cacheName).then((c) => c.put(event.request, copy)));
    }
    return res;
  });
}

const cacheFirst = async (event: FetchEvent) =>
  (await caches.match(event.request, { cacheName: CHUNKS_CACHE })) ?? fetchInto(CHUNKS_CACHE, event);

async function staleWhileRevalidate(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, { cacheName: STATIC_CACHE });
  const fresh = fetchInto(STATIC_CACHE, event);
  if (!cached) return fresh;
  event.waitUntil(fresh.catch(() => undefined));
  return cached;
}

/**
 * Shell files from this build's cache; any page address opens the shell (/api is never answered from
 * it); the two runtime caches above. Everything else (/api, /files, uploads, the event stream, audio
 * ranges) goes to the network untouched.
 */
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const key = precacheKey(url, precached, self.location.origin);
  if (key) return event.respondWith(fromShell(key, request));
  if (request.mode === 'navigate' && !/^\/api(\/|$)/.test(url.pathname)) return event.respondWith(fromShell(INDEX, request));
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(event));
  if (/^\/(icons|manifest)\//.test(url.pathname)) event.respondWith(staleWhileRevalidate(event));
});

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
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .delete(CHUNKS_CACHE)
      .then(() => deleteOldShells(manifest))
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
  // A notification's click goes through the page's click rule and marks it read (spec §4): /notification/<id>.
  const url = data.notifId ? `/notification/${data.notifId}` : appPath(data.url);
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
