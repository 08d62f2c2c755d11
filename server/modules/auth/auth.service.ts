import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import { MESSAGES } from '../../../src/domain/messages';
import { hashSecret, verifySecret } from '../../lib/secrets';
import { loginKey, minutesLeft, pinKey, type Lockout } from './lockout';
import { createSession, markPinVerified, revokeSession, type SessionRow } from './session.repository';
import { findUserByEmail, type UserContext } from './user-context.repository';
import { loadUserContext } from './user-context.repository';

type AuthConfig = Pick<Config, 'sessionTtlMs' | 'pinMaxAgeMs'>;

/** Spends the same time on an unknown e-mail as on a wrong password. */
const DUMMY_HASH = await hashSecret('wardnote-timing-equaliser');

export function createAuthService(db: Db, config: AuthConfig, lockout: Lockout) {
  /** Every check of a PIN (verify, set, change) counts toward the same lockout. */
  async function checkPin(user: UserContext['user'], pin: string, ip: string) {
    const outcome = await lockout.check(pinKey(user.id), () => verifySecret(pin, user.pinHash!));
    if (outcome.result === 'ok') return;
    if (outcome.result === 'wrong' || outcome.checked) {
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.pin_failed', ip });
    }
    throw outcome.result === 'locked' ? Errors.pinLocked(minutesLeft(outcome.until)) : Errors.pinIncorrect();
  }

  return {
    /**
     * Unknown and inactive accounts go through the same counted check (against a dummy hash), so they
     * answer exactly like a real account: 422, then the lockout after the same number of tries.
     */
    async login(email: string, password: string, ip: string) {
      const found = await findUserByEmail(db, email);
      const user = found?.active ? found : undefined;
      const outcome = await lockout.check(
        loginKey(email),
        async () => (await verifySecret(password, user?.passwordHash ?? DUMMY_HASH)) && !!user,
      );
      if (outcome.result !== 'ok') {
        if (outcome.result === 'wrong' || outcome.checked) {
          await audit(db, {
            ...(user ? { trustId: user.trustId, userId: user.id } : { details: { reason: 'unknown_account' } }),
            action: outcome.result === 'locked' ? 'auth.locked' : 'auth.login_failed',
            ip,
          });
        }
        throw outcome.result === 'locked' ? Errors.accountLocked(minutesLeft(outcome.until)) : Errors.invalidCredentials();
      }
      const ctx = (await loadUserContext(db, user!.id))!;
      const { token } = await createSession(db, user!.id, config.sessionTtlMs);
      await audit(db, { trustId: user!.trustId, userId: user!.id, action: 'auth.login', ip });
      return { access_token: token, mfa: ctx.site.mfa, pin: !!user!.pinHash };
    },

    async logout(session: SessionRow, ctx: UserContext, ip: string) {
      await revokeSession(db, session.id);
      await audit(db, { trustId: ctx.user.trustId, userId: ctx.user.id, action: 'auth.logout', ip });
    },

    async verifyPin(session: SessionRow, ctx: UserContext, pin: string, ip: string) {
      const user = ctx.user;
      if (!user.pinHash || !user.pinSetAt) throw Errors.pinNotSet();
      await checkPin(user, pin, ip);
      if (Date.now() - user.pinSetAt.getTime() > config.pinMaxAgeMs) throw Errors.pinExpired();
      await markPinVerified(db, session.id, new Date());
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.pin_verified', ip });
    },

    /** First PIN, or a new one (then the current PIN is required, even when it has expired). */
    async setPin(session: SessionRow, ctx: UserContext, pin: string, currentPin: string | undefined, ip: string) {
      const user = ctx.user;
      if (user.pinHash) {
        if (!currentPin) throw Errors.validation(MESSAGES.currentPinRequired, { current_pin: [MESSAGES.currentPinRequired] });
        await checkPin(user, currentPin, ip);
      }
      await db
        .update(users)
        .set({ pinHash: await hashSecret(pin), pinSetAt: new Date() })
        .where(eq(users.id, user.id));
      await markPinVerified(db, session.id, new Date());
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.pin_set', ip });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
