import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import { hashSecret, verifySecret } from '../../lib/secrets';
import { createSession, markPinVerified, revokeSession, type SessionRow } from './session.repository';
import { findUserByEmail, type UserContext, type UserRow } from './user-context.repository';
import { loadUserContext } from './user-context.repository';

type AuthConfig = Pick<Config, 'sessionTtlMs' | 'loginMaxFailures' | 'lockoutMs' | 'pinMaxAgeMs'>;

/** Spends the same time on an unknown e-mail as on a wrong password. */
const DUMMY_HASH = await hashSecret('wardnote-timing-equaliser');

function minutesLeft(until: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
}

export function createAuthService(db: Db, config: AuthConfig) {
  async function recordLoginFailure(user: UserRow, ip: string) {
    const failures = user.loginFailures + 1;
    const lock = failures >= config.loginMaxFailures;
    await db
      .update(users)
      .set({ loginFailures: lock ? 0 : failures, lockedUntil: lock ? new Date(Date.now() + config.lockoutMs) : user.lockedUntil })
      .where(eq(users.id, user.id));
    await audit(db, { trustId: user.trustId, userId: user.id, action: lock ? 'auth.locked' : 'auth.login_failed', ip });
    if (lock) throw Errors.accountLocked(minutesLeft(new Date(Date.now() + config.lockoutMs)));
  }

  return {
    async login(email: string, password: string, ip: string) {
      const user = await findUserByEmail(db, email);
      if (!user || !user.active) {
        await verifySecret(password, DUMMY_HASH);
        await audit(db, { action: 'auth.login_failed', ip, details: { reason: 'unknown_account' } });
        throw Errors.invalidCredentials();
      }
      if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) throw Errors.accountLocked(minutesLeft(user.lockedUntil));
      if (!(await verifySecret(password, user.passwordHash))) {
        await recordLoginFailure(user, ip);
        throw Errors.invalidCredentials();
      }
      await db.update(users).set({ loginFailures: 0, lockedUntil: null }).where(eq(users.id, user.id));
      const ctx = (await loadUserContext(db, user.id))!;
      const { token } = await createSession(db, user.id, config.sessionTtlMs);
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.login', ip });
      return { access_token: token, mfa: ctx.site.mfa, pin: !!user.pinHash };
    },

    async logout(session: SessionRow, ctx: UserContext, ip: string) {
      await revokeSession(db, session.id);
      await audit(db, { trustId: ctx.user.trustId, userId: ctx.user.id, action: 'auth.logout', ip });
    },

    async verifyPin(session: SessionRow, ctx: UserContext, pin: string, ip: string) {
      const user = ctx.user;
      if (!user.pinHash || !user.pinSetAt) throw Errors.pinNotSet();
      if (user.pinLockedUntil && user.pinLockedUntil.getTime() > Date.now()) throw Errors.pinLocked(minutesLeft(user.pinLockedUntil));
      if (!(await verifySecret(pin, user.pinHash))) {
        const failures = user.pinFailures + 1;
        const lock = failures >= config.loginMaxFailures;
        await db
          .update(users)
          .set({ pinFailures: lock ? 0 : failures, pinLockedUntil: lock ? new Date(Date.now() + config.lockoutMs) : null })
          .where(eq(users.id, user.id));
        await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.pin_failed', ip });
        if (lock) throw Errors.pinLocked(minutesLeft(new Date(Date.now() + config.lockoutMs)));
        throw Errors.pinIncorrect();
      }
      await db.update(users).set({ pinFailures: 0, pinLockedUntil: null }).where(eq(users.id, user.id));
      if (Date.now() - user.pinSetAt.getTime() > config.pinMaxAgeMs) throw Errors.pinExpired();
      await markPinVerified(db, session.id, new Date());
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.pin_verified', ip });
    },

    /** First PIN, or a new one (then the current PIN is required, even when it has expired). */
    async setPin(session: SessionRow, ctx: UserContext, pin: string, currentPin: string | undefined, ip: string) {
      const user = ctx.user;
      if (user.pinHash) {
        if (!currentPin)
          throw Errors.validation('Enter your current PIN to set a new one.', {
            current_pin: ['Enter your current PIN to set a new one.'],
          });
        if (user.pinLockedUntil && user.pinLockedUntil.getTime() > Date.now()) throw Errors.pinLocked(minutesLeft(user.pinLockedUntil));
        if (!(await verifySecret(currentPin, user.pinHash))) throw Errors.pinIncorrect();
      }
      await db
        .update(users)
        .set({ pinHash: await hashSecret(pin), pinSetAt: new Date(), pinFailures: 0, pinLockedUntil: null })
        .where(eq(users.id, user.id));
      await markPinVerified(db, session.id, new Date());
      await audit(db, { trustId: user.trustId, userId: user.id, action: 'auth.pin_set', ip });
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
