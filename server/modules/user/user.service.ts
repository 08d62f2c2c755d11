import { and, eq } from 'drizzle-orm';
import type { PreferenceUpdate, UserProfile } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { jobTypes, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { toUserProfile } from './profile';
import { authorsDelegatedTo } from '../delegations/delegations.repository';
import { forgetUser } from '../auth/auth-cache';
import { createSettingsService } from '../settings/settings.service';

type Recipient = UserProfile['interaction'][number]['job_type']['recipient'][number];

export function createUserService(db: Db, pinCfg: { pinWindowMs: number; pinMaxAgeMs: number }) {
  // Settings that inherit (issue 25): the profile carries the effective values, their sources and locks.
  const settings = createSettingsService(db);

  async function interaction(trustId: number): Promise<UserProfile['interaction']> {
    const rows = await db
      .select()
      .from(jobTypes)
      .where(and(eq(jobTypes.trustId, trustId), eq(jobTypes.active, true)))
      .orderBy(jobTypes.id);
    return rows.map((jt) => ({
      id: jt.id,
      job_type: { id: jt.id, name: jt.name, recipient: jt.recipient as Recipient[], copy: jt.copy as Recipient[] },
    }));
  }

  return {
    interaction,

    async profile(auth: RequestAuth): Promise<UserProfile> {
      const typist = auth.ctx.roles.includes('Secretary') || auth.ctx.roles.includes('Manager');
      const approvesFor = typist && auth.ctx.user.outsourcingPoolId === null ? await authorsDelegatedTo(db, auth.ctx.user.id) : [];
      const profile = toUserProfile(auth.ctx, auth.session, await interaction(auth.ctx.user.trustId), pinCfg, approvesFor);
      const effective = await settings.ofUser(auth.ctx.user.id);
      return {
        ...profile,
        preferences: { profile: effective.profile as UserProfile['preferences']['profile'] },
        inherited_settings: effective.inherited,
      };
    },

    /** Users change their own preferences only; another id answers 404 like any resource they cannot see. */
    async savePreferences(auth: RequestAuth, userId: number, update: PreferenceUpdate, ip: string) {
      const me = auth.ctx.user;
      if (userId !== me.id) throw Errors.notFound();
      // A setting a level above locked: 422 naming who locked it, nothing saved (issue 25).
      const allowed = await settings.checkPreferenceUpdate(me.id, update.profile);
      // The saved profile is read afresh: the request's context may be a few seconds old (auth cache).
      const [row] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, me.id));
      const saved = row?.preferences ?? me.preferences;
      const profile = { ...(saved.profile ?? {}), ...allowed };
      await db
        .update(users)
        .set({ preferences: { ...saved, profile } })
        .where(eq(users.id, me.id));
      await audit(db, {
        trustId: me.trustId,
        userId: me.id,
        action: 'user.preferences_changed',
        details: { keys: Object.keys(update.profile) },
        ip,
      });
      // Cached contexts hold the saved preferences (the saved status the work queue reads).
      forgetUser(me.id);
      const effective = await settings.ofUser(me.id);
      return { preferences: { profile: effective.profile as UserProfile['preferences']['profile'] } };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
