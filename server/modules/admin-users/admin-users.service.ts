/**
 * Users administration (issue 25): the rules. Who reaches which user is `adminReach` (another trust's user,
 * or another site's for a SiteAdmin, is not found); who may give which role, permission or group is
 * src/domain/user-grants.ts, and an account holding a role the caller cannot give is not theirs to change.
 * Nobody removes the last active TrustAdmin of a trust, nobody deactivates themselves, and a user with work
 * in progress is deactivated only with an heir for it. Every change is audited with before and after.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  UserCreateParsed,
  UserDetail,
  UserListRow,
  UserUpdateParsed,
  userDeactivateQuerySchema,
  usersListQuerySchema,
} from '../../../src/domain/contract';
import { adminReach, reaches, type AdminReach } from '../../../src/domain/admin-reach';
import { satisfies, RULES } from '../../../src/domain/access';
import { fullName } from '../../../src/domain/display-format';
import { INVITE_TTL_DAYS } from '../../../src/domain/limits';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import type { ApplicationType, Permission, Role } from '../../../src/domain/roles';
import { grantRefusal, mayManage, type Granter } from '../../../src/domain/user-grants';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { groupUsers, passwordResets, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { appError, appErrorVariant, Errors, type AppError } from '../../lib/errors';
import { newToken } from '../../lib/secrets';
import { forgetUser } from '../auth/auth-cache';
import type { RequestAuth } from '../auth/request-auth';
import { revokeAllSessions } from '../auth/session.repository';
import {
  accountState,
  activeWithRole,
  clearPinLock,
  clearPinVerification,
  delegationsOf,
  emailTaken,
  findUser,
  grantsOf,
  groupDetails,
  groupsOf,
  handOnWork,
  jobTypeIdsOf,
  listUsers,
  lockUser,
  otherActiveTrustAdmins,
  poolOf,
  setApprovesFor,
  setGroups,
  setPermissions,
  setRoles,
  siteOf,
  trustName,
  unlockKeys,
  workOf,
  type UserListRowDb,
  type UserRow,
} from './admin-users.repository';

/** An invited user has no password until they choose one: no secret ever matches this. */
export const NO_PASSWORD = 'invited';
const INVITE_TTL_MS = INVITE_TTL_DAYS * 86_400_000;
const TYPIST_ROLES: Role[] = ['Secretary', 'Manager'];

export interface AdminUsersDeps {
  db: Db;
  mailer: Mailer;
  /** The configured origin of links in e-mails; never taken from the request. */
  linkOrigin: () => string;
}

/** What is audited of a user: never a secret, never patient data. */
interface Snapshot {
  first_name: string;
  last_name: string;
  email: string;
  site_id: number;
  roles: Role[];
  permissions: Permission[];
  group_ids: number[];
  application_types: string[];
  jobtype_filter: number[];
  approves_for: number[];
  outsourcing_pool_id: number | null;
  active: boolean;
}

const stateOf = (r: { active: boolean; locked: boolean; invitation: 'pending' | 'expired' | null }) =>
  !r.active ? 'inactive' : r.invitation ? 'invited' : r.locked ? 'locked' : 'active';

export function toListRow(r: UserListRowDb, admin: boolean): UserListRow {
  const row: UserListRow = {
    id: r.id,
    full_name: fullName(r.firstName, r.lastName),
    email: r.email,
    site_id: r.siteId,
    roles: r.roles.map((name) => ({ name })),
  };
  if (!admin) return row;
  const locked = !!r.locked;
  const invitation = r.invitation ?? null;
  return {
    ...row,
    first_name: r.firstName,
    last_name: r.lastName,
    site_name: r.siteName ?? '',
    active: r.active,
    locked,
    invitation,
    state: stateOf({ active: r.active, locked, invitation }),
  };
}

export const isUsersAdmin = (auth: RequestAuth) => satisfies(auth.subject, RULES.usersAdmin);

export function createAdminUsersService({ db, mailer, linkOrigin }: AdminUsersDeps) {
  const reachOf = (auth: RequestAuth): AdminReach =>
    adminReach(auth.subject, { trustId: auth.ctx.user.trustId, siteId: auth.ctx.user.siteId });

  /** The user when the caller reaches them (held for the transaction when `tx` is given); otherwise not found. */
  async function reachable(auth: RequestAuth, id: number, tx?: Db): Promise<UserRow> {
    const row = tx ? await lockUser(tx, id) : await findUser(db, id);
    if (!row || !reaches(reachOf(auth), { trustId: row.trustId, siteId: row.siteId })) throw Errors.notFound();
    return row;
  }

  async function granterOf(auth: RequestAuth, q: Db = db): Promise<Granter> {
    const rows = await q.select({ id: groupUsers.groupId }).from(groupUsers).where(eq(groupUsers.userId, auth.ctx.user.id));
    return { roles: auth.subject.roles, permissions: auth.subject.permissions, groupIds: rows.map((r) => r.id) };
  }

  function mustManage(auth: RequestAuth, targetRoles: readonly Role[]) {
    if (!mayManage(auth.subject, targetRoles)) throw appError('user_outranks_you');
  }

  async function refusalError(q: Db, trustId: number, refusal: NonNullable<ReturnType<typeof grantRefusal>>): Promise<AppError> {
    if (refusal.kind === 'role')
      return appError('user_grant_refused', refusal.role).withFields({ roles: [PAGE_MESSAGES.userRoleNotYours(refusal.role)] });
    if (refusal.kind === 'permission') {
      const words = PAGE_MESSAGES.userPermissionNotYours(refusal.permission);
      return appErrorVariant('user_grant_refused', 'permission', refusal.permission).withFields({ permissions: [words] });
    }
    const [g] = await groupsOf(q, trustId, [refusal.groupId]);
    const name = g?.name ?? `#${refusal.groupId}`;
    return appErrorVariant('user_grant_refused', 'group', name).withFields({ group_ids: [PAGE_MESSAGES.userGroupNotYours(name)] });
  }

  const unknownRef = (variant: 'group' | 'pool' | 'jobType' | 'author' | 'notTypist', field: string) => {
    const e = appErrorVariant('user_reference_unknown', variant);
    return e.withFields({ [field]: [e.message] });
  };

  /** The groups, pool, job types and authors named are the trust's (a SiteAdmin's or the user's site's groups, or trust-wide ones). */
  async function checkReferences(
    q: Db,
    trustId: number,
    siteId: number,
    v: { group_ids?: number[]; outsourcing_pool_id?: number | null; jobtype_filter?: number[]; approves_for?: number[]; roles: Role[] },
    userId?: number,
  ) {
    if (v.group_ids?.length) {
      const found = await groupsOf(q, trustId, v.group_ids);
      if (found.length !== v.group_ids.length || found.some((g) => g.siteId !== null && g.siteId !== siteId))
        throw unknownRef('group', 'group_ids');
    }
    if (v.outsourcing_pool_id != null && !(await poolOf(q, trustId, v.outsourcing_pool_id)))
      throw unknownRef('pool', 'outsourcing_pool_id');
    if (v.jobtype_filter?.length && (await jobTypeIdsOf(q, trustId, v.jobtype_filter)).length !== v.jobtype_filter.length)
      throw unknownRef('jobType', 'jobtype_filter');
    if (v.approves_for?.length) {
      if (!v.roles.some((r) => TYPIST_ROLES.includes(r))) throw unknownRef('notTypist', 'approves_for');
      const authors = await activeWithRole(q, trustId, v.approves_for, ['Author']);
      if (authors.length !== v.approves_for.length || (userId !== undefined && v.approves_for.includes(userId)))
        throw unknownRef('author', 'approves_for');
    }
  }

  /** The site asked for: of the trust and active (422 otherwise); a SiteAdmin (without a trust-wide role) only their own (403). */
  async function checkSite(auth: RequestAuth, trustId: number | 'any', siteId: number, q: Db = db) {
    const site = await siteOf(q, siteId);
    const reach = reachOf(auth);
    // Another trust's site, out of reach, does not exist for the caller.
    if (site && !reaches({ trustId: reach.trustId, siteId: 'any' }, { trustId: site.trustId })) throw Errors.notFound();
    if (!site || !site.active || (trustId !== 'any' && site.trustId !== trustId)) {
      const e = appError('user_reference_unknown');
      throw e.withFields({ site_id: [e.message] });
    }
    if (reach.siteId !== 'any' && site.id !== reach.siteId)
      throw appError('user_site_not_yours').withFields({ site_id: [PAGE_MESSAGES.userSiteNotYours] });
    return site;
  }

  const emailTakenError = (email: string) =>
    appError('user_email_taken', email).withFields({ email: [PAGE_MESSAGES.userEmailTaken(email)] });

  async function snapshotOf(q: Db, row: UserRow): Promise<Snapshot> {
    const [g, d] = await Promise.all([grantsOf(q, row.id), delegationsOf(q, row.id)]);
    return {
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      site_id: row.siteId,
      roles: g.roles,
      permissions: g.permissions,
      group_ids: g.groupIds,
      application_types: [...row.applicationTypes],
      jobtype_filter: [...row.jobtypeFilter],
      approves_for: d.approvesFor.map((a) => a.id).sort((a, b) => a - b),
      outsourcing_pool_id: row.outsourcingPoolId,
      active: row.active,
    };
  }

  async function detail(id: number): Promise<UserDetail> {
    const row = (await findUser(db, id))!;
    const [g, gd, d, state, work, site, trust, pool] = await Promise.all([
      grantsOf(db, id),
      groupDetails(db, id),
      delegationsOf(db, id),
      accountState(db, id),
      workOf(db, id),
      siteOf(db, row.siteId),
      trustName(db, row.trustId),
      row.outsourcingPoolId === null ? Promise.resolve(undefined) : poolOf(db, row.trustId, row.outsourcingPoolId),
    ]);
    const person = (p: { id: number; firstName: string; lastName: string }) => ({ id: p.id, full_name: fullName(p.firstName, p.lastName) });
    return {
      id: row.id,
      first_name: row.firstName,
      last_name: row.lastName,
      full_name: fullName(row.firstName, row.lastName),
      email: row.email,
      trust: { id: row.trustId, name: trust },
      site: { id: row.siteId, name: site?.name ?? '' },
      roles: g.roles,
      permissions: g.permissions,
      groups: gd.groups,
      group_permissions: gd.groupPermissions,
      application_types: row.applicationTypes.filter((a): a is ApplicationType => a === 'amplify' || a === 'scribe_assist'),
      jobtype_filter: [...row.jobtypeFilter],
      approves_for: d.approvesFor.map(person),
      approved_by: d.approvedBy.map(person),
      outsourcing_pool: pool ?? null,
      active: row.active,
      locked: state.locked,
      invitation: state.invitation,
      invited_at: row.invitedAt?.toISOString() ?? null,
      state: stateOf({ active: row.active, locked: state.locked, invitation: state.invitation }),
      pin_set: row.pinHash !== null,
      work,
      created_at: row.createdAt.toISOString(),
    };
  }

  /** A new set-password link (replacing the live one) for 7 days, by e-mail; the user is marked invited. */
  async function sendInvitation(user: { id: number; email: string; firstName: string; trustId: number }, inviter: string) {
    const { token, hash } = newToken();
    const expiresAt = new Date(Date.now() + INVITE_TTL_MS);
    await db
      .insert(passwordResets)
      .values({ tokenHash: hash, userId: user.id, expiresAt, purpose: 'invite' })
      .onConflictDoUpdate({
        target: passwordResets.userId,
        targetWhere: sql`${passwordResets.usedAt} IS NULL`,
        set: { tokenHash: hash, expiresAt, purpose: 'invite', createdAt: new Date() },
      });
    await db.update(users).set({ invitedAt: new Date() }).where(eq(users.id, user.id));
    const link = `${linkOrigin()}/password/reset/${encodeURIComponent(token)}?token=${encodeURIComponent(token)}`;
    await mailer.send({
      to: user.email,
      subject: PAGE_MESSAGES.userInviteSubject,
      text: PAGE_MESSAGES.userInviteBody(user.firstName, inviter, await trustName(db, user.trustId), link),
    });
  }

  const callerName = (auth: RequestAuth) => fullName(auth.ctx.user.firstName, auth.ctx.user.lastName);
  const auditUser = (
    q: Db,
    auth: RequestAuth,
    row: { id: number; trustId: number },
    action: string,
    details: Record<string, unknown>,
    ip: string,
  ) => audit(q, { trustId: row.trustId, userId: auth.ctx.user.id, action, entityType: 'user', entityId: row.id, details, ip });

  /** The last active TrustAdmin of a trust stays one (and stays active). */
  async function guardLastAdmin(q: Db, row: UserRow) {
    if ((await otherActiveTrustAdmins(q, row.trustId, row.id)) === 0) throw appError('user_last_admin', await trustName(q, row.trustId));
  }

  /** An action on one user (unlock, PIN reset, sign-out, resend): reached, theirs to change, active. */
  async function actionable(auth: RequestAuth, id: number): Promise<UserRow> {
    const row = await reachable(auth, id);
    mustManage(auth, (await grantsOf(db, id)).roles);
    if (!row.active) throw appError('user_inactive');
    return row;
  }

  return {
    detail,
    sendInvitation,

    /** GET /api/users: one page; an administrator of users gets the admin fields and filters, within their reach. */
    async list(auth: RequestAuth, q: z.infer<typeof usersListQuerySchema>): Promise<{ data: UserListRow[]; total: number }> {
      const admin = isUsersAdmin(auth);
      const reach = reachOf(auth);
      const superAdmin = auth.subject.roles.includes('SuperAdmin');
      if (!admin && (q.active !== 'true' || q.locked !== undefined)) throw Errors.forbidden();
      let trustId: number | undefined = superAdmin ? q.trust_id : auth.ctx.user.trustId;
      if (!superAdmin && q.trust_id !== undefined && q.trust_id !== auth.ctx.user.trustId) throw Errors.notFound();
      let siteId = q.site_id;
      if (admin && reach.siteId !== 'any') {
        if (siteId !== undefined && siteId !== reach.siteId) throw Errors.notFound();
        siteId = reach.siteId;
        trustId = auth.ctx.user.trustId;
      }
      const { rows, total } = await listUsers(
        db,
        { trustId, siteId, role: q.filter_role, search: q.search || undefined, active: q.active, locked: q.locked },
        q.page,
        q.paginate,
        admin,
      );
      return { data: rows.map((r) => toListRow(r, admin)), total };
    },

    /** GET /api/users/{id}: the summary; the details for an administrator of users who reaches them. */
    async byId(auth: RequestAuth, id: number): Promise<{ data: UserListRow; detail?: UserDetail }> {
      const row = await findUser(db, id);
      const admin = isUsersAdmin(auth);
      const inTrust = row && (auth.subject.roles.includes('SuperAdmin') || row.trustId === auth.ctx.user.trustId);
      if (!row || !inTrust) throw Errors.notFound();
      if (admin && !reaches(reachOf(auth), { trustId: row.trustId, siteId: row.siteId })) throw Errors.notFound();
      if (!admin && !row.active) throw Errors.notFound();
      const g = await grantsOf(db, id);
      const data = toListRow({ ...row, roles: g.roles }, false);
      return admin ? { data, detail: await detail(id) } : { data };
    },

    /** POST /api/users: made without a password and invited to choose one. */
    async create(auth: RequestAuth, body: UserCreateParsed, ip: string): Promise<UserDetail> {
      const site = await checkSite(auth, 'any', body.site_id);
      const trustId = site.trustId;
      const granter = await granterOf(auth);
      const refusal = grantRefusal(
        granter,
        { roles: [], permissions: [], groupIds: [] },
        { roles: body.roles, permissions: body.permissions, groupIds: body.group_ids },
      );
      if (refusal) throw await refusalError(db, trustId, refusal);
      await checkReferences(db, trustId, site.id, body);
      if (await emailTaken(db, body.email)) throw emailTakenError(body.email);
      let id = 0;
      try {
        await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(users)
            .values({
              trustId,
              siteId: site.id,
              email: body.email,
              username: body.email,
              firstName: body.first_name,
              lastName: body.last_name,
              passwordHash: NO_PASSWORD,
              applicationTypes: body.application_types,
              jobtypeFilter: body.jobtype_filter,
              outsourcingPoolId: body.outsourcing_pool_id,
            })
            .returning();
          id = row!.id;
          await setRoles(tx, id, body.roles);
          await setPermissions(tx, id, body.permissions);
          await setGroups(tx, id, body.group_ids);
          if (body.approves_for.length) await setApprovesFor(tx, trustId, id, body.approves_for, auth.ctx.user.id);
          await auditUser(tx, auth, { id, trustId }, 'user.created', { before: null, after: await snapshotOf(tx, row!) }, ip);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTakenError(body.email);
        throw err;
      }
      await sendInvitation({ id, email: body.email, firstName: body.first_name, trustId }, callerName(auth));
      await auditUser(db, auth, { id, trustId }, 'user.invited', { resend: false }, ip);
      return detail(id);
    },

    /** PATCH /api/users/{id}: only what is given changes; `active: true` reactivates. */
    async update(auth: RequestAuth, id: number, patch: UserUpdateParsed, ip: string): Promise<UserDetail> {
      const granter = await granterOf(auth);
      try {
        await db.transaction(async (tx) => {
          const row = await reachable(auth, id, tx);
          const before = await snapshotOf(tx, row);
          mustManage(auth, before.roles);
          if (!row.active && patch.active !== true) throw appError('user_inactive');
          const roles = patch.roles ?? before.roles;
          const typist = roles.some((r) => TYPIST_ROLES.includes(r));
          const after: Snapshot = {
            first_name: patch.first_name ?? before.first_name,
            last_name: patch.last_name ?? before.last_name,
            email: patch.email ?? before.email,
            site_id: patch.site_id ?? before.site_id,
            roles: [...roles].sort(),
            permissions: [...(patch.permissions ?? before.permissions)].sort(),
            group_ids: [...(patch.group_ids ?? before.group_ids)].sort((a, b) => a - b),
            application_types: patch.application_types ?? before.application_types,
            jobtype_filter: patch.jobtype_filter ?? before.jobtype_filter,
            // Only a Secretary or Manager approves for authors: a user who stops being one stops doing so.
            approves_for: typist ? [...(patch.approves_for ?? before.approves_for)].sort((a, b) => a - b) : [],
            outsourcing_pool_id: patch.outsourcing_pool_id !== undefined ? patch.outsourcing_pool_id : before.outsourcing_pool_id,
            active: patch.active ?? before.active,
          };
          if (after.site_id !== before.site_id) await checkSite(auth, row.trustId, after.site_id, tx);
          const refusal = grantRefusal(
            granter,
            { roles: before.roles, permissions: before.permissions, groupIds: before.group_ids },
            {
              roles: after.roles,
              permissions: after.permissions,
              groupIds: after.group_ids,
            },
          );
          if (refusal) throw await refusalError(tx, row.trustId, refusal);
          await checkReferences(
            tx,
            row.trustId,
            after.site_id,
            {
              roles: after.roles,
              group_ids: patch.group_ids ?? (after.site_id !== before.site_id ? after.group_ids : undefined),
              outsourcing_pool_id: patch.outsourcing_pool_id,
              jobtype_filter: patch.jobtype_filter,
              approves_for: patch.approves_for ? after.approves_for : undefined,
            },
            id,
          );
          if (before.roles.includes('TrustAdmin') && !after.roles.includes('TrustAdmin') && row.active) await guardLastAdmin(tx, row);
          if (after.email.toLowerCase() !== before.email.toLowerCase() && (await emailTaken(tx, after.email, id)))
            throw emailTakenError(after.email);
          if (JSON.stringify(after) === JSON.stringify(before)) return;
          await tx
            .update(users)
            .set({
              firstName: after.first_name,
              lastName: after.last_name,
              email: after.email,
              siteId: after.site_id,
              applicationTypes: after.application_types,
              jobtypeFilter: after.jobtype_filter,
              outsourcingPoolId: after.outsourcing_pool_id,
              active: after.active,
            })
            .where(eq(users.id, id));
          if (patch.roles) await setRoles(tx, id, after.roles);
          if (patch.permissions) await setPermissions(tx, id, after.permissions);
          if (patch.group_ids) await setGroups(tx, id, after.group_ids);
          if (JSON.stringify(after.approves_for) !== JSON.stringify(before.approves_for))
            await setApprovesFor(tx, row.trustId, id, after.approves_for, auth.ctx.user.id);
          const action = !before.active && after.active ? 'user.reactivated' : 'user.updated';
          await auditUser(tx, auth, row, action, { before, after }, ip);
        });
      } catch (err) {
        if (isUniqueViolation(err) && patch.email) throw emailTakenError(patch.email);
        throw err;
      }
      // Their next request is checked with what they now hold.
      forgetUser(id);
      return detail(id);
    },

    /** DELETE /api/users/{id}: deactivate, handing their work on; their sessions end. */
    async deactivate(
      auth: RequestAuth,
      id: number,
      q: z.infer<typeof userDeactivateQuerySchema>,
      ip: string,
    ): Promise<{ message: string; data: UserDetail }> {
      let heirName: string | null = null;
      let name = '';
      await db.transaction(async (tx) => {
        const row = await reachable(auth, id, tx);
        name = fullName(row.firstName, row.lastName);
        const { roles } = await grantsOf(tx, id);
        mustManage(auth, roles);
        if (id === auth.ctx.user.id) throw appError('user_deactivate_self');
        if (!row.active) throw appError('user_inactive');
        if (roles.includes('TrustAdmin')) await guardLastAdmin(tx, row);
        const work = await workOf(tx, id);
        const heirOk = async (heirId: number | undefined, want: Role[]) =>
          heirId === undefined || (heirId !== id && (await activeWithRole(tx, row.trustId, [heirId], want)).length === 1);
        if (!(await heirOk(q.heir_id, ['Author']))) {
          const e = appError('user_heir_invalid');
          throw e.withFields({ heir_id: [e.message] });
        }
        if (!(await heirOk(q.typist_heir_id, TYPIST_ROLES))) {
          const e = appErrorVariant('user_heir_invalid', 'typist');
          throw e.withFields({ typist_heir_id: [e.message] });
        }
        if (work.authored > 0 && q.heir_id === undefined) throw appError('user_needs_heir', work);
        await handOnWork(tx, id, auth.ctx.user.id, q.heir_id ?? null, q.typist_heir_id ?? null);
        await tx.update(users).set({ active: false }).where(eq(users.id, id));
        // An invitation not yet accepted stops working.
        await tx
          .update(passwordResets)
          .set({ usedAt: new Date() })
          .where(and(eq(passwordResets.userId, id), isNull(passwordResets.usedAt)));
        if (q.heir_id !== undefined) {
          const heir = await findUser(tx, q.heir_id);
          heirName = heir ? fullName(heir.firstName, heir.lastName) : null;
        }
        await auditUser(
          tx,
          auth,
          row,
          'user.deactivated',
          {
            before: { active: true },
            after: { active: false },
            work,
            heir_id: q.heir_id ?? null,
            typist_heir_id: q.typist_heir_id ?? null,
          },
          ip,
        );
      });
      await revokeAllSessions(db, id);
      const message = heirName ? PAGE_MESSAGES.userDeactivatedWithWork(name, heirName) : PAGE_MESSAGES.userDeactivated(name);
      return { message, data: await detail(id) };
    },

    /** POST /api/users/{id}/invite: a new link replaces the one sent before. */
    async invite(auth: RequestAuth, id: number, ip: string): Promise<{ message: string; data: UserDetail }> {
      const row = await actionable(auth, id);
      if (!row.invitedAt) throw appError('user_not_invited');
      await sendInvitation(row, callerName(auth));
      await auditUser(db, auth, row, 'user.invited', { resend: true }, ip);
      return { message: PAGE_MESSAGES.userInviteResent(row.email), data: await detail(id) };
    },

    /** POST /api/users/{id}/unlock: the sign-in and PIN locks end. */
    async unlock(auth: RequestAuth, id: number, ip: string): Promise<{ message: string; data: UserDetail }> {
      const row = await actionable(auth, id);
      const before = await accountState(db, id);
      await unlockKeys(db, row.email, id);
      await auditUser(db, auth, row, 'user.unlocked', { before: { locked: before.locked }, after: { locked: false } }, ip);
      return { message: PAGE_MESSAGES.userUnlocked(fullName(row.firstName, row.lastName)), data: await detail(id) };
    },

    /** POST /api/users/{id}/reset-pin: no PIN; every session asks for a new one at its next request. */
    async resetPin(auth: RequestAuth, id: number, ip: string): Promise<{ message: string; data: UserDetail }> {
      const row = await actionable(auth, id);
      await db.transaction(async (tx) => {
        await tx.update(users).set({ pinHash: null, pinSetAt: null }).where(eq(users.id, id));
        await clearPinVerification(tx, id);
        await auditUser(tx, auth, row, 'user.pin_reset', { before: { pin_set: row.pinHash !== null }, after: { pin_set: false } }, ip);
      });
      await clearPinLock(db, id);
      forgetUser(id);
      return { message: PAGE_MESSAGES.userPinReset(fullName(row.firstName, row.lastName)), data: await detail(id) };
    },

    /** POST /api/users/{id}/sign-out-everywhere: every session ends (and its cached check with it). */
    async signOutEverywhere(auth: RequestAuth, id: number, ip: string): Promise<{ message: string; data: UserDetail }> {
      const row = await actionable(auth, id);
      await revokeAllSessions(db, id);
      await auditUser(db, auth, row, 'user.signed_out_everywhere', {}, ip);
      return { message: PAGE_MESSAGES.userSignedOutEverywhere(fullName(row.firstName, row.lastName)), data: await detail(id) };
    },

    /** Used by the CSV import: the caller's reach, grants and name. */
    reachOf,
    granterOf,
    callerName,
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
