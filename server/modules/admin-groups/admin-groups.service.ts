/**
 * Groups (issue 25): permission bundles of a trust, or of one of its sites, and their members. Reach: a
 * SuperAdmin every trust's groups, a TrustAdmin or a holder of `groups` their trust's, a SiteAdmin their
 * site's (src/domain/group-grants.ts); another's is not found. Nobody grants a permission they do not hold:
 * giving it to a group, or changing a group that gives it (its members included), is refused. Every change is
 * audited with the group before and after, and a member's next request sees their new permissions (the
 * few-second session cache is dropped for them).
 */
import type { z } from 'zod';
import type {
  Group,
  GroupDetail,
  GroupMember,
  groupCandidatesQuerySchema,
  groupCreateSchema,
  groupMembersAddSchema,
  groupsQuerySchema,
  groupUpdateSchema,
  PermissionsAnswer,
} from '../../../src/domain/contract';
import { notHeld, reachesGroup, reachesPerson } from '../../../src/domain/group-grants';
import { fullName as personName } from '../../../src/domain/display-format';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import { PERMISSION_DESCRIPTIONS, PERMISSIONS, type Permission } from '../../../src/domain/roles';
import type { Db } from '../../db/client';
import { reachOf, reachableTrust as reachableTrustOf } from '../admin-structure/scope';
import { audit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { appError, appErrorVariant, Errors } from '../../lib/errors';
import { forgetUser } from '../auth/auth-cache';
import type { RequestAuth } from '../auth/request-auth';
import {
  addMembers,
  deleteGroup,
  findCandidates,
  findGroup,
  findPeople,
  groupMembers,
  groupNameTaken,
  insertGroup,
  listGroups,
  lockGroup,
  removeMember,
  setGroupPermissions,
  trustSites,
  updateGroup,
  type GroupRow,
  type MemberRow,
} from './admin-groups.repository';

type Snapshot = { name: string; description: string | null; site_id: number | null; permissions: Permission[] };
const snapshot = (g: Pick<GroupRow, 'name' | 'description' | 'siteId' | 'permissions'>): Snapshot => ({
  name: g.name,
  description: g.description,
  site_id: g.siteId,
  permissions: [...g.permissions].sort(),
});

const toGroup = (r: GroupRow): Group => ({
  id: r.id,
  trust_id: r.trustId,
  name: r.name,
  description: r.description,
  site: r.siteId === null ? null : { id: r.siteId, name: r.siteName ?? '' },
  permissions: PERMISSIONS.filter((p) => r.permissions.includes(p)),
  members: r.members,
});

const toMember = (m: MemberRow): GroupMember => ({
  id: m.id,
  full_name: fullName(m),
  email: m.email,
  site: { id: m.siteId, name: m.siteName },
});

const fullName = (m: MemberRow) => personName(m.firstName, m.lastName);

/** A refusal said under one field of the form. */
const under = (field: string, e: ReturnType<typeof appError>) => e.withFields({ [field]: [e.message] });

/** Drops the members' cached sessions once the change is committed: their next request loads their permissions afresh. */
const forgetAll = (ids: Iterable<number>) => {
  for (const id of ids) forgetUser(id);
};

export function createGroupService(db: Db) {
  const reachableTrust = (auth: RequestAuth, trustId?: number) => reachableTrustOf(db, auth, trustId);

  /** The sites of the trust the caller may scope a group to: a SiteAdmin their own. */
  async function sitesFor(auth: RequestAuth, trustId: number) {
    const reach = reachOf(auth);
    const all = await trustSites(db, trustId);
    return reach.siteId === 'any' ? all : all.filter((s) => s.id === reach.siteId);
  }

  /** The scope asked for, checked: one of the trust's sites, and a SiteAdmin's own site only. */
  async function checkScope(auth: RequestAuth, trustId: number, siteId: number | null, q: Db = db): Promise<string | null> {
    const reach = reachOf(auth);
    const all = await trustSites(q, trustId);
    if (reach.siteId !== 'any') {
      const own = all.find((s) => s.id === reach.siteId);
      if (siteId !== reach.siteId) throw under('site_id', appErrorVariant('group_site_unknown', 'notYours', own?.name ?? 'your site'));
      return own?.name ?? null;
    }
    if (siteId === null) return null;
    const site = all.find((s) => s.id === siteId);
    if (!site) throw under('site_id', appError('group_site_unknown'));
    return site.name;
  }

  /** Refuses giving what the caller does not hold. */
  function mustHoldToGive(auth: RequestAuth, codes: readonly Permission[]) {
    const missing = notHeld(auth.subject, codes);
    if (missing.length) throw under('permissions', appError('group_permission_not_held', missing));
  }

  /** Refuses any change to a group that gives something the caller does not hold. */
  function mustHoldToChange(auth: RequestAuth, group: GroupRow) {
    const missing = notHeld(auth.subject, group.permissions);
    if (missing.length) throw appErrorVariant('group_permission_not_held', 'change', missing);
  }

  /** The group when the caller reaches it (held for the transaction when `tx` is one); otherwise not found. */
  async function reachable(auth: RequestAuth, id: number, tx?: Db): Promise<GroupRow> {
    const row = tx ? await lockGroup(tx, id) : await findGroup(db, id);
    if (!row || !reachesGroup(reachOf(auth), row)) throw Errors.notFound();
    return row;
  }

  async function detail(id: number): Promise<GroupDetail> {
    const row = await findGroup(db, id);
    if (!row) throw Errors.notFound();
    return { ...toGroup(row), member_list: (await groupMembers(db, id)).map(toMember) };
  }

  return {
    /** GET /api/groups: one page of a trust's groups (a SiteAdmin: their site's), with the sites a group may be for. */
    async list(auth: RequestAuth, q: z.infer<typeof groupsQuerySchema>) {
      const trust = await reachableTrust(auth, q.trust_id);
      const reach = reachOf(auth);
      const sites = await sitesFor(auth, trust.id);
      let siteId = q.site_id;
      if (reach.siteId !== 'any') {
        if (siteId !== undefined && siteId !== reach.siteId) return { trust, sites, data: [] as Group[], total: 0 };
        siteId = reach.siteId;
      }
      const { rows, total } = await listGroups(db, { trustId: trust.id, siteId, search: q.search || undefined }, q.page, q.paginate);
      return { trust, sites, data: rows.map(toGroup), total };
    },

    async get(auth: RequestAuth, id: number): Promise<GroupDetail> {
      await reachable(auth, id);
      return detail(id);
    },

    /** POST /api/groups: a new group with its permissions; its members are added afterwards. */
    async create(auth: RequestAuth, body: z.infer<typeof groupCreateSchema>, ip: string): Promise<GroupDetail> {
      const trust = await reachableTrust(auth, body.trust_id);
      await checkScope(auth, trust.id, body.site_id);
      mustHoldToGive(auth, body.permissions);
      if (await groupNameTaken(db, trust.id, body.name)) throw under('name', appError('group_name_taken', body.name));
      const v = { trustId: trust.id, siteId: body.site_id, name: body.name, description: body.description ?? null };
      const nameTaken = () => under('name', appError('group_name_taken', body.name));
      // The unique index decides between two saves of one name at once; the check above is the courtesy.
      const id = await db.transaction(async (tx) => {
        const made = await insertGroup(tx, v, body.permissions).catch((err: unknown) =>
          Promise.reject(isUniqueViolation(err) ? nameTaken() : err),
        );
        await audit(tx, {
          trustId: trust.id,
          userId: auth.ctx.user.id,
          action: 'group.created',
          entityType: 'group',
          entityId: made,
          details: { before: null, after: snapshot({ ...v, permissions: body.permissions }) },
          ip,
        });
        return made;
      });
      return detail(id);
    },

    /** PATCH /api/groups/{id}: name, description, scope, permissions (the whole new set). */
    async update(auth: RequestAuth, id: number, patch: z.infer<typeof groupUpdateSchema>, ip: string): Promise<GroupDetail> {
      let affected: number[] = [];
      await db.transaction(async (tx) => {
        const row = await reachable(auth, id, tx);
        mustHoldToChange(auth, row);
        const before = snapshot(row);
        const after: Snapshot = {
          name: patch.name ?? before.name,
          description: patch.description !== undefined ? patch.description : before.description,
          site_id: patch.site_id !== undefined ? patch.site_id : before.site_id,
          permissions: patch.permissions ? [...patch.permissions].sort() : before.permissions,
        };
        if (patch.permissions) mustHoldToGive(auth, patch.permissions);
        if (after.site_id !== before.site_id) {
          const siteName = await checkScope(auth, row.trustId, after.site_id, tx);
          if (after.site_id !== null) {
            const elsewhere = (await groupMembers(tx, id)).filter((m) => m.siteId !== after.site_id);
            if (elsewhere.length)
              throw under('site_id', appError('group_members_elsewhere', elsewhere.map(fullName), siteName ?? 'one site'));
          }
        }
        if (after.name !== before.name && (await groupNameTaken(tx, row.trustId, after.name, id)))
          throw under('name', appError('group_name_taken', after.name));
        if (JSON.stringify(after) === JSON.stringify(before)) return;
        await updateGroup(tx, id, { name: after.name, description: after.description, siteId: after.site_id }).catch((err: unknown) =>
          Promise.reject(isUniqueViolation(err) ? under('name', appError('group_name_taken', after.name)) : err),
        );
        const permissionsChanged = JSON.stringify(after.permissions) !== JSON.stringify(before.permissions);
        if (permissionsChanged) {
          await setGroupPermissions(tx, id, after.permissions);
          affected = (await groupMembers(tx, id)).map((m) => m.id);
        }
        await audit(tx, {
          trustId: row.trustId,
          userId: auth.ctx.user.id,
          action: 'group.updated',
          entityType: 'group',
          entityId: id,
          details: { before, after },
          ip,
        });
      });
      forgetAll(affected);
      return detail(id);
    },

    /** DELETE /api/groups/{id}: its members lose what it gave them. */
    async remove(auth: RequestAuth, id: number, ip: string): Promise<{ message: string }> {
      let name = '';
      let affected: number[] = [];
      await db.transaction(async (tx) => {
        const row = await reachable(auth, id, tx);
        mustHoldToChange(auth, row);
        name = row.name;
        affected = (await groupMembers(tx, id)).map((m) => m.id);
        await deleteGroup(tx, id);
        await audit(tx, {
          trustId: row.trustId,
          userId: auth.ctx.user.id,
          action: 'group.deleted',
          entityType: 'group',
          entityId: id,
          details: { before: { ...snapshot(row), members: affected }, after: null },
          ip,
        });
      });
      forgetAll(affected);
      return { message: PAGE_MESSAGES.groupDeleted(name) };
    },

    /** GET /api/groups/{id}/candidates: who could join, by part of their name or e-mail address. */
    async candidates(auth: RequestAuth, id: number, q: z.infer<typeof groupCandidatesQuerySchema>): Promise<GroupMember[]> {
      const row = await reachable(auth, id);
      const reach = reachOf(auth);
      const siteId = row.siteId ?? (reach.siteId === 'any' ? null : reach.siteId);
      return (await findCandidates(db, id, { trustId: row.trustId, siteId, search: q.search || undefined })).map(toMember);
    },

    /** POST /api/groups/{id}/members: people of the group's trust (and site), within the caller's reach. */
    async addMembers(auth: RequestAuth, id: number, body: z.infer<typeof groupMembersAddSchema>, ip: string): Promise<GroupDetail> {
      let added: number[] = [];
      await db.transaction(async (tx) => {
        const row = await reachable(auth, id, tx);
        mustHoldToChange(auth, row);
        const wanted = [...new Set(body.user_ids)];
        const people = await findPeople(tx, wanted);
        const reach = reachOf(auth);
        const found = people.filter((p) => p.trustId === row.trustId && reachesPerson(reach, p));
        if (found.length !== wanted.length) throw under('user_ids', appError('group_member_unknown'));
        if (row.siteId !== null) {
          const elsewhere = found.filter((p) => p.siteId !== row.siteId);
          if (elsewhere.length)
            throw under('user_ids', appError('group_member_other_site', elsewhere.map(fullName), row.siteName ?? 'one site'));
        }
        const before = (await groupMembers(tx, id)).map((m) => m.id).sort((a, b) => a - b);
        added = wanted.filter((u) => !before.includes(u));
        if (!added.length) return;
        await addMembers(tx, id, added);
        await audit(tx, {
          trustId: row.trustId,
          userId: auth.ctx.user.id,
          action: 'group.members_added',
          entityType: 'group',
          entityId: id,
          details: { before: { members: before }, after: { members: [...before, ...added].sort((a, b) => a - b) } },
          ip,
        });
      });
      forgetAll(added);
      return detail(id);
    },

    /** DELETE /api/groups/{id}/members/{userId}: not a member (or not within reach) is not found. */
    async removeMember(auth: RequestAuth, id: number, userId: number, ip: string): Promise<GroupDetail> {
      await db.transaction(async (tx) => {
        const row = await reachable(auth, id, tx);
        mustHoldToChange(auth, row);
        const before = (await groupMembers(tx, id)).map((m) => m.id).sort((a, b) => a - b);
        if (!(await removeMember(tx, id, userId))) throw Errors.notFound();
        await audit(tx, {
          trustId: row.trustId,
          userId: auth.ctx.user.id,
          action: 'group.member_removed',
          entityType: 'group',
          entityId: id,
          details: { before: { members: before }, after: { members: before.filter((m) => m !== userId) } },
          ip,
        });
      });
      forgetUser(userId);
      return detail(id);
    },

    /** GET /api/permissions: the codes of spec §6, each with what it allows. */
    permissions(): PermissionsAnswer {
      return { data: PERMISSIONS.map((code) => ({ code, description: PERMISSION_DESCRIPTIONS[code] })) };
    },
  };
}

export type GroupService = ReturnType<typeof createGroupService>;
