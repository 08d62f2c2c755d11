import type { PushPayload } from '../../../src/domain/contract';

/** A day, as with Web Push: a device switched off overnight still hears of the letter in the morning. */
const TTL_SECONDS = 24 * 3600;

/**
 * The FCM v1 `Message` (projects.messages resource) for one registration token. `notification` lets
 * the phone's system show it while the app is closed; `data` (string values only, as FCM requires)
 * carries what spec §7's foreground handler reads: title, body, dictationId, notifId. Both come from the
 * push payload, which has plain words and ids only, never patient data.
 */
export function fcmMessage(token: string, payload: PushPayload) {
  const data: Record<string, string> = { title: payload.title, body: payload.body, url: payload.url };
  if (payload.dictationId !== null) data.dictationId = String(payload.dictationId);
  if (payload.notifId !== null) data.notifId = String(payload.notifId);
  if (payload.unread !== undefined) data.unread = String(payload.unread);
  const badge = payload.unread !== undefined ? { badge: payload.unread } : {};
  return {
    token,
    notification: { title: payload.title, body: payload.body },
    data,
    android: {
      priority: 'HIGH',
      ttl: `${TTL_SECONDS}s`,
      ...(payload.unread !== undefined ? { notification: { notification_count: payload.unread } } : {}),
    },
    webpush: { headers: { TTL: String(TTL_SECONDS), Urgency: 'high' } },
    apns: { headers: { 'apns-priority': '10' }, payload: { aps: { ...badge } } },
  };
}
export type FcmMessage = ReturnType<typeof fcmMessage>;
