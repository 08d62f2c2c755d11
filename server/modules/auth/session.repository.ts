import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashToken, newToken } from '../../lib/secrets';
import { forgetSession, forgetUser } from './auth-cache';
import { notifySessionEnd } from '../live/live-channel';
import { deleteSessionDevices } from '../push/push.repository';

export type SessionRow = typeof sessions.$inferSelect;

export async function createSession(db: Db, userId: number, ttlMs: number): Promise<{ token: string; session: SessionRow }> {
  const { token, hash } = newToken();
  const [session] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hash, expiresAt: new Date(Date.now() + ttlMs) })
    .returning();
  return { token, session: session! };
}

/** The live session for a bearer token: not revoked and not expired. */
export async function findLiveSession(db: Db, token: string): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

/** The live session a signed link was made for: this id, of this user, not revoked and not expired. */
export async function findLiveSessionById(db: Db, sessionId: number, userId: number): Promise<SessionRow | undefined> {
  const [row] = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  forgetSession(sessionId);
  // The push devices it registered go (spec §4 step 5), even if the client's unsubscribe never came.
  await deleteSessionDevices(db, sessionId);
  // Its live event streams close in every process (issue 14).
  await notifySessionEnd(db, sessionId);
}

export async function revokeAllSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  for (const r of rows) if (r.id !== exceptSessionId) await revokeSession(db, r.id);
  // The session kept is of a user who changed: its cached user (first login, say) goes too.
  forgetUser(userId);
}

export async function markPinVerified(db: Db, sessionId: number, at: Date | null): Promise<void> {
  await db.update(sessions).set({ pinVerifiedAt: at }).where(eq(sessions.id, sessionId));
  forgetSession(sessionId);
}
