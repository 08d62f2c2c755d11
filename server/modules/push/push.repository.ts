import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, pushSubscriptions, sessions } from '../../db/schema';
import type { PushTarget } from './transport';

export interface DeviceRow {
  transport: 'webpush' | 'fcm';
  token: string;
  p256dh: string | null;
  auth: string | null;
  topics: string[];
}

/**
 * Saves a device for a user's session. A token is one device: if it was another user's (a shared tablet
 * signed in by someone else without a logout) it moves to this user with this user's topics only; if it
 * was registered by an earlier session it now belongs to this one.
 */
export async function upsertDevice(db: Db, userId: number, sessionId: number, d: DeviceRow) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, sessionId, transport: d.transport, token: d.token, p256dh: d.p256dh, auth: d.auth, topics: d.topics })
    .onConflictDoUpdate({
      target: pushSubscriptions.token,
      set: { userId, sessionId, transport: d.transport, p256dh: d.p256dh, auth: d.auth, topics: d.topics },
    });
}

/** A session ended on the server (logout, revocation): the devices it registered get no more pushes. */
export async function deleteSessionDevices(db: Db, sessionId: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionId, sessionId));
}

/** Devices of no session (registered before sessions were kept) or of one still live. */
const sessionLive = sql`NOT EXISTS (SELECT 1 FROM ${sessions} WHERE ${sessions.id} = ${pushSubscriptions.sessionId}
  AND (${sessions.revokedAt} IS NOT NULL OR ${sessions.expiresAt} <= now()))`;

/** The caller's devices among these tokens (another user's token is not theirs to change). */
export async function ownDevices(db: Db, userId: number, tokens: string[]) {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.token, tokens)));
}

export async function setTopics(db: Db, id: number, topics: string[]) {
  await db.update(pushSubscriptions).set({ topics }).where(eq(pushSubscriptions.id, id));
}

export async function deleteDevices(db: Db, userId: number, tokens: string[]) {
  await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.token, tokens)));
}

export async function deleteDeviceById(db: Db, id: number) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The user's devices that receive this topic (`null`: any topic, notifications turned on). */
export async function devicesForTopic(db: Db, userId: number, topic: string | null): Promise<PushTarget[]> {
  return db
    .select({
      id: pushSubscriptions.id,
      transport: pushSubscriptions.transport,
      token: pushSubscriptions.token,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.userId, userId),
        sessionLive,
        topic === null
          ? sql`jsonb_array_length(${pushSubscriptions.topics}) > 0`
          : sql`${pushSubscriptions.topics} @> ${JSON.stringify([topic])}::jsonb`,
      ),
    );
}

export async function deviceById(db: Db, id: number): Promise<PushTarget | undefined> {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id)).limit(1);
  return row;
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}
