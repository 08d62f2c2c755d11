/**
 * What the typist is told before a letter goes on to its author (issue 23): unfilled autotext
 * placeholders such as "[Clinic date]", and recipients no channel can reach (the approval's own rule:
 * src/domain/recipient-entries.ts on the page, server/modules/distribution/delivery-plan.ts on the
 * server). Pure; the page asks it when "Send for approval" is pressed, and the server asks it again when
 * the hand-off arrives, so a queued or scripted send cannot skip it. Either may be sent anyway, with a
 * reason the author sees on top of the letter.
 */
import type { LetterNode } from './contract/letter';
import type { WorkflowAction } from './workflow';

/** The hand-offs that pass a typed letter on towards its author: checked before they go. */
export const SEND_CHECKED_ACTIONS: readonly WorkflowAction[] = ['send_for_approval', 'send_to_qa'];

export interface UnfilledPlaceholder {
  /** The merge field's name (`clinic_date`). */
  field: string;
  /** The text standing in for it in the letter ("[Clinic date]"). */
  text: string;
}

const placeholderField = (node: LetterNode): string | null => {
  if (node.type !== 'text') return null;
  const mark = node.marks?.find((m) => m.type === 'placeholder');
  return mark ? String(mark.attrs?.field ?? '') : null;
};

/**
 * Every placeholder still in the letter, in reading order: a stretch of text carrying the `placeholder`
 * mark, neighbouring pieces of one field joined (as the editor's placeholderRanges joins them, so the n-th
 * here is the n-th there).
 */
export function unfilledPlaceholders(doc: LetterNode): UnfilledPlaceholder[] {
  const out: UnfilledPlaceholder[] = [];
  const walk = (node: LetterNode) => {
    let last: UnfilledPlaceholder | null = null;
    for (const child of node.content ?? []) {
      const field = placeholderField(child);
      if (field === null) {
        last = null;
        walk(child);
        continue;
      }
      if (last && last.field === field) last.text += child.text ?? '';
      else {
        last = { field, text: child.text ?? '' };
        out.push(last);
      }
    }
  };
  walk(doc);
  return out;
}

export interface SendProblems {
  /** The unfilled placeholders' texts, in reading order. */
  placeholders: string[];
  /** Why each recipient the letter cannot reach cannot be reached, naming them. */
  recipients: string[];
}

export const hasSendProblems = (p: SendProblems): boolean => p.placeholders.length > 0 || p.recipients.length > 0;

/** The problems as lines for the audit trail and the author's notice. */
export function sendProblemLines(p: SendProblems): string[] {
  return [...p.placeholders.map((t) => `Unfilled placeholder ${t}`), ...p.recipients];
}
