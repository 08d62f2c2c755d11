/**
 * Moving work: POST /api/dictation/allocate (spec §7), deletion and confidential marking. Every move goes
 * through the same rules as the dictation page's (src/domain/workflow.ts and `checkMove` in
 * src/domain/letter-access.ts, issue 22): the transition table, the typist's own hand-offs, secretarial
 * cover only from the author. Each dictation is changed only if it is still as it was read — its status
 * and its typist — so of concurrent allocations the database picks one and the others are told who has it;
 * a letter someone is typing is never taken by allocation (that is the Manager's take-over).
 */
import type { z } from 'zod';
import type { allocateSchema, AllocateResult } from '../../../src/domain/contract';
import { mayViewDictation } from '../dictations/dictation-visibility';
import { TYPING_STATUSES, checkMove } from '../../../src/domain/letter-access';
import { canDeleteDictation, canMarkConfidential, coverOnHandBack, findStatusMove } from '../../../src/domain/workflow';
import { statusLabel, type DictationStatus } from '../../../src/domain/statuses';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { findTrustDictations, type DictationRow } from '../dictations/dictations.repository';
import { findActiveInRole, findPerson } from '../users/trust-people.repository';
import { Errors, appError, appErrorVariant } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { poolOfTrust, poolsOfTrust } from '../outsourcing/pools.repository';
import {
  applyDictationChange,
  letterDictationOf,
  letterUserOf,
  transitionValues,
  type ChangeLog,
  type DictationValues,
} from './dictation-change';
import { fullName } from '../../../src/domain/display-format';

type Allocate = z.output<typeof allocateSchema>;
type Row = DictationRow;
/** One dictation's outcome: moved, or the reason in words. */
type Outcome = true | string;

const TYPIST_ROLES = ['Secretary', 'Manager', 'SuperAdmin'] as const;
/** Statuses in which a dictation has a typist who can be changed. */
const ASSIGNABLE: readonly DictationStatus[] = ['READY_FOR_TYPING', 'RECEIVED', 'BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW'];

const plural = (n: number) => `${n} ${n === 1 ? 'dictation' : 'dictations'}`;

export function createAllocationService(db: Db) {
  /** The caller's own trust's dictations they may see, by id; the rest simply are not found. */
  async function visibleRows(auth: RequestAuth, ids: number[]): Promise<Map<number, Row>> {
    const found = await findTrustDictations(db, auth.ctx.user.trustId, ids);
    return new Map(found.filter((d) => mayViewDictation(auth, d)).map((d) => [d.id, d]));
  }

  async function typist(auth: RequestAuth, userId: number) {
    const u = await findActiveInRole(db, auth.ctx.user.trustId, userId, ['Secretary', 'Manager']);
    if (!u) throw Errors.validation('user_id: choose a typist (a Secretary or Manager) of your trust.', { user_id: ['Choose a typist.'] });
    return { id: u.id, name: fullName(u.firstName, u.lastName) };
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

  /** Changed only if still as read; allocation moves also only if still with the same typist. */
  const apply = (auth: RequestAuth, d: Row, values: DictationValues, log: ChangeLog, ip: string, sameAssignee = true) =>
    applyDictationChange(db, auth, d, values, log, ip, { sameAssignee });

  async function nameOf(userId: number): Promise<string> {
    const u = await findPerson(db, userId);
    return u ? fullName(u.firstName, u.lastName) : 'Someone else';
  }

  /** Why a dictation cannot go to this typist: it is already theirs, or someone else is typing it. */
  async function heldReason(d: Row, target: number | null): Promise<string | null> {
    if (d.assignedTo === null) return null;
    if (d.assignedTo === target) return MESSAGES.allocationAlreadyAssigned(await nameOf(d.assignedTo));
    if (TYPING_STATUSES.includes(d.status)) return MESSAGES.allocationTaken(await nameOf(d.assignedTo));
    return null;
  }

  /** After losing to a concurrent change: who has it now, if someone is typing it; else that it changed. */
  async function lostReason(auth: RequestAuth, d: Row, target: number | null): Promise<string> {
    const now = (await visibleRows(auth, [d.id])).get(d.id);
    return (now && (await heldReason(now, target))) ?? MESSAGES.allocationChanged;
  }

  /** type=user: to a typist. A letter someone is typing is theirs: taking it is a Manager's take-over. */
  async function assignOne(auth: RequestAuth, d: Row, assignee: { id: number; name: string }, ip: string): Promise<Outcome> {
    const status = d.status;
    if (!ASSIGNABLE.includes(status)) return `A dictation in ${statusLabel(status)} cannot be assigned to a typist.`;
    const held = await heldReason(d, assignee.id);
    if (held) return held;
    const waiting = status === 'READY_FOR_TYPING' || status === 'RECEIVED';
    const values = { status: waiting ? 'BEING_TYPED' : status, assignedTo: assignee.id };
    if (await apply(auth, d, values, { type: 'assigned', description: `Assigned to ${assignee.name}` }, ip)) return true;
    return lostReason(auth, d, assignee.id);
  }

  /** type=status: the move the transition table allows, with the same checks as the page's hand-offs. */
  async function moveOne(
    auth: RequestAuth,
    d: Row,
    body: Allocate,
    pool: { id: number; name: string } | null,
    ip: string,
  ): Promise<Outcome> {
    const status = d.status;
    const target = body.status!;
    const user = letterUserOf(auth);
    const subject = letterDictationOf(d);
    const t = findStatusMove(user, subject, target);
    if (!t)
      return status === target || (target === 'READY_FOR_TYPING' && status === 'RECEIVED')
        ? `It is already in ${statusLabel(status)}.`
        : `It cannot be moved from ${statusLabel(status)} to ${statusLabel(target)}.`;
    if (!checkMove(user, subject, t.action).ok) return (await heldReason(d, auth.ctx.user.id)) ?? MESSAGES.handOffNeedsTypist;
    let cover = false;
    if (t.action === 'hand_back') {
      const decision = coverOnHandBack(user, subject, body.secretarial_cover);
      if (!decision.ok) return MESSAGES.coverOnlyByAuthor;
      cover = decision.cover;
    }
    const values = { ...transitionValues(t, auth.ctx.user.id, d, { cover }), ...(pool ? { outsourcingPoolId: pool.id } : {}) };
    const description = pool ? `${t.label}: ${pool.name}` : cover ? `${t.label}, with secretarial cover` : t.label;
    if (await apply(auth, d, values, { type: 'status', description }, ip)) return true;
    return lostReason(auth, d, t.action === 'claim' ? auth.ctx.user.id : null);
  }

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
        const outcome = assignee ? await assignOne(auth, d, assignee, ip) : await moveOne(auth, d, body, pool, ip);
        if (outcome === true) done++;
        else failed.push({ id, reference: d.reference, reason: outcome });
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
      const status = d.status;
      if (!canDeleteDictation(subject, { status: 'READY_FOR_TYPING', authorId: d.authorId })) throw Errors.forbidden();
      if (!canDeleteDictation(subject, { status, authorId: d.authorId }))
        throw appErrorVariant('wrong_status', 'delete', statusLabel(status));
      // Soft: hidden from every list, kept with its audio for the audit trail and the retention policy.
      const ok = await apply(
        auth,
        d,
        { deletedAt: new Date(), deletedBy: auth.ctx.user.id },
        { type: 'deleted', description: 'Deleted' },
        ip,
        false,
      );
      if (!ok) throw appError('changed');
    },

    async setConfidential(auth: RequestAuth, id: number, confidential: boolean, ip: string) {
      const d = (await visibleRows(auth, [id])).get(id);
      if (!d) throw Errors.notFound();
      const subject = { roles: auth.subject.roles, userId: auth.ctx.user.id };
      const status = d.status;
      if (!canMarkConfidential(subject, { status: 'READY_FOR_TYPING', authorId: d.authorId })) throw Errors.forbidden();
      if (!canMarkConfidential(subject, { status, authorId: d.authorId }))
        throw appErrorVariant('wrong_status', 'markConfidential', statusLabel(status));
      if (d.isConfidential === confidential) return { is_confidential: confidential };
      const ok = await apply(
        auth,
        d,
        { isConfidential: confidential },
        { type: 'confidential', description: confidential ? 'Marked confidential' : 'Confidential marking removed' },
        ip,
        false,
      );
      if (!ok) throw appError('changed');
      return { is_confidential: confidential };
    },
  };
}

export type AllocationService = ReturnType<typeof createAllocationService>;
