import { and, eq, lt, or, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authFailures } from '../../db/schema';

/** What a credential check may do: go ahead (this is attempt number `attempt`), or not while locked. */
export type Attempt = { allowed: true; attempt: number; last: boolean } | { allowed: false; lockedUntil: Date };

/** How a guarded check ended; `checked` tells whether a locked answer came from a check or refused one. */
export type Outcome = { result: 'ok' } | { result: 'wrong' } | { result: 'locked'; until: Date; checked: boolean };

/** The lockout key of a sign-in e-mail (known account or not: both count alike) and of a user's PIN. */
export const loginKey = (email: string) => `login:${email.trim().toLowerCase()}`;
export const pinKey = (userId: number) => `pin:${userId}`;

/**
 * Lockout after `maxFailures` failed checks in a row, for `lockoutMs`. Race-free: an attempt is counted
 * in one atomic upsert *before* the secret is checked, and the decision is taken on the count it returns,
 * so parallel guesses cannot all read the same old count; at most `maxFailures` checks run per lockout.
 */
export function createLockout(db: Db, opts: { maxFailures: number; lockoutMs: number }) {
  async function forget(key: string): Promise<void> {
    await db.delete(authFailures).where(eq(authFailures.key, key));
  }

  const lockout = {
    /** Counts an attempt; a lapsed lock starts a fresh count. */
    async begin(key: string): Promise<Attempt> {
      const now = new Date();
      const lapsed = sql`${authFailures.lockedUntil} IS NOT NULL AND ${authFailures.lockedUntil} <= ${now}`;
      const [row] = await db
        .insert(authFailures)
        .values({ key, failures: 1, updatedAt: now })
        .onConflictDoUpdate({
          target: authFailures.key,
          set: {
            failures: sql`CASE WHEN ${lapsed} THEN 1 ELSE ${authFailures.failures} + 1 END`,
            lockedUntil: sql`CASE WHEN ${lapsed} THEN NULL ELSE ${authFailures.lockedUntil} END`,
            updatedAt: now,
          },
        })
        .returning({ failures: authFailures.failures, lockedUntil: authFailures.lockedUntil });
      if (row!.lockedUntil) return { allowed: false, lockedUntil: row!.lockedUntil };
      // Beyond the limit while earlier attempts are still being checked: refused as if locked already.
      if (row!.failures > opts.maxFailures) return { allowed: false, lockedUntil: new Date(now.getTime() + opts.lockoutMs) };
      return { allowed: true, attempt: row!.failures, last: row!.failures >= opts.maxFailures };
    },

    /** The check of an attempt failed: the last allowed one locks; returns the lock's end then. */
    async failed(key: string, attempt: Extract<Attempt, { allowed: true }>): Promise<Date | null> {
      if (!attempt.last) return null;
      const until = new Date(Date.now() + opts.lockoutMs);
      await db.update(authFailures).set({ lockedUntil: until, updatedAt: new Date() }).where(eq(authFailures.key, key));
      return until;
    },

    /** The right secret, or a password reset by e-mail: the count starts again and any lock ends. */
    clear: forget,

    /** One guarded check of a secret: counted first, run only within the limit, the last failure locks. */
    async check(key: string, verify: () => Promise<boolean>): Promise<Outcome> {
      const attempt = await lockout.begin(key);
      if (!attempt.allowed) return { result: 'locked', until: attempt.lockedUntil, checked: false };
      if (await verify()) {
        await forget(key);
        return { result: 'ok' };
      }
      const until = await lockout.failed(key, attempt);
      return until ? { result: 'locked', until, checked: true } : { result: 'wrong' };
    },
  };
  return lockout;
}

export type Lockout = ReturnType<typeof createLockout>;

/** Housekeeping: counts untouched for a day and not locked are forgotten (keys of unknown e-mails too). */
export async function forgetStaleFailures(db: Db, olderThanMs = 86_400_000): Promise<void> {
  const before = new Date(Date.now() - olderThanMs);
  await db
    .delete(authFailures)
    .where(and(lt(authFailures.updatedAt, before), or(isNull(authFailures.lockedUntil), lt(authFailures.lockedUntil, new Date()))));
}

/** Whole minutes until a lock ends, at least 1 (for the lockout messages). */
export function minutesLeft(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
}
