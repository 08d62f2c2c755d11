/**
 * What the stuck-letter check keeps (issue 13): an alarm per letter raised once (stuck_alarms), and the
 * day's digest claimed per manager (stuck_digests), each claim one statement so two processes never both act.
 */
import { inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictations, stuckAlarms, trusts } from '../../db/schema';
import { executeRows } from '../../db/execute-rows';

/** Forgets the alarms of letters no longer stuck (all of them when none is). */
export async function forgetAlarmsExcept(db: Db, stuckIds: number[]): Promise<void> {
  await db.delete(stuckAlarms).where(stuckIds.length ? notInArray(stuckAlarms.dictationId, stuckIds) : undefined);
}

/** Raises an alarm for each letter that has none yet; answers the newly raised ones. */
export function raiseNewAlarms(tx: Db, stuck: { dictationId: number; trustId: number }[]) {
  return tx
    .insert(stuckAlarms)
    .values(stuck.map((s) => ({ dictationId: s.dictationId, trustId: s.trustId })))
    .onConflictDoNothing()
    .returning({ dictationId: stuckAlarms.dictationId, trustId: stuckAlarms.trustId });
}

/** Which of these dictations are urgent. */
export async function urgentAmong(tx: Db, ids: number[]): Promise<Set<number>> {
  const rows = await tx.select({ id: dictations.id, urgent: dictations.urgent }).from(dictations).where(inArray(dictations.id, ids));
  return new Set(rows.filter((u) => u.urgent === 'HIGH').map((u) => u.id));
}

/** Claims today's digest for a manager: true when none was sent in the last day (then the caller sends it). */
export async function claimDigest(db: Db, userId: number): Promise<boolean> {
  const claimed = await executeRows<{ user_id: number }>(
    db,
    sql`
    INSERT INTO stuck_digests (user_id, sent_at) VALUES (${userId}, now())
    ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at
    WHERE stuck_digests.sent_at <= now() - interval '1 day'
    RETURNING user_id`,
  );
  return claimed.length > 0;
}

/** Gives a claim back (the digest was not sent), so the next check tries again. */
export async function releaseDigest(db: Db, userId: number): Promise<void> {
  await db.execute(sql`DELETE FROM stuck_digests WHERE user_id = ${userId}`);
}

/** Trust id → name. */
export async function trustNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = await db.select({ id: trusts.id, name: trusts.name }).from(trusts).where(inArray(trusts.id, ids));
  return new Map(rows.map((t) => [t.id, t.name]));
}
