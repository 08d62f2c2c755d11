import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import type { Mailer } from '../../adapters/mail';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import { hashSecret, hashToken, newToken, verifySecret } from '../../lib/secrets';
import { MESSAGES } from '../../../src/domain/messages';
import type { RequestAuth } from '../auth/request-auth';
import { revokeAllSessions } from '../auth/session.repository';
import { findUserByEmail } from '../auth/user-context.repository';

const RESET_TTL_MS = 60 * 60_000;

export function createPasswordService(db: Db, mailer: Mailer, publicUrl: (origin: string) => string) {
  async function liveReset(token: string) {
    const [row] = await db
      .select()
      .from(passwordResets)
      .where(and(eq(passwordResets.tokenHash, hashToken(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())))
      .limit(1);
    return row;
  }

  return {
    /** Other sessions of the user are signed out; this one stays. */
    async change(auth: RequestAuth, current: string, next: string, ip: string) {
      const user = auth.ctx.user;
      if (!(await verifySecret(current, user.passwordHash))) {
        throw Errors.validation(MESSAGES.passwordWrong, { current_password: [MESSAGES.passwordWrong] });
      }
      if (current === next) throw Errors.validation(MESSAGES.passwordSame, { password: [MESSAGES.passwordSame] });
      await db
        .update(users)
        .set({ passwordHash: await hashSecret(next), isFirstLogin: false })
        .where(eq(users.id, user.id));
      await revokeAllSessions(db, user.id, auth.session.id);
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.password_changed', ip });
    },

    /** Answers the same whether or not the account exists, so it cannot be used to find accounts. */
    async forgot(email: string, origin: string, ip: string) {
      const user = await findUserByEmail(db, email);
      if (!user || !user.active) return;
      const { token, hash } = newToken();
      await db.insert(passwordResets).values({ tokenHash: hash, userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) });
      const link = `${publicUrl(origin)}/password/reset/${encodeURIComponent(token)}?token=${encodeURIComponent(token)}`;
      await mailer.send({
        to: user.email,
        subject: 'Reset your Wardnote password',
        text: `Hello ${user.firstName},\n\nSomeone asked to reset the password of your Wardnote account. If it was you, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this message; your password stays as it is.\n`,
      });
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.password_reset_requested', ip });
    },

    async validate(token: string): Promise<boolean> {
      return !!(await liveReset(token));
    },

    async reset(token: string, password: string, ip: string) {
      const row = await liveReset(token);
      if (!row) throw Errors.validation(MESSAGES.resetTokenInvalid, { token: [MESSAGES.resetTokenInvalid] });
      await db.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.tokenHash, row.tokenHash));
      await db
        .update(users)
        .set({ passwordHash: await hashSecret(password), isFirstLogin: false, loginFailures: 0, lockedUntil: null })
        .where(eq(users.id, row.userId));
      await revokeAllSessions(db, row.userId);
      await audit(db, { userId: row.userId, action: 'auth.password_reset', ip });
    },
  };
}

export type PasswordService = ReturnType<typeof createPasswordService>;
