/**
 * The one place a dictation changes (allocation, the page's claim, take-over and hand-offs, approval,
 * corrections, delivery finishing a letter): a conditional update — the row must still be as it was read —
 * logged, audited and announced in one transaction. Also what a workflow transition writes, and the
 * row as the workflow rules (src/domain/workflow.ts, src/domain/letter-access.ts) see it.
 */
import type { LetterDictation, LetterUser } from '../../../src/domain/letter-access';
import type { Transition } from '../../../src/domain/workflow';
import type { Db } from '../../db/client';
import { addDictationLog, updateIfUnchanged, type DictationRow, type NewDictation } from '../dictations/dictations.repository';
import { audit } from '../../lib/audit';
import type { RequestAuth } from '../auth/request-auth';
import { emitForChange, publish, type EmittedNotification } from '../notifications/notify.service';
import { notifyChange } from '../live/live-channel';

type Row = DictationRow;
export type DictationValues = Partial<NewDictation>;

export interface ChangeLog {
  type: string;
  description: string;
}

/** Who makes a change: a signed-in user, or the server itself (user id null: delivery finishing a letter). */
export type ChangeActor = { ctx: { user: { id: number | null } } };

/** The server as the actor of a system transition (src/domain/workflow.ts `System`). */
export const SYSTEM_ACTOR: ChangeActor = { ctx: { user: { id: null } } };

/** The caller as the workflow rules see them. */
export const letterUserOf = (auth: RequestAuth): LetterUser => ({
  userId: auth.ctx.user.id,
  roles: auth.subject.roles,
  permissions: auth.subject.permissions,
  outsourcingPoolId: auth.subject.outsourcingPoolId,
});

/**
 * The dictation as the workflow rules see it. Secretarial cover counts only with its grant recorded, by
 * the author (issue 22): a flag without one was not the author's to give.
 */
export const letterDictationOf = (d: Row): LetterDictation => ({
  status: d.status,
  authorId: d.authorId,
  assignedTo: d.assignedTo,
  secretarialCover: d.secretarialCover && d.secretarialCoverBy === d.authorId,
  outsourcingPoolId: d.outsourcingPoolId,
});

/**
 * Applies one change if the dictation is still as it was read (its status, and with `sameAssignee` its
 * typist too); false when someone else changed it first. Logs and audits it; `within` runs in the same
 * transaction after the change (the dictation page's hand-offs keep a letter version and a comment).
 */
export async function applyDictationChange(
  db: Db,
  auth: ChangeActor,
  d: Row,
  values: DictationValues,
  log: ChangeLog,
  ip: string,
  opts: { sameAssignee?: boolean; within?: (tx: Db) => Promise<void> } = {},
): Promise<boolean> {
  let told: EmittedNotification[] = [];
  const ok = await db.transaction(async (tx) => {
    const changed = await updateIfUnchanged(tx, d, values, !!opts.sameAssignee);
    if (!changed) return false;
    await addDictationLog(tx, { dictationId: d.id, userId: auth.ctx.user.id, ...log });
    await audit(tx, {
      trustId: d.trustId,
      userId: auth.ctx.user.id,
      action: `dictation.${log.type}`,
      entityType: 'dictation',
      entityId: d.id,
      details: { from: d.status, to: values.status ?? d.status, assigned_to: values.assignedTo ?? d.assignedTo },
      ip,
    });
    await opts.within?.(tx);
    told = await emitForChange(
      tx,
      { id: d.id, trustId: d.trustId, urgent: d.urgent === 'HIGH', reference: d.reference },
      {
        from: d.status,
        to: values.status ?? d.status,
        authorId: d.authorId,
        assignedBefore: d.assignedTo,
        assignedAfter: values.assignedTo === undefined ? d.assignedTo : values.assignedTo,
        actorId: auth.ctx.user.id,
        returnReason: values.returnReason,
      },
    );
    // Open apps refresh their lists and bells (issue 14): delivered by PostgreSQL only once this commits.
    const pools = [d.outsourcingPoolId, values.outsourcingPoolId].filter((p): p is number => typeof p === 'number');
    await notifyChange(tx, { t: d.trustId, p: pools, u: told.map((n) => n.userId), dictation: [d, { ...d, ...values }] });
    return true;
  });
  if (ok) publish(told);
  return ok;
}

/** No secretarial cover: every move but the author's own hand-back and approval leaves the row so. */
const NO_COVER: DictationValues = { secretarialCover: false, secretarialCoverBy: null, secretarialCoverAt: null };

/**
 * The columns a workflow transition sets. `cover` (the author's hand-back only: coverOnHandBack in
 * src/domain/workflow.ts) records the grant — who gave it and when — beside the flag. A letter that leaves
 * approval any other way than by approval loses its cover: the author's grant was for that round.
 */
export function transitionValues(t: Transition, actorId: number, d: Row, opts: { cover?: boolean } = {}): DictationValues {
  switch (t.action) {
    case 'claim':
      return { status: t.to, assignedTo: actorId, ...NO_COVER };
    case 'release':
    case 'outsource':
      return { status: t.to, assignedTo: null, ...NO_COVER };
    case 'recall_outsourced':
      // Back in the trust's own queue: no pool sees it any more.
      return { status: t.to, assignedTo: null, outsourcingPoolId: null, ...NO_COVER };
    case 'outsourced_done':
      // Back for an in-house check by whoever takes it (the pool keeps its name on the row for the record).
      return { status: t.to, assignedTo: null, ...NO_COVER };
    case 'hand_back':
      return {
        status: t.to,
        ...(opts.cover ? { secretarialCover: true, secretarialCoverBy: actorId, secretarialCoverAt: new Date() } : NO_COVER),
      };
    default:
      // After approval the flag stays as the record of how it was approved.
      return { status: t.to, assignedTo: d.assignedTo, ...(d.status === 'MANUAL_DISTRIBUTION' ? {} : NO_COVER) };
  }
}
