/**
 * Where a typed letter goes when the typist sends it on (issue 12, QA_REVIEW). Pure; the server's
 * hand-off uses it to turn "Send for approval" into "Sent to QA review" when QA applies, and the page
 * can use it to say where the letter went.
 *
 * QA applies to a letter typed in-house (from BEING_TYPED) when its job type asks for QA or the typist
 * is a trainee (users.qa_required). A letter coming back from an outsourcing pool (OUTSOURCED_REVIEW)
 * is itself being checked in-house: that check is its quality check, so it goes to the author without
 * QA (neither the job type's nor the checker's flag applies; a Manager allocates the check to a
 * trained typist).
 */
import type { DictationStatus } from './statuses';

export interface QaRoutingInput {
  /** The dictation's status when the typist sends it on. */
  from: DictationStatus;
  /** job_types.qa_required of the dictation's job type (false without one). */
  jobTypeQaRequired: boolean;
  /** users.qa_required of the typist sending it (a trainee). */
  typistQaRequired: boolean;
}

export type QaRoute =
  { to: 'AUTHOR_APPROVAL'; action: 'send_for_approval' } | { to: 'QA_REVIEW'; action: 'send_to_qa'; why: 'job_type' | 'trainee' };

export function routeTypedLetter(input: QaRoutingInput): QaRoute {
  const direct = { to: 'AUTHOR_APPROVAL', action: 'send_for_approval' } as const;
  if (input.from !== 'BEING_TYPED') return direct;
  if (input.jobTypeQaRequired) return { to: 'QA_REVIEW', action: 'send_to_qa', why: 'job_type' };
  if (input.typistQaRequired) return { to: 'QA_REVIEW', action: 'send_to_qa', why: 'trainee' };
  return direct;
}
