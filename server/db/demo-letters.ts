/**
 * Typed letters for the demo dictations, so every screen of the typing workflow shows real work: part
 * of a letter for those BEING_TYPED, whole letters with their history (final saves, hand-off versions,
 * comments, the audit trail) for those in QA, awaiting approval, approved and sent. Content:
 * demo-letters-content.ts. Runs once, after the demo dictations are seeded.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { LetterNode } from '../../src/domain/contract/letter';
import { checkLetterDoc, letterText } from '../../src/domain/letter-doc';
import type { DictationStatus } from '../../src/domain/statuses';
import { TRANSITIONS, type WorkflowAction } from '../../src/domain/workflow';
import type { Db } from './client';
import { DEMO_COMMENTS, demoLetter, demoSections } from './demo-letters-content';
import {
  auditLog,
  departments,
  dictationComments,
  dictationLogs,
  dictations,
  jobTypes,
  letters,
  letterVersions,
  trusts,
  users,
} from './schema';

const TYPED: DictationStatus[] = ['BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW', 'AUTHOR_APPROVAL', 'MANUAL_DISTRIBUTION', 'SENT'];

/** One step of a letter's history, in order. */
type Step =
  | { kind: 'save'; by: 'typist' | 'author'; final: boolean }
  | { kind: 'move'; action: WorkflowAction; by: 'typist' | 'author' | 'manager' }
  | { kind: 'comment'; by: 'typist' | 'author'; text: string };

const claim: Step = { kind: 'move', action: 'claim', by: 'typist' };
const typistSave = (final: boolean): Step => ({ kind: 'save', by: 'typist', final });

/** How each status was reached; the letter's version is the number of saves. */
function historyFor(status: string, i: number): Step[] {
  const comment: Step[] = i % 3 === 0 ? [{ kind: 'comment', by: 'typist', text: DEMO_COMMENTS[i % DEMO_COMMENTS.length]! }] : [];
  const typed = [claim, typistSave(false), typistSave(false), typistSave(true), typistSave(false), ...comment];
  switch (status) {
    case 'BEING_TYPED':
      return [claim, typistSave(false), ...(i % 2 ? [typistSave(true)] : [])];
    case 'OUTSOURCED_REVIEW':
      return [typistSave(false)];
    case 'QA_REVIEW':
      return [...typed, { kind: 'move', action: 'send_to_qa', by: 'typist' }];
    case 'AUTHOR_APPROVAL':
      return [...typed, { kind: 'move', action: 'send_for_approval', by: 'typist' }];
    default: {
      const approved: Step[] = [
        ...typed,
        { kind: 'move', action: 'send_for_approval', by: 'typist' },
        ...(i % 2 ? [{ kind: 'comment', by: 'author', text: 'Thanks, one dose corrected before approving.' } as Step] : []),
        { kind: 'save', by: 'author', final: false },
        { kind: 'move', action: 'approve', by: 'author' },
      ];
      return status === 'SENT' ? [...approved, { kind: 'move', action: 'mark_sent', by: 'typist' }] : approved;
    }
  }
}

export async function seedDemoLetters(db: Db): Promise<void> {
  const [trust] = await db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!trust) return;
  const rows = await db
    .select({ d: dictations, template: jobTypes.template, jobType: jobTypes.name, department: departments.code })
    .from(dictations)
    .leftJoin(jobTypes, eq(jobTypes.id, dictations.jobTypeId))
    .leftJoin(departments, eq(departments.id, dictations.departmentId))
    .where(and(eq(dictations.trustId, trust.id), inArray(dictations.status, TYPED)))
    .orderBy(dictations.id);
  const [manager] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'manager@wardnote.test'));

  for (const [i, { d, template, jobType, department }] of rows.entries()) {
    const headings = template?.length ? template : ['Letter'];
    const sections = demoSections(jobType ?? 'Clinic Letter', department ?? 'CAR', d.patient.patient_first_name ?? 'The patient');
    const steps = historyFor(d.status, i);
    const who = { typist: d.assignedTo, author: d.authorId, manager: manager?.id ?? null };
    // Spread the history between the dictation's creation and now (or a day after, for old work).
    const end = Math.min(Date.now() - 60_000, d.createdAt.getTime() + 3 * 86_400_000);
    const at = (n: number) => new Date(d.createdAt.getTime() + ((end - d.createdAt.getTime()) * (n + 1)) / (steps.length + 1));

    let version = 0;
    let doc: LetterNode = demoLetter(headings, sections, 0);
    let savedBy: number | null = null;
    for (const [n, step] of steps.entries()) {
      const when = at(n);
      const userId = who[step.by];
      if (step.kind === 'save') {
        version++;
        savedBy = d.status === 'OUTSOURCED_REVIEW' ? null : userId;
        // Early saves hold the first sections; the letter is whole by its final save (partly typed while BEING_TYPED).
        const filled =
          d.status === 'BEING_TYPED'
            ? Math.min(version + 1, headings.length - 1)
            : step.final || version > 2
              ? headings.length
              : version * 2;
        doc = demoLetter(headings, sections, filled);
        if (step.final) {
          await db
            .insert(letterVersions)
            .values({
              dictationId: d.id,
              version,
              kind: 'final',
              doc,
              text: letterText(doc),
              createdBy: userId,
              createdAt: when,
            })
            .onConflictDoNothing();
          await db
            .insert(dictationLogs)
            .values({ dictationId: d.id, userId, type: 'letter_saved', description: `Letter saved (version ${version})`, createdAt: when });
          await db.insert(auditLog).values({
            trustId: trust.id,
            userId,
            action: 'letter.saved',
            entityType: 'dictation',
            entityId: String(d.id),
            details: { version },
            createdAt: when,
          });
        }
      } else if (step.kind === 'comment') {
        await db.insert(dictationComments).values({ dictationId: d.id, userId, comments: step.text, createdAt: when });
      } else {
        const t = TRANSITIONS.find((x) => x.action === step.action)!;
        if (version > 0 && step.action !== 'claim' && step.action !== 'mark_sent') {
          await db
            .insert(letterVersions)
            .values({
              dictationId: d.id,
              version,
              kind: step.action,
              doc,
              text: letterText(doc),
              createdBy: userId,
              createdAt: when,
            })
            .onConflictDoNothing();
        }
        await db.insert(dictationLogs).values({ dictationId: d.id, userId, type: 'status', description: t.label, createdAt: when });
        await db.insert(auditLog).values({
          trustId: trust.id,
          userId,
          action: 'dictation.status',
          entityType: 'dictation',
          entityId: String(d.id),
          details: { to: t.to },
          createdAt: when,
        });
      }
    }
    if (version === 0) continue;
    const problems = checkLetterDoc(doc);
    if (problems.length) throw new Error(`demo letter for ${jobType}/${department} is not a valid letter: ${problems.join('; ')}`);
    await db
      .insert(letters)
      .values({
        dictationId: d.id,
        trustId: trust.id,
        doc,
        text: letterText(doc),
        version,
        updatedBy: savedBy,
        updatedAt: at(steps.length - 1),
      })
      .onConflictDoNothing();
  }
}
