/** Reading and writing deliveries (server/db/schema.ts `deliveries`), and the delivery events of the audit trail. */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Delivery, DeliveryStatus } from '../../../src/domain/contract';
import type { DeliveryChannel } from '../../../src/domain/delivery-channel';
import type { RecipientType } from '../../../src/domain/recipients';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { deliveries, users } from '../../db/schema';
import { addDictationLog } from '../dictations/dictations.repository';
import { audit } from '../../lib/audit';

export type DeliveryRow = typeof deliveries.$inferSelect;

/** Not replaced by a resend: the row that counts for the dictation now. */
export const isCurrent = sql`NOT EXISTS (SELECT 1 FROM deliveries n WHERE n.resend_of = ${deliveries.id})`;

export async function findDelivery(db: Db, id: number): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.id, id));
  return row;
}

export async function currentDeliveries(db: Db, dictationId: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.dictationId, dictationId), isCurrent))
    .orderBy(asc(deliveries.id));
}

export async function isSuperseded(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: deliveries.id }).from(deliveries).where(eq(deliveries.resendOf, id)).limit(1);
  return !!row;
}

/** Who a recipient is in the audit trail: their role, never their name (the patient's is patient data). */
export function recipientRole(type: string): string {
  const words: Record<RecipientType, string> = {
    patient: 'the patient',
    gp: 'the GP practice',
    clinician: 'the referring clinician',
    nok: 'the next of kin',
    orp: 'another relevant person',
  };
  return words[type as RecipientType] ?? 'a recipient';
}

const CHANNEL_WORDS: Record<DeliveryChannel, string> = { email: 'by e-mail', gp_electronic: 'over MESH', print: 'by post' };

/**
 * One delivery event in the dictation's audit trail (dictation_logs, type `delivery`) and the audit log
 * (`delivery.<event>`, ids and codes only): "Letter to the GP practice by post: waiting to be printed".
 */
export async function logDelivery(
  db: Db,
  row: Pick<DeliveryRow, 'id' | 'trustId' | 'dictationId' | 'channel' | 'recipient'>,
  event: string,
  what: string,
  userId: number | null,
  ip?: string,
): Promise<void> {
  const channel = CHANNEL_WORDS[row.channel as DeliveryChannel] ?? row.channel;
  await addDictationLog(db, {
    dictationId: row.dictationId,
    userId,
    type: 'delivery',
    description: `Letter to ${recipientRole(row.recipient.type ?? '')} ${channel}: ${what}`,
  });
  await audit(db, {
    trustId: row.trustId,
    userId,
    action: `delivery.${event}`,
    entityType: 'dictation',
    entityId: row.dictationId,
    details: { delivery_id: row.id, channel: row.channel, recipient_type: row.recipient.type ?? null },
    ip,
  });
}

/** The delivery log's rows of these deliveries, with who posted them and whether a resend replaced them. */
export async function deliveryDtos(db: Db, rows: DeliveryRow[]): Promise<Delivery[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const replaced = new Set(
    (await db.select({ of: deliveries.resendOf }).from(deliveries).where(inArray(deliveries.resendOf, ids))).map((r) => r.of),
  );
  const posterIds = [...new Set(rows.map((r) => r.postedBy).filter((x): x is number => x !== null))];
  const posters = new Map(
    posterIds.length
      ? (
          await db.select({ id: users.id, first: users.firstName, last: users.lastName }).from(users).where(inArray(users.id, posterIds))
        ).map((u) => [u.id, `${u.first} ${u.last}`.trim()])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    dictation_id: r.dictationId,
    role: r.role === 'cc' ? 'cc' : 'to',
    recipient: { type: r.recipient.type as RecipientType, name: r.contact.name },
    channel: r.channel as DeliveryChannel,
    status: r.status as DeliveryStatus,
    attempts: r.attempts,
    result: r.result,
    message_id: r.messageId,
    reason: r.reason,
    resend_of: r.resendOf,
    superseded: replaced.has(r.id),
    posted_by: r.postedBy ? { id: r.postedBy, full_name: posters.get(r.postedBy) ?? '' } : null,
    posted_at: r.postedAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    sent_at: r.sentAt?.toISOString() ?? null,
    checked_at: r.checkedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

export type NewDelivery = typeof deliveries.$inferInsert;
/** A change to a delivery: values, or SQL computed from the row (a counter). */
export type DeliveryChange = PgUpdateSetSource<typeof deliveries>;

export async function insertDelivery(tx: Db, values: NewDelivery): Promise<DeliveryRow> {
  const [row] = await tx.insert(deliveries).values(values).returning();
  return row!;
}

export async function updateDelivery(db: Db, id: number, values: DeliveryChange): Promise<void> {
  await db.update(deliveries).set(values).where(eq(deliveries.id, id));
}

/** One more try begins: counted before it runs, so a crash mid-send still counts. */
export async function countAttempt(db: Db, id: number): Promise<void> {
  await db
    .update(deliveries)
    .set({ attempts: sql`${deliveries.attempts} + 1`, updatedAt: new Date() })
    .where(eq(deliveries.id, id));
}

/** Every delivery of a dictation, resends and what they replaced included, oldest first. */
export function listDeliveries(db: Db, dictationId: number): Promise<DeliveryRow[]> {
  return db.select().from(deliveries).where(eq(deliveries.dictationId, dictationId)).orderBy(deliveries.id);
}

/** The trust's current deliveries in a status (optionally only these ids), oldest first. */
export function currentInStatus(db: Db, trustId: number, status: DeliveryStatus, ids?: number[]): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.trustId, trustId), eq(deliveries.status, status), isCurrent, ids ? inArray(deliveries.id, ids) : undefined))
    .orderBy(asc(deliveries.id));
}

/** The trust's deliveries among these ids, whatever their status. */
export function trustDeliveries(db: Db, trustId: number, ids: number[]) {
  return db
    .select({ id: deliveries.id, dictationId: deliveries.dictationId })
    .from(deliveries)
    .where(and(eq(deliveries.trustId, trustId), inArray(deliveries.id, ids)));
}

/** Posted by this user now, if it is still waiting to be printed; answers whether it was. */
export async function markDeliveryPosted(tx: Db, id: number, userId: number, at: Date): Promise<boolean> {
  const done = await tx
    .update(deliveries)
    .set({ status: 'posted', postedBy: userId, postedAt: at, updatedAt: at })
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'printing')))
    .returning({ id: deliveries.id });
  return done.length > 0;
}

/** GP copies waiting for the practice's acknowledgement whose next check is due, soonest first. */
export function dueForTracking(db: Db, now: Date, limit: number): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.status, 'sent'), lte(deliveries.nextCheckAt, now)))
    .orderBy(asc(deliveries.nextCheckAt))
    .limit(limit);
}

/** One more check of a sent GP copy, counted, with whatever else changes. */
export const checkedAt = (now: Date) => ({ checkedAt: now, checks: sql`${deliveries.checks} + 1`, updatedAt: now });

/** Changes a delivery only while it is still 'sent' (a report or another run may have settled it); answers whether it did. */
export async function updateIfStillSent(db: Db, id: number, values: DeliveryChange): Promise<boolean> {
  const done = await db
    .update(deliveries)
    .set(values)
    .where(and(eq(deliveries.id, id), eq(deliveries.status, 'sent')))
    .returning({ id: deliveries.id });
  return done.length > 0;
}

/** The electronic GP copies MESH knows by this message id. */
export function gpCopiesByMessageId(db: Db, messageId: string): Promise<DeliveryRow[]> {
  return db
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.messageId, messageId), eq(deliveries.channel, 'gp_electronic')));
}
