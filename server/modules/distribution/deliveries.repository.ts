/** Reading and writing deliveries (server/db/schema.ts `deliveries`), and the delivery events of the audit trail. */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Delivery, DeliveryStatus } from '../../../src/domain/contract';
import type { DeliveryChannel } from '../../../src/domain/delivery-channel';
import type { RecipientType } from '../../../src/domain/recipients';
import type { Db } from '../../db/client';
import { deliveries, dictationLogs, users } from '../../db/schema';
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
  await db.insert(dictationLogs).values({
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
