/**
 * The caller's own notifications: every query is bounded by user_id (and trust), so another user's are
 * never read or changed. Pages use the (user_id, created_at, id) index; the badge the unread index.
 */
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictations, notifications } from '../../db/schema';

export interface Owner {
  userId: number;
  trustId: number;
}

export interface ListFilter {
  sort: 'asc' | 'desc';
  page: number;
  perPage: number;
  clinician?: number;
  clinicCode?: string;
  urgent?: boolean;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

function where(owner: Owner, f: ListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(notifications.userId, owner.userId), eq(notifications.trustId, owner.trustId)];
  if (f.clinician !== undefined) conds.push(eq(dictations.authorId, f.clinician));
  if (f.urgent !== undefined) conds.push(f.urgent ? eq(dictations.urgent, 'HIGH') : sql`${dictations.urgent} <> 'HIGH'`);
  if (f.clinicCode) conds.push(sql`lower(${dictations.appointment}->>'clinic_code') LIKE ${`${escapeLike(f.clinicCode.toLowerCase())}%`}`);
  return and(...conds)!;
}

export async function listNotifications(db: Db, owner: Owner, f: ListFilter) {
  const filter = where(owner, f);
  const order =
    f.sort === 'asc' ? [asc(notifications.createdAt), asc(notifications.id)] : [desc(notifications.createdAt), desc(notifications.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        readAt: notifications.readAt,
        createdAt: notifications.createdAt,
        dictationId: notifications.dictationId,
        urgent: dictations.urgent,
        reference: dictations.reference,
        patient: dictations.patient,
      })
      .from(notifications)
      .leftJoin(dictations, eq(dictations.id, notifications.dictationId))
      .where(filter)
      .orderBy(...order)
      .limit(f.perPage)
      .offset((f.page - 1) * f.perPage),
    db.select({ n: count() }).from(notifications).leftJoin(dictations, eq(dictations.id, notifications.dictationId)).where(filter),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

export async function unreadCount(db: Db, owner: Owner): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, owner.userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** Marks the caller's own unread ones among `ids` read; others' ids are ignored. */
export async function markRead(db: Db, owner: Owner, ids: number[]): Promise<number> {
  const done = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, owner.userId), inArray(notifications.id, ids), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return done.length;
}

/** Marks the caller's unread notifications about one dictation read (a push opened). */
export async function markDictationRead(db: Db, owner: Owner, dictationId: number): Promise<number> {
  const done = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, owner.userId), eq(notifications.dictationId, dictationId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return done.length;
}

/** One notification row; answers its id and when it was made. */
export async function insertNotification(
  tx: Pick<Db, 'insert'>,
  values: typeof notifications.$inferInsert,
): Promise<{ id: number; createdAt: Date }> {
  const [row] = await tx.insert(notifications).values(values).returning({ id: notifications.id, createdAt: notifications.createdAt });
  return { id: Number(row!.id), createdAt: row!.createdAt };
}
