/**
 * Moving work: POST /api/dictation/allocate (spec §7), deletion and confidential marking. Every rule
 * comes from src/domain/workflow.ts; each dictation is changed only if it is still in the status it
 * was read in (two typists taking the same dictation: one wins), and each change is logged and audited.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { allocateSchema, AllocateResult } from '../../../src/domain/contract';
import { canViewDictation } from '../../../src/domain/dictation-access';
import { canDeleteDictation, canMarkConfidential, findStatusMove, type Transition } from '../../../src/domain/workflow';
import { statusLabel, type DictationStatus } from '../../../src/domain/statuses';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { dictationLogs, dictations, roles, userRoles, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { poolOfTrust, poolsOfTrust } from '../outsourcing/pools.repository';
import { emitForChange, publish, type EmittedNotification } from '../notifications/notify.service';
import { notifyChange } from '../live/live-channel';

type Allocate = z.output<typeof allocateSchema>;
type Row = typeof dictations.$inferSelect;

const TYPIST_ROLES = ['Secretary', 'Manager', 'SuperAdmin'] as const;
/** Statuses in which a dictation has a typist who can be changed. */
const ASSIGNABLE: readonly DictationStatus[] = ['READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW'];

const plural = (n: number) => `${n} ${n === 1 ? 'dictation' : 'dictations'}`;

export interface ChangeLog {
  type: string;
  description: string;
}

/**
 * Applies one change if the dictation is still as it was read (its status, and with `sameAssignee` its
 * typist too); false when someone else changed it first. Logs and audits it; `within` runs in the same
 * transaction after the change (the dictation page's hand-offs keep a letter version and a comment).
 * Shared with server/modules/letters.
 */
/** Who makes a change: a signed-in user, or the server itself (user id null: delivery finishing a letter). */
export type ChangeActor = { ctx: { user: { id: number | null } } };

/** The server as the actor of a system transition (src/domain/workflow.ts `System`). */
export const SYSTEM_ACTOR: ChangeActor = { ctx: { user: { id: null } } };

export async function applyDictationChange(
  db: Db,
  auth: ChangeActor,
  d: Row,
  values: Partial<typeof dictations.$inferInsert>,
  log: ChangeLog,
  ip: string,
  opts: { sameAssignee?: boolean; within?: (tx: Db) => Promise<void> } = {},
): Promise<boolean> {
  let told: EmittedNotification[] = [];
  const ok = await db.transaction(async (tx) => {
    const changed = await tx
      .update(dictations)
      .set({ ...values, updatedAt: new Date() })
      .where(
        and(
          eq(dictations.id, d.id),
          eq(dictations.status, d.status),
          isNull(dictations.deletedAt),
          opts.sameAssignee ? (d.assignedTo === null ? isNull(dictations.assignedTo) : eq(dictations.assignedTo, d.assignedTo)) : undefined,
        ),
      )
      .returning({ id: dictations.id });
    if (!changed.length) return false;
    await tx.insert(dictationLogs).values({ dictationId: d.id, userId: auth.ctx.user.id, ...log });
    await audit(tx as unknown as Db, {
      trustId: d.trustId,
      userId: auth.ctx.user.id,
      action: `dictation.${log.type}`,
      entityType: 'dictation',
      entityId: d.id,
      details: { from: d.status, to: values.status ?? d.status, assigned_to: values.assignedTo ?? d.assignedTo },
      ip,
    });
    await opts.within?.(tx as unknown as Db);
    told = await emitForChange(
      tx,
      { id: d.id, trustId: d.trustId, urgent: d.urgent === 'HIGH' },
      {
        from: d.status as DictationStatus,
        to: (values.status ?? d.status) as DictationStatus,
        authorId: d.authorId,
        assignedBefore: d.assignedTo,
        assignedAfter: values.assignedTo === undefined ? d.assignedTo : values.assignedTo,
        actorId: auth.ctx.user.id,
        returnReason: values.returnReason,
      },
    );
    // Open apps refresh their lists and bells (issue 14): delivered by PostgreSQL only once this commits.
    const pools = [d.outsourcingPoolId, values.outsourcingPoolId].filter((p): p is number => typeof p === 'number');
    await notifyChange(tx, { t: d.trustId, p: pools, u: told.map((n) => n.userId) });
    return true;
  });
  if (ok) publish(told);
  return ok;
}

/** The columns a workflow transition sets. */
export function transitionValues(
  t: Transition,
  auth: RequestAuth,
  d: Row,
  cover: boolean | undefined,
): Partial<typeof dictations.$inferInsert> {
  switch (t.action) {
    case 'claim':
      return { status: t.to, assignedTo: auth.ctx.user.id };
    case 'release':
    case 'outsource':
      return { status: t.to, assignedTo: null };
    case 'recall_outsourced':
      // Back in the trust's own queue: no pool sees it any more.
      return { status: t.to, assignedTo: null, outsourcingPoolId: null };
    case 'outsourced_done':
      // Back for an in-house check by whoever takes it (the pool keeps its name on the row for the record).
      return { status: t.to, assignedTo: null };
    case 'hand_back':
      // Spec §4: pulled back to the author with the secretarial cover flag set.
      return { status: t.to, secretarialCover: cover ?? true };
    default:
      return { status: t.to, assignedTo: d.assignedTo };
  }
}

export function createAllocationService(db: Db) {
  /** The caller's own trust's dictations they may see, by id; the rest simply are not found. */
  async function visibleRows(auth: RequestAuth, ids: number[]): Promise<Map<number, Row>> {
    const found = await db
      .select()
      .from(dictations)
      .where(and(inArray(dictations.id, ids), eq(dictations.trustId, auth.ctx.user.trustId), isNull(dictations.deletedAt)));
    const me = auth.ctx.user.id;
    return new Map(
      found
        .filter((d) =>
          canViewDictation(auth.subject, me, {
            authorId: d.authorId,
            createdBy: d.createdBy,
            assignedTo: d.assignedTo,
            isConfidential: d.isConfidential,
            status: d.status,
            outsourcingPoolId: d.outsourcingPoolId,
          }),
        )
        .map((d) => [d.id, d]),
    );
  }

  async function typist(auth: RequestAuth, userId: number) {
    const [u] = await db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.userId, users.id))
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(and(eq(users.id, userId), eq(users.trustId, auth.ctx.user.trustId), inArray(roles.name, ['Secretary', 'Manager'])))
      .limit(1);
    if (!u) throw Errors.validation('user_id: choose a typist (a Secretary or Manager) of your trust.', { user_id: ['Choose a typist.'] });
    return { id: u.id, name: `${u.firstName} ${u.lastName}`.trim() };
  }

  /**
   * The pool an OUTSOURCED move sends to: the one named (of the caller's trust: another trust's is
   * refused like an unknown one), else the trust's only pool. Refused before anything changes.
   */
  async function targetPool(auth: RequestAuth, body: Allocate): Promise<{ id: number; name: string } | null> {
    if (body.type !== 'status' || body.status !== 'OUTSOURCED') return null;
    const trustId = auth.ctx.user.trustId;
    if (body.pool_id !== undefined) {
      const pool = await poolOfTrust(db, trustId, body.pool_id);
      if (!pool) throw Errors.validation(MESSAGES.poolUnknown, { pool_id: [MESSAGES.poolUnknown] });
      return pool;
    }
    const pools = await poolsOfTrust(db, trustId);
    if (pools.length !== 1)
      throw Errors.validation(pools.length ? MESSAGES.poolRequired : MESSAGES.noPools, {
        pool_id: [pools.length ? MESSAGES.poolRequired : MESSAGES.noPools],
      });
    return pools[0]!;
  }

  const apply = (auth: RequestAuth, d: Row, values: Partial<typeof dictations.$inferInsert>, log: ChangeLog, ip: string) =>
    applyDictationChange(db, auth, d, values, log, ip);

  return {
    async allocate(auth: RequestAuth, body: Allocate, ip: string): Promise<AllocateResult> {
      const ids = [...new Set(body.dictations)];
      const isTypist = auth.subject.roles.some((r) => (TYPIST_ROLES as readonly string[]).includes(r));
      if (body.type === 'user' && !isTypist) throw Errors.forbidden();
      const assignee = body.type === 'user' ? await typist(auth, body.user_id!) : null;
      const pool = await targetPool(auth, body);
      const rows = await visibleRows(auth, ids);
      const failed: AllocateResult['unsuccessful_jobs'] = [];
      let done = 0;

      for (const id of ids) {
        const d = rows.get(id);
        if (!d) {
          failed.push({ id, reference: null, reason: 'Not found.' });
          continue;
        }
        const status = d.status as DictationStatus;
        let ok: boolean;
        if (assignee) {
          if (!ASSIGNABLE.includes(status)) {
            failed.push({ id, reference: d.reference, reason: `A dictation in ${statusLabel(status)} cannot be assigned to a typist.` });
            continue;
          }
          const waiting = status === 'READY_FOR_TYPING' || status === 'RECEIVED';
          ok = await apply(
            auth,
            d,
            { status: waiting ? 'BEING_TYPED' : status, assignedTo: assignee.id },
            { type: 'assigned', description: `Assigned to ${assignee.name}` },
            ip,
          );
        } else {
          const target = body.status!;
          const t = findStatusMove(
            { roles: auth.subject.roles, userId: auth.ctx.user.id, outsourcingPoolId: auth.subject.outsourcingPoolId },
            { status, authorId: d.authorId },
            target,
          );
          if (!t) {
            const reason =
              status === target || (target === 'READY_FOR_TYPING' && status === 'RECEIVED')
                ? `It is already in ${statusLabel(status)}.`
                : `It cannot be moved from ${statusLabel(status)} to ${statusLabel(target)}.`;
            failed.push({ id, reference: d.reference, reason });
            continue;
          }
          const values = { ...transitionValues(t, auth, d, body.secretarial_cover), ...(pool ? { outsourcingPoolId: pool.id } : {}) };
          const description = pool ? `${t.label}: ${pool.name}` : t.label;
          ok = await apply(auth, d, values, { type: 'status', description }, ip);
        }
        if (ok) done++;
        else failed.push({ id, reference: d.reference, reason: 'Someone else changed it a moment ago. Refresh the list and try again.' });
      }

      const what = assignee
        ? `assigned to ${assignee.name}`
        : pool && body.pool_id !== undefined
          ? `outsourced to ${pool.name}`
          : `moved to ${statusLabel(body.status!)}`;
      return {
        success_message: done ? `${plural(done)} ${what}.` : null,
        unsuccess_message: failed.length ? `${plural(failed.length)} could not be ${what}.` : null,
        unsuccessful_jobs: failed,
      };
    },

    async remove(auth: RequestAuth, id: number, ip: string): Promise<void> {
      const d = (await visibleRows(auth, [id])).get(id);
      if (!d) throw Errors.notFound();
      const subject = { roles: auth.subject.roles, userId: auth.ctx.user.id };
      const status = d.status as DictationStatus;
      if (!canDeleteDictation(subject, { status: 'READY_FOR_TYPING', authorId: d.authorId })) throw Errors.forbidden();
      if (!canDeleteDictation(subject, { status, authorId: d.authorId }))
        throw new AppError(409, 'wrong_status', MESSAGES.cannotDeleteInStatus(statusLabel(status)));
      // Soft: hidden from every list, kept with its audio for the audit trail and the retention policy.
      const ok = await apply(
        auth,
        d,
        { deletedAt: new Date(), deletedBy: auth.ctx.user.id },
        { type: 'deleted', description: 'Deleted' },
        ip,
      );
      if (!ok) throw new AppError(409, 'changed', 'Someone else changed this dictation a moment ago. Refresh and try again.');
    },

    async setConfidential(auth: RequestAuth, id: number, confidential: boolean, ip: string) {
      const d = (await visibleRows(auth, [id])).get(id);
      if (!d) throw Errors.notFound();
      const subject = { roles: auth.subject.roles, userId: auth.ctx.user.id };
      const status = d.status as DictationStatus;
      if (!canMarkConfidential(subject, { status: 'READY_FOR_TYPING', authorId: d.authorId })) throw Errors.forbidden();
      if (!canMarkConfidential(subject, { status, authorId: d.authorId }))
        throw new AppError(409, 'wrong_status', MESSAGES.cannotMarkConfidentialInStatus(statusLabel(status)));
      if (d.isConfidential === confidential) return { is_confidential: confidential };
      const ok = await apply(
        auth,
        d,
        { isConfidential: confidential },
        { type: 'confidential', description: confidential ? 'Marked confidential' : 'Confidential marking removed' },
        ip,
      );
      if (!ok) throw new AppError(409, 'changed', 'Someone else changed this dictation a moment ago. Refresh and try again.');
      return { is_confidential: confidential };
    },
  };
}

export type AllocationService = ReturnType<typeof createAllocationService>;
