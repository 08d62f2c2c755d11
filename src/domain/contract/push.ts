/**
 * Push notifications (spec §4 "Recording tabs and notifications", §7): the subscription a device sends,
 * the topics each role receives, and the payload a push carries (ids and plain words, never patient data).
 */
import { z } from 'zod';

/** The region code the spec puts at the end of every topic name. */
export const PUSH_REGION = 'UK';

export const PUSH_TOPIC_KINDS = ['AUTHOR_APPROVAL', 'BEING_TYPED', 'REQUEST_REFRESH'] as const;
export type PushTopicKind = (typeof PUSH_TOPIC_KINDS)[number];

/** AUTHOR_APPROVAL_<userId>_UK, BEING_TYPED_<userId>_UK, REQUEST_REFRESH_<userId>_UK. */
export const pushTopic = (kind: PushTopicKind, userId: number) => `${kind}_${userId}_${PUSH_REGION}`;

/** The topics a user may hold: only their own. */
export const ownPushTopics = (userId: number) => PUSH_TOPIC_KINDS.map((k) => pushTopic(k, userId));

/** Spec §4: Authors get author-approval and refresh-request; Secretary and Manager being-typed. */
export function pushTopicsForRoles(roles: readonly string[], userId: number): string[] {
  const topics = new Set<string>();
  if (roles.includes('Author')) {
    topics.add(pushTopic('AUTHOR_APPROVAL', userId));
    topics.add(pushTopic('REQUEST_REFRESH', userId));
  }
  if (roles.includes('Secretary') || roles.includes('Manager')) topics.add(pushTopic('BEING_TYPED', userId));
  return [...topics];
}

const base64url = z
  .string()
  .min(16)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+=*$/, 'Must be base64url.');

const token = z.string().trim().min(8).max(2048);

/** A browser's PushSubscription as `toJSON()` gives it. */
export const webPushSubscriptionSchema = z.object({
  endpoint: z.string().trim().url().max(2048),
  keys: z.object({ p256dh: base64url, auth: base64url.min(16).max(64) }),
});
export type WebPushSubscriptionJson = z.infer<typeof webPushSubscriptionSchema>;

/**
 * POST /api/notification/subscribe and /unsubscribe (spec §7): `registration_tokens` (Web Push
 * endpoints or FCM tokens) and `topics`; `subscription` carries the Web Push keys when subscribing.
 * Unsubscribe with no topics removes the devices; with topics it takes those topics off them.
 */
export const pushSubscribeBodySchema = z
  .object({
    registration_tokens: z.array(token).min(1).max(5),
    topics: z.array(z.string().trim().min(1).max(100)).max(PUSH_TOPIC_KINDS.length).default([]),
    subscription: webPushSubscriptionSchema.optional(),
  })
  .strict();
export type PushSubscribeBody = z.input<typeof pushSubscribeBodySchema>;

/** The topic-preference variant (spec §7 "chosen by action"): add or drop topics on the caller's devices. */
export const pushTopicPreferenceBodySchema = z
  .object({
    action: z.enum(['subscribe', 'unsubscribe']),
    registration_tokens: z.array(token).min(1).max(5),
    topics: z.array(z.string().trim().min(1).max(100)).min(1).max(PUSH_TOPIC_KINDS.length),
  })
  .strict();

export const pushAnswerSchema = z.object({ message: z.string(), topics: z.array(z.string()) });
export type PushAnswer = z.infer<typeof pushAnswerSchema>;

export const pushConfigSchema = z.object({
  /** How browsers subscribe: always Web Push (docs/decisions.md, "FCM adapter"). */
  transport: z.enum(['webpush', 'fcm']),
  /** The VAPID public key (base64url) for `pushManager.subscribe`; never the private one. */
  vapid_public_key: z.string(),
  /** A Firebase project is configured: FCM registration tokens (the native apps') are accepted too. */
  fcm: z.boolean().optional(),
});

/** An FCM registration token: base64url characters with a colon (never a URL, which is a Web Push endpoint). */
export const FCM_TOKEN_PATTERN = /^[A-Za-z0-9_-]+(:[A-Za-z0-9_-]+)*$/;
export type PushConfig = z.infer<typeof pushConfigSchema>;

/** What a push carries (spec §7 foreground message data): no patient data, the app fetches the rest. */
export interface PushPayload {
  title: string;
  body: string;
  dictationId: number | null;
  notifId: number | null;
  url: string;
  /** The unread count for the app badge, when the server knows it. */
  unread?: number;
}
