import { and, eq } from 'drizzle-orm';
import type { PreferenceUpdate, UserProfile } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { jobTypes, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { toUserProfile } from './profile';
import { authorsDelegatedTo } from '../delegations/delegations.repository';

type Recipient = UserProfile['interaction'][number]['job_type']['recipient'][number];

export function createUserService(db: Db, pinCfg: { pinWindowMs: number; pinMaxAgeMs: number }) {
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
      return toUserProfile(auth.ctx, auth.session, await interaction(auth.ctx.user.trustId), pinCfg, approvesFor);
    },

    /** Users change their own preferences only; another id answers 404 like any resource they cannot see. */
    async savePreferences(auth: RequestAuth, userId: number, update: PreferenceUpdate, ip: string) {
      const me = auth.ctx.user;
      if (userId !== me.id) throw Errors.notFound();
      const profile = { ...(me.preferences.profile ?? {}), ...update.profile };
      await db
        .update(users)
        .set({ preferences: { ...me.preferences, profile } })
        .where(eq(users.id, me.id));
      await audit(db, {
        trustId: me.trustId,
        userId: me.id,
        action: 'user.preferences_changed',
        details: { keys: Object.keys(update.profile) },
        ip,
      });
      return { preferences: { profile } };
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
