import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { authFailures, passwordResets, roles, userRoles, users } from './schema';
import { DEMO_PASSWORD, findDemoUserId } from './seed';
import { hashSecret, newToken } from '../lib/secrets';
import { INVITE_TTL_DAYS } from '../../src/domain/limits';

/**
 * Users in every state the administration's list shows (issue 25): one invited who has not chosen a
 * password yet (a live invitation; nobody holds its link), one locked out after too many wrong passwords,
 * one deactivated. Seeded once, beside the demo trust's other users.
 */
export const DEMO_STATE_USERS = [
  { email: 'invited@wardnote.test', first: 'Olivia', last: 'Bennett', role: 'Secretary', state: 'invited' },
  { email: 'locked@wardnote.test', first: 'Marcus', last: 'Reed', role: 'Author', state: 'locked' },
  { email: 'former@wardnote.test', first: 'Ruth', last: 'Collins', role: 'Author', state: 'inactive' },
] as const;

export async function seedDemoUsers(db: Db): Promise<void> {
  const [like] = await db
    .select()
    .from(users)
    .where(eq(users.id, await findDemoUserId(db, 'secretary@wardnote.test')));
  for (const p of DEMO_STATE_USERS) {
    if ((await db.select({ id: users.id }).from(users).where(eq(users.email, p.email))).length) continue;
    const [row] = await db
      .insert(users)
      .values({
        trustId: like!.trustId,
        siteId: like!.siteId,
        email: p.email,
        username: p.email.split('@')[0]!,
        firstName: p.first,
        lastName: p.last,
        // The invited user has no password until they choose one (admin-users.service.ts NO_PASSWORD).
        passwordHash: p.state === 'invited' ? 'invited' : await hashSecret(DEMO_PASSWORD),
        invitedAt: p.state === 'invited' ? new Date() : null,
        active: p.state !== 'inactive',
      })
      .returning();
    const [role] = await db.select().from(roles).where(eq(roles.name, p.role));
    await db.insert(userRoles).values({ userId: row!.id, roleId: role!.id });
    if (p.state === 'invited')
      await db.insert(passwordResets).values({
        tokenHash: newToken().hash,
        userId: row!.id,
        purpose: 'invite',
        expiresAt: new Date(Date.now() + INVITE_TTL_DAYS * 86_400_000),
      });
    // Locked for a year, so the demo shows it until an administrator unlocks it.
    if (p.state === 'locked')
      await db.insert(authFailures).values({ key: `login:${p.email}`, failures: 5, lockedUntil: new Date(Date.now() + 365 * 86_400_000) });
  }
}
