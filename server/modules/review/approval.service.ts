/**
 * Approval (issue 12): the author (or a Secretary or Manager with the author's secretarial cover for this
 * letter, or a standing delegation: issue 22) approves a letter waiting in AUTHOR_APPROVAL. The letter is signed with the approver's name, job title and registration
 * number from their profile, kept as a version of kind 'approve', and handed on: MANUAL_DISTRIBUTION, with
 * a delivery per recipient (server/modules/distribution) that makes it SENT once every copy has gone. One at a time from the page, or a batch from the list for letters the
 * caller has opened. Rules from src/domain/workflow.ts; the conditional change is the allocation's.
 */
import type { Approval, BatchApproveResult, Letter } from '../../../src/domain/contract';
import { checkLetterDoc } from '../../../src/domain/letter-doc';
import { MESSAGES } from '../../../src/domain/messages';
import { statusLabel, type DictationStatus } from '../../../src/domain/statuses';
import { checkMove, type LetterUser } from '../../../src/domain/letter-access';
import { TRANSITIONS, findTransition } from '../../../src/domain/workflow';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { AppError, appError, appErrorVariant } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { applyDictationChange } from '../worklist/dictation-change';
import { fullNameOf, letterDictationOf, letterUserOf, mayView, visibleContext } from '../letters/dictation-scope';
import { findContext, findLetter, keepVersion, signLetter, type DictationContext } from '../letters/letters.repository';
import { findSignatureDetails } from './signature.repository';
import type { LetterService } from '../letters/letters.service';
import { markSeen, openedBy } from './views.repository';
import { coverGrantFor, grantDetails } from './cover-grant';
import { authorsDelegatedTo, holdLiveDelegation } from '../delegations/delegations.repository';
import type { Distribution } from '../distribution/distribution.service';

export type ApproveResult = { ok: true } | { ok: false; current: Letter };

/** The letter changed since the version the approval was based on: answered 409 with the server's copy. */
class ApprovalStale extends Error {}
/** Refused for one dictation, with the words to give (batch approval lists them). */
class Refused extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}

const changed = () => new Refused(appError('changed'));

export function createApprovalService(db: Db, letterService: LetterService, distribution: Distribution) {
  /**
   * The caller as the workflow rules see them for approval: with the authors they may approve for by a
   * standing delegation (read only for a Secretary or Manager, the only ones it can apply to).
   */
  async function approverOf(auth: RequestAuth): Promise<LetterUser> {
    const user = letterUserOf(auth);
    const typist = user.roles.includes('Secretary') || user.roles.includes('Manager');
    return typist && user.outsourcingPoolId == null ? { ...user, approvesFor: await authorsDelegatedTo(db, user.userId) } : user;
  }

  /** Whether the caller may approve this dictation now (the one check of every move); the refusal in plain words when not. */
  function check(user: LetterUser, ctx: DictationContext): void {
    const subject = letterDictationOf(ctx.row);
    if (checkMove(user, subject, 'approve').ok) return;
    const status = subject.status;
    const approve = TRANSITIONS.find((t) => t.action === 'approve')!;
    // Someone who could approve it were it waiting for approval is told where it is now (409); anyone
    // else may not approve it at all (403).
    const couldWhenWaiting = approve.from.some((from) => findTransition(user, 'approve', { ...subject, status: from }));
    if (!couldWhenWaiting) throw new Refused(appErrorVariant('forbidden', 'notYoursToApprove'));
    if (status === 'MANUAL_DISTRIBUTION' || status === 'SENT') throw new Refused(appErrorVariant('wrong_status', 'approvedAlready'));
    throw new Refused(appErrorVariant('wrong_status', 'approve', statusLabel(status as DictationStatus)));
  }

  async function signatureOf(auth: RequestAuth, ctx: DictationContext, at: Date): Promise<Approval> {
    const me = await findSignatureDetails(db, auth.ctx.user.id);
    const isAuthor = ctx.row.authorId === auth.ctx.user.id;
    return {
      user_id: auth.ctx.user.id,
      name: fullNameOf(auth),
      job_title: me?.jobTitle ?? null,
      registration_number: me?.registrationNumber ?? null,
      on_behalf_of: isAuthor ? null : ctx.author,
      approved_at: at.toISOString(),
    };
  }

  /** Approves one dictation the caller may approve; throws Refused or ApprovalStale otherwise. */
  async function approveOne(
    auth: RequestAuth,
    user: LetterUser,
    ctx: DictationContext,
    baseVersion: number | undefined,
    ip: string,
  ): Promise<void> {
    check(user, ctx);
    const id = ctx.row.id;
    const letter = await findLetter(db, id);
    if (!letter?.row.text.trim()) throw new Refused(appErrorVariant('no_letter', 'approve'));
    if (baseVersion !== undefined && baseVersion !== letter.row.version) throw new ApprovalStale();
    // Issue 22: a letter saved before the letter bounds existed, and breaking them, could be neither
    // printed nor sent; it is put right before it is signed. Every save since is checked when stored.
    const problem = checkLetterDoc(letter.row.doc)[0];
    if (problem) throw new Refused(appErrorVariant('letter_not_renderable', 'approve', problem));
    // Issue 13: every recipient must be reachable before the letter is signed, not found out afterwards.
    const plan = await distribution.plan(ctx.row);
    if (!plan.ok)
      throw new Refused(
        plan.code === 'no_channel'
          ? appError('no_channel', plan.reason)
          : appErrorVariant('patient_identity_mismatch', 'planned', plan.reason),
      );

    const at = new Date();
    const me = auth.ctx.user.id;
    const approval = await signatureOf(auth, ctx, at);
    // Issue 22: on whose word someone other than the author approves — named in the audit trail.
    const grant = await coverGrantFor(db, ctx, me);
    if (approval.on_behalf_of && !grant) throw new Refused(appErrorVariant('forbidden', 'notYoursToApprove'));
    const description =
      approval.on_behalf_of && grant
        ? MESSAGES.approvedOnBehalf(approval.name, approval.on_behalf_of, grant.words)
        : `Approved by ${approval.name}`;
    const t = findTransition(user, 'approve', letterDictationOf(ctx.row))!;
    const ok = await applyDictationChange(
      db,
      auth,
      ctx.row,
      // Approval passes the letter on: the reason it was last sent back no longer applies.
      { status: t.to, assignedTo: ctx.row.assignedTo, returnReason: null },
      { type: 'approved', description },
      ip,
      {
        within: async (tx) => {
          // A delegation revoked meanwhile no longer covers it; held until this commits, a revocation waits.
          if (grant?.kind === 'delegation' && !(await holdLiveDelegation(tx, grant.delegationId)))
            throw new Refused(appErrorVariant('forbidden', 'notYoursToApprove'));
          // Under the dictation's new status no save can land any more; the letter is read once more.
          const now = await findLetter(tx, id, { forUpdate: true });
          if (!now?.row.text.trim()) throw new Refused(appErrorVariant('no_letter', 'approve'));
          if (baseVersion !== undefined && baseVersion !== now.row.version) throw new ApprovalStale();
          // The signed letter is a version of its own: the text as approved, with who signed it.
          const signed = await signLetter(tx, id, approval, me, at);
          await keepVersion(tx, {
            dictationId: id,
            version: signed,
            kind: 'approve',
            doc: now.row.doc,
            text: now.row.text,
            userId: me,
          });
          await markSeen(tx, id, me, signed);
          await audit(tx, {
            trustId: ctx.row.trustId,
            userId: me,
            action: 'letter.approved',
            entityType: 'dictation',
            entityId: id,
            details: {
              version: signed,
              on_behalf_of_user_id: approval.on_behalf_of ? ctx.row.authorId : null,
              cover: grant ? grantDetails(grant) : null,
            },
            ip,
          });
          // One delivery per recipient, in the same transaction: approved means on its way.
          await distribution.start(tx, ctx.row, plan.deliveries, me, ip);
        },
      },
    );
    if (!ok) throw changed();
    distribution.kick();
  }

  return {
    /** POST /api/dictation/{id}/transition with action 'approve'. */
    async approve(auth: RequestAuth, id: number, baseVersion: number | undefined, ip: string): Promise<ApproveResult> {
      const ctx = await visibleContext(db, auth, id);
      try {
        await approveOne(auth, await approverOf(auth), ctx, baseVersion, ip);
        return { ok: true };
      } catch (err) {
        if (err instanceof ApprovalStale)
          return { ok: false, current: await letterService.current(auth, await visibleContext(db, auth, id)) };
        if (err instanceof Refused) throw err.error;
        throw err;
      }
    },

    /**
     * POST /api/dictation/approve: approves each dictation the caller may approve and has opened at
     * least once; the rest are listed with the reason. Another trust's or an invisible one is "Not found."
     */
    async approveBatch(auth: RequestAuth, ids: number[], ip: string): Promise<BatchApproveResult> {
      const unique = [...new Set(ids)];
      const opened = await openedBy(db, auth.ctx.user.id, unique);
      const user = await approverOf(auth);
      const approved: number[] = [];
      const failed: BatchApproveResult['unsuccessful_jobs'] = [];
      for (const id of unique) {
        const ctx = await findContext(db, id);
        if (!ctx || !mayView(auth, ctx.row)) {
          failed.push({ id, reference: null, reason: 'Not found.' });
          continue;
        }
        try {
          check(user, ctx);
          if (!opened.has(id)) throw new Refused(appError('not_opened'));
          await approveOne(auth, user, ctx, undefined, ip);
          approved.push(id);
        } catch (err) {
          if (!(err instanceof Refused)) throw err;
          failed.push({ id, reference: ctx.row.reference, reason: err.message });
        }
      }
      return {
        approved,
        success_message: approved.length ? MESSAGES.approvedCount(approved.length) : null,
        unsuccess_message: failed.length ? MESSAGES.notApprovedCount(failed.length) : null,
        unsuccessful_jobs: failed,
      };
    },
  };
}

export type ApprovalService = ReturnType<typeof createApprovalService>;
