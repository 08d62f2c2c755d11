/**
 * The browser side of Web Push (spec §4, §7): subscribe after the user's click, re-sync at every app
 * start (PITFALLS 20), unsubscribe at logout. Loaded after sign-in, never with the entry bundle.
 */
import { pushTopicsForRoles } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { MESSAGES } from '../../domain/messages';
import { apiCall } from '../../lib/api/client';

export type PushOutcome = { kind: 'on' } | { kind: 'error'; message: string };

/** Web Push needs a service worker, PushManager and notifications; private windows lack some of them. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

export const permission = (): NotificationPermission | 'unsupported' => (pushSupported() ? Notification.permission : 'unsupported');

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function registration() {
  return navigator.serviceWorker.ready;
}

async function sendSubscription(sub: PushSubscription, roles: readonly string[], userId: number) {
  const json = sub.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  await apiCall(E.pushSubscribe, {
    quiet: true,
    json: {
      registration_tokens: [json.endpoint],
      topics: pushTopicsForRoles(roles, userId),
      subscription: { endpoint: json.endpoint, keys: json.keys },
    },
  });
}

async function subscribeDevice(roles: readonly string[], userId: number) {
  const reg = await registration();
  let sub = await reg.pushManager.getSubscription();
  if (!sub) {
    const cfg = await apiCall(E.pushConfig, { quiet: true });
    sub = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(cfg.vapid_public_key) });
  }
  await sendSubscription(sub, roles, userId);
}

/** From the user's click: ask permission (explained first by the prompt), subscribe, tell the server. */
export async function enablePush(roles: readonly string[], userId: number): Promise<PushOutcome> {
  if (!pushSupported()) return { kind: 'error', message: MESSAGES.pushFailedIncognito };
  const answer = await Notification.requestPermission();
  if (answer !== 'granted') return { kind: 'error', message: MESSAGES.notificationBlocked };
  try {
    await subscribeDevice(roles, userId);
    return { kind: 'on' };
  } catch (err) {
    console.warn('push subscribe failed', (err as Error)?.name);
    return { kind: 'error', message: MESSAGES.pushFailedIncognito };
  }
}

/** At every app start: a granted device's subscription (renewed by the browser or not) is sent again. */
export async function resyncPush(roles: readonly string[], userId: number): Promise<boolean> {
  if (permission() !== 'granted') return false;
  try {
    await subscribeDevice(roles, userId);
    return true;
  } catch (err) {
    console.warn('push re-sync failed', (err as Error)?.name);
    return false;
  }
}

/** Spec §4 step 5: logout takes this device off the server's topics and ends the browser subscription. */
export async function unsubscribePush(): Promise<void> {
  if (!pushSupported()) return;
  const reg = await navigator.serviceWorker.getRegistration();
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await apiCall(E.pushUnsubscribe, {
    quiet: true,
    json: { registration_tokens: [sub.endpoint], topics: [] },
  }).catch(() => {});
  await sub.unsubscribe().catch(() => false);
}
