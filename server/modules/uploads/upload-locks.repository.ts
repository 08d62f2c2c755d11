/**
 * The tus upload leases (upload_locks): one holder per upload at a time across every process; a lease
 * that is not renewed runs out, so a crashed process's lock frees itself.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uploadLocks } from '../../db/schema';

const leaseUntil = (leaseMs: number) => sql`now() + make_interval(secs => ${leaseMs / 1000})`;

/** Takes the lease if it is free or has run out; answers whether this holder has it now. */
export async function tryTakeLease(db: Db, uploadId: string, holder: string, leaseMs: number): Promise<boolean> {
  const [row] = await db
    .insert(uploadLocks)
    .values({ uploadId, holder, expiresAt: leaseUntil(leaseMs) })
    .onConflictDoUpdate({
      target: uploadLocks.uploadId,
      set: { holder, expiresAt: leaseUntil(leaseMs), releaseRequested: false },
      where: sql`${uploadLocks.expiresAt} < now()`,
    })
    .returning({ holder: uploadLocks.holder });
  return row?.holder === holder;
}

/**
 * Renews this holder's lease; answers whether someone asked it to let go (false when the lease is still
 * quietly held), or undefined when the lease was lost.
 */
export async function renewLease(db: Db, uploadId: string, holder: string, leaseMs: number): Promise<boolean | undefined> {
  const [row] = await db
    .update(uploadLocks)
    .set({ expiresAt: leaseUntil(leaseMs) })
    .where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)))
    .returning({ releaseRequested: uploadLocks.releaseRequested });
  return row?.releaseRequested;
}

export async function dropLease(db: Db, uploadId: string, holder: string): Promise<void> {
  await db.delete(uploadLocks).where(and(eq(uploadLocks.uploadId, uploadId), eq(uploadLocks.holder, holder)));
}

/** Asks whoever holds the lease (in another process) to let go at its next renewal. */
export async function askToLetGo(db: Db, uploadId: string): Promise<void> {
  await db.update(uploadLocks).set({ releaseRequested: true }).where(eq(uploadLocks.uploadId, uploadId));
}

/** Forgets leases that ran out long ago (left by processes that crashed); answers how many. */
export async function forgetExpiredLeases(db: Db): Promise<number> {
  const gone = await db
    .delete(uploadLocks)
    .where(sql`${uploadLocks.expiresAt} < now() - interval '1 hour'`)
    .returning({ id: uploadLocks.uploadId });
  return gone.length;
}
