/**
 * Who has opened a dictation's letter and which version they last had in front of them
 * (dictation_views): batch approval takes only letters the caller has opened; review mode highlights
 * what changed since the version they last saw.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictationViews } from '../../db/schema';
import { executeRows } from '../../db/execute-rows';

/**
 * An opening of the letter at `version`: the first opening is kept, the last one is now. Answers the
 * version they had seen before this opening (null: never opened before).
 */
export async function recordOpening(db: Db, dictationId: number, userId: number, version: number): Promise<number | null> {
  // The row as it was is read in the same statement as the upsert, so two openings at once stay exact.
  const [row] = await executeRows<{ before: number | null }>(
    db,
    sql`
    WITH before AS (
      SELECT last_seen_version FROM ${dictationViews}
      WHERE dictation_id = ${dictationId} AND user_id = ${userId}
    ), up AS (
      INSERT INTO ${dictationViews} (dictation_id, user_id, first_viewed_at, last_viewed_at, last_seen_version)
      VALUES (${dictationId}, ${userId}, now(), now(), ${version})
      ON CONFLICT (dictation_id, user_id) DO UPDATE SET last_viewed_at = now(), last_seen_version = EXCLUDED.last_seen_version
      RETURNING 1
    )
    SELECT (SELECT last_seen_version FROM before) AS before, (SELECT count(*) FROM up) AS n
  `,
  );
  return row?.before ?? null;
}

/** The version the user last saw, without counting this as an opening (null: never opened). */
export async function lastSeenBy(db: Db, dictationId: number, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ v: dictationViews.lastSeenVersion })
    .from(dictationViews)
    .where(and(eq(dictationViews.dictationId, dictationId), eq(dictationViews.userId, userId)));
  return row?.v ?? null;
}

/** The caller acted on the letter at `version` (saved it, approved it, returned it): that is what they last saw. */
export async function markSeen(db: Db, dictationId: number, userId: number, version: number): Promise<void> {
  await db
    .insert(dictationViews)
    .values({ dictationId, userId, lastSeenVersion: version })
    .onConflictDoUpdate({
      target: [dictationViews.dictationId, dictationViews.userId],
      set: { lastSeenVersion: version, lastViewedAt: new Date() },
    });
}

/** Which of these dictations the user has opened at least once. */
export async function openedBy(db: Db, userId: number, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await db
    .select({ id: dictationViews.dictationId })
    .from(dictationViews)
    .where(and(eq(dictationViews.userId, userId), inArray(dictationViews.dictationId, ids)));
  return new Set(rows.map((r) => r.id));
}
