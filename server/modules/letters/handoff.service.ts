/**
 * Taking and passing on work from the dictation page: claim (open a waiting dictation for typing),
 * take over (a Manager takes someone else's typing) and the hand-offs of the workflow table
 * (send for approval, send to QA, hand back, return for typing, …). Every change goes through the
 * allocation service's conditional update, so of two people acting at once exactly one wins.
 */
import type { z } from 'zod';
import type { Letter, LetterNode, transitionSchema } from '../../../src/domain/contract';
import {
  ACTIONS_NEEDING_REASON,
  ACTIONS_PASSING_LETTER,
  TYPING_STATUSES,
  checkHandOff,
  type PageAction,
} from '../../../src/domain/letter-access';
import { MESSAGES } from '../../../src/domain/messages';
import { statusLabel, type DictationStatus } from '../../../src/domain/statuses';
import { TRANSITIONS, coverOnHandBack, findTransition } from '../../../src/domain/workflow';
import { routeTypedLetter } from '../../../src/domain/qa-routing';
import {
  SEND_CHECKED_ACTIONS,
  hasSendProblems,
  sendProblemLines,
  unfilledPlaceholders,
  type SendProblems,
} from '../../../src/domain/send-check';
import type { Distribution } from '../distribution/distribution.service';
import type { Db } from '../../db/client';
import { jobTypeNeedsQa } from '../dictations/dictations.repository';
import { addComment } from './detail.repository';
import { Errors, appError, appErrorVariant } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { applyDictationChange, transitionValues } from '../worklist/dictation-change';
import { fullNameOf, letterDictationOf, letterUserOf, visibleContext } from './dictation-scope';
import { findLetter, keepVersion, type DictationRow } from './letters.repository';
import type { LetterService } from './letters.service';

type Transition = z.output<typeof transitionSchema>;

/** A hand-off based on a letter version that is no longer the latest: answered 409 with the server's copy. */
class HandOffStale extends Error {}

export type HandOffResult = { ok: true } | { ok: false; current: Letter };

/**
 * What a hand-off does to dictations.return_reason: sending a letter back keeps why (the typist sees it
 * on top, the list shows "Returned"); passing it on clears it. Other hand-offs leave it as it is.
 */
const PASSING_ON: readonly PageAction[] = ['send_for_approval', 'send_to_qa', 'qa_pass', 'outsourced_done'];
function returnReasonValue(action: PageAction, reason: string | undefined): { returnReason?: string | null } {
  if (ACTIONS_NEEDING_REASON.includes(action)) return { returnReason: reason ?? null };
  if (PASSING_ON.includes(action)) return { returnReason: null };
  return {};
}

const changed = () => appError('changed');
const alreadyClaimed = (name: string | null) => appError('already_claimed', name ?? 'Someone else');

export function createHandOffService(db: Db, letters: LetterService, distribution: Pick<Distribution, 'plan'>) {
  return {
    /**
     * A Secretary or Manager opens a waiting dictation for typing: it becomes BEING_TYPED, assigned to
     * them. Claiming one's own again answers as the first time; someone else's answers who has it.
     */
    async claim(auth: RequestAuth, id: number, ip: string): Promise<void> {
      const me = auth.ctx.user.id;
      for (let attempt = 0; attempt < 2; attempt++) {
        const { row: d, assignee } = await visibleContext(db, auth, id);
        // Typing in place: BEING_TYPED, OUTSOURCED_REVIEW (the in-house check) or, for an external typist
        // of its pool, OUTSOURCED; the status stays, the dictation becomes theirs.
        const inPlace = inPlaceClaim(auth, d.status);
        if (inPlace && d.assignedTo === me) return;
        if (inPlace && d.assignedTo !== null) throw alreadyClaimed(assignee);
        // A dictation returned for typing to nobody in particular is taken like a waiting one.
        const t = inPlace ? null : findTransition(letterUserOf(auth), 'claim', letterDictationOf(d));
        if (!inPlace && !t) throw appError('wrong_status', statusLabel(d.status as DictationStatus));
        const ok = await applyDictationChange(
          db,
          auth,
          d,
          t ? transitionValues(t, me, d) : { assignedTo: me },
          { type: 'status', description: t?.label ?? (d.status === 'OUTSOURCED' ? 'Taken for outsourced typing' : 'Taken for typing') },
          ip,
          { sameAssignee: true },
        );
        if (ok) return;
        // Someone else changed it first: look again, and say who has it.
      }
      throw changed();
    },

    /** A Manager takes over typing someone else's dictation; the audit trail names both. */
    async takeOver(auth: RequestAuth, id: number, ip: string): Promise<void> {
      const { row: d, assignee } = await visibleContext(db, auth, id);
      const status = d.status;
      if (!TYPING_STATUSES.includes(status)) throw appErrorVariant('wrong_status', 'takeOver', statusLabel(status));
      if (d.assignedTo === auth.ctx.user.id) return;
      const me = fullNameOf(auth);
      const description = assignee ? `Taken over from ${assignee} by ${me}` : `Taken for typing by ${me}`;
      const ok = await applyDictationChange(db, auth, d, { assignedTo: auth.ctx.user.id }, { type: 'taken_over', description }, ip, {
        sameAssignee: true,
      });
      if (!ok) throw changed();
    },

    /**
     * A hand-off from the page: allowed by the workflow table for the caller's role and the dictation's
     * status; the letter as it is then is kept as a version named after the hand-off, and a reason for
     * sending it back is kept as a comment.
     */
    async transition(auth: RequestAuth, id: number, body: Transition, ip: string): Promise<HandOffResult> {
      try {
        await handOff(auth, id, body, ip);
        return { ok: true };
      } catch (err) {
        if (!(err instanceof HandOffStale)) throw err;
        return { ok: false, current: await letters.current(auth, await visibleContext(db, auth, id)) };
      }
    },
  };

  /** Whether a claim takes the dictation in its current status (no transition): see claim(). */
  function inPlaceClaim(auth: RequestAuth, status: DictationStatus): boolean {
    if (auth.subject.outsourcingPoolId != null) return status === 'OUTSOURCED';
    return TYPING_STATUSES.includes(status);
  }

  /**
   * QA routing (src/domain/qa-routing.ts): "send for approval" of a letter whose job type asks for QA,
   * or typed by a trainee, goes to QA_REVIEW instead.
   */
  async function routedAction(
    auth: RequestAuth,
    action: PageAction,
    d: { status: DictationStatus; jobTypeId: number | null },
  ): Promise<PageAction> {
    if (action !== 'send_for_approval') return action;
    const jobTypeQaRequired = d.jobTypeId ? await jobTypeNeedsQa(db, d.jobTypeId) : false;
    return routeTypedLetter({
      from: d.status,
      jobTypeQaRequired,
      typistQaRequired: auth.ctx.user.qaRequired,
    }).action;
  }

  /**
   * The send check (issue 23, src/domain/send-check.ts) on the letter as stored: its unfilled
   * placeholders, and the recipients no channel can reach by the approval's own rule (the delivery plan).
   */
  async function sendProblems(d: DictationRow, doc: LetterNode | undefined): Promise<SendProblems> {
    const plan = await distribution.plan(d);
    return {
      placeholders: doc ? unfilledPlaceholders(doc).map((u) => u.text) : [],
      recipients: plan.ok ? [] : plan.problems,
    };
  }

  async function handOff(auth: RequestAuth, id: number, body: Transition, ip: string): Promise<void> {
    const { row: d } = await visibleContext(db, auth, id);
    const user = letterUserOf(auth);
    const subject = letterDictationOf(d);
    const action: PageAction = body.action;
    const check = checkHandOff(user, subject, action);
    if (!check.ok) {
      const label = TRANSITIONS.find((t) => t.action === action)!.label;
      if (check.why === 'not_typist') throw appError('not_typist');
      const roleMayEver = TRANSITIONS.some(
        (t) => t.action === action && t.from.some((from) => findTransition(user, action, { ...subject, status: from })),
      );
      if (!roleMayEver) throw Errors.forbidden();
      throw appErrorVariant('wrong_status', 'handOff', label, statusLabel(subject.status));
    }
    if (ACTIONS_NEEDING_REASON.includes(action) && !body.reason)
      throw Errors.validation(MESSAGES.reasonRequired, { reason: [MESSAGES.reasonRequired] });
    const letter = await findLetter(db, id);
    if (ACTIONS_PASSING_LETTER.includes(action) && !letter?.row.text.trim()) throw appError('no_letter');
    if (body.base_version !== undefined && body.base_version !== (letter?.row.version ?? 0)) throw new HandOffStale();
    // Problems are caught when the letter leaves the typist, not when its author approves it (issue 23):
    // refused without a reason, so an offline queue or a script cannot skip what the page asks.
    const checked = SEND_CHECKED_ACTIONS.includes(action) ? await sendProblems(d, letter?.row.doc as LetterNode | undefined) : null;
    const problems = checked && hasSendProblems(checked) ? sendProblemLines(checked) : null;
    if (problems && !body.reason) throw Errors.sendProblems(problems);

    const routed = await routedAction(auth, action, d);
    const t = findTransition(user, routed, subject)!;
    // Handing back grants secretarial cover only when the author does it (issue 22).
    const decision = routed === 'hand_back' ? coverOnHandBack(user, subject, undefined) : null;
    const covered = decision?.ok === true && decision.cover;
    const ok = await applyDictationChange(
      db,
      auth,
      d,
      {
        ...transitionValues(t, auth.ctx.user.id, d, { cover: covered }),
        ...returnReasonValue(action, body.reason),
        ...(checked ? { sentAnyway: problems ? { reason: body.reason!, problems, by: fullNameOf(auth) } : null } : {}),
      },
      {
        type: 'status',
        description: problems
          ? MESSAGES.sentAnywayAudit(t.label, problems, body.reason!)
          : covered
            ? `${t.label}, with secretarial cover`
            : t.label,
      },
      ip,
      {
        // The check above read who is typing it: a take-over in between makes this one lose.
        sameAssignee: true,
        within: async (tx) => {
          // Read again under the dictation's new status: no save can land after this point.
          const now = await findLetter(tx, id, { forUpdate: true });
          if (body.base_version !== undefined && body.base_version !== (now?.row.version ?? 0)) throw new HandOffStale();
          if (now) {
            await keepVersion(tx, {
              dictationId: id,
              version: now.row.version,
              kind: routed,
              doc: now.row.doc,
              text: now.row.text,
              userId: auth.ctx.user.id,
            });
          }
          if (body.reason) await addComment(tx, id, auth.ctx.user.id, body.reason);
        },
      },
    );
    if (!ok) throw changed();
  }
}

export type HandOffService = ReturnType<typeof createHandOffService>;
