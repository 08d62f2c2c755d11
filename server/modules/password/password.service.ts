import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import type { Mailer } from '../../adapters/mail';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import { hashSecret, hashToken, newToken, verifySecret } from '../../lib/secrets';
import { MESSAGES } from '../../../src/domain/messages';
import { loginKey, minutesLeft, type Lockout } from '../auth/lockout';
import type { RequestAuth } from '../auth/request-auth';
import { revokeAllSessions } from '../auth/session.repository';
import { findUserByEmail } from '../auth/user-context.repository';

const RESET_TTL_MS = 60 * 60_000;

export interface PasswordServiceDeps {
  db: Db;
  mailer: Mailer;
  /** The configured origin of links in e-mails; never taken from the request. */
  linkOrigin: () => string;
  /** The sign-in lockout: a wrong current password counts toward it. */
  lockout: Lockout;
}

export function createPasswordService({ db, mailer, linkOrigin, lockout }: PasswordServiceDeps) {
  const live = (token: string) =>
    and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date()));

  /** Any password change ends the user's outstanding reset link. */
  async function endResetLinks(userId: number) {
    await db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
  }

  return {
    /** Other sessions of the user are signed out; this one stays. */
    async change(auth: RequestAuth, current: string, next: string, ip: string) {
      const user = auth.ctx.user;
      const outcome = await lockout.check(loginKey(user.email), () => verifySecret(current, user.passwordHash));
      if (outcome.result !== 'ok') {
        if (outcome.result === 'wrong' || outcome.checked) {
          await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.password_change_failed', ip });
        }
        if (outcome.result === 'locked') throw Errors.accountLocked(minutesLeft(outcome.until));
        throw Errors.validation(MESSAGES.passwordWrong, { current_password: [MESSAGES.passwordWrong] });
      }
      if (current === next) throw Errors.validation(MESSAGES.passwordSame, { password: [MESSAGES.passwordSame] });
      await db
        .update(users)
        .set({ passwordHash: await hashSecret(next), isFirstLogin: false })
        .where(eq(users.id, user.id));
      await endResetLinks(user.id);
      await revokeAllSessions(db, user.id, auth.session.id);
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.password_changed', ip });
    },

    /**
     * Answers the same whether or not the account exists, so it cannot be used to find accounts.
     * A new link replaces the user's outstanding one (one live link per user).
     */
    async forgot(email: string, ip: string) {
      const user = await findUserByEmail(db, email);
      if (!user || !user.active) return;
      const { token, hash } = newToken();
      const expiresAt = new Date(Date.now() + RESET_TTL_MS);
      await db
        .insert(passwordResets)
        .values({ tokenHash: hash, userId: user.id, expiresAt })
        .onConflictDoUpdate({
          target: passwordResets.userId,
          targetWhere: sql`${passwordResets.usedAt} IS NULL`,
          set: { tokenHash: hash, expiresAt, createdAt: new Date() },
        });
      const link = `${linkOrigin()}/password/reset/${encodeURIComponent(token)}?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Wardnote password',
        text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Wardnote account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.password_reset_requested', ip });
    },

    async validate(token: string): Promise<boolean> {
      const [row] = await db.select({ userId: passwordResets.userId }).from(passwordResets).where(live(token)).limit(1);
      return !!row;
    },

    /** The link is used up in the same statement that checks it, so it works once even when sent twice at once. */
    async reset(token: string, password: string, ip: string) {
      const [row] = await db
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(live(token))
        .returning({ userId: passwordResets.userId });
      if (!row) throw Errors.validation(MESSAGES.resetTokenInvalid, { token: [MESSAGES.resetTokenInvalid] });
      const [user] = await db
        .update(users)
        // An invited user who chose their password has accepted the invitation (issue 25).
        .set({ passwordHash: await hashSecret(password), isFirstLogin: false, invitedAt: null })
        .where(eq(users.id, row.userId))
        .returning({ email: users.email, trustId: users.trustId });
      await endResetLinks(row.userId);
      // Whoever can read the mailbox may sign in again: the sign-in lockout ends.
      if (user) await lockout.clear(loginKey(user.email));
      await revokeAllSessions(db, row.userId);
      await audit(db, { trustId: user?.trustId, userId: row.userId, action: 'auth.password_reset', ip });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
