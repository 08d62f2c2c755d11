import type { UserProfile } from '../../../src/domain/contract';
import type { ApplicationType } from '../../../src/domain/roles';
import type { SessionRow } from '../auth/session.repository';
import type { UserContext } from '../auth/user-context.repository';
import { pinGate, pinWindowFor } from '../auth/request-auth';
import { fullName } from '../../../src/domain/display-format';

/** The GET /api/user body of spec §3 "User profile", from a loaded user and their session. */
export function toUserProfile(
  ctx: UserContext,
  session: SessionRow,
  interaction: UserProfile['interaction'],
  pinCfg: { pinWindowMs: number; pinMaxAgeMs: number },
  approvesFor: number[] = [],
): UserProfile {
  const { user, site } = ctx;
  const apps = user.applicationTypes as ApplicationType[];
  return {
    id: user.id,
    full_name: fullName(user.firstName, user.lastName),
    first_name: user.firstName,
    username: user.username,
    email: user.email,
    is_first_login: user.isFirstLogin,
    roles: ctx.roles.map((name) => ({ name })),
    permissions: ctx.permissions.map((code) => ({ code })),
    site: {
      id: site.id,
      name: site.name,
      trust_id: site.trustId,
      mfa: site.mfa,
      sr_integration: site.srIntegration,
      support_link: site.supportLink,
      support_email: site.supportEmail,
    },
    site_id: site.id,
    amplify: apps.includes('amplify'),
    application_types: apps.map((name) => ({ name })),
    scribe_assist: apps.includes('scribe_assist'),
    pin: {
      is_set: !!user.pinHash,
      expires_at: user.pinSetAt ? new Date(user.pinSetAt.getTime() + pinCfg.pinMaxAgeMs).toISOString() : null,
      verified: pinGate(site.mfa, session.pinVerifiedAt, Date.now(), pinWindowFor(site, pinCfg.pinWindowMs)) === 'ok',
    },
    jobtype_filter: user.jobtypeFilter,
    // An external typist is shown nothing of the trust's set-up (issue 12).
    interaction: user.outsourcingPoolId === null ? interaction : [],
    preferences: { profile: (user.preferences.profile ?? {}) as UserProfile['preferences']['profile'] },
    outsourcing_pool_id: user.outsourcingPoolId,
    qa_required: user.qaRequired,
    approves_for: approvesFor,
  };
}
