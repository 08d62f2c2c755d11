/**
 * A letter's recipients (issue 13 "Recipients"): read them (the saved lists, else the job type's defaults
 * from the patient index) and save them while the caller may edit the letter (src/domain/letter-access.ts:
 * the typist while typing, the author in review; nobody after approval). Saved lists are de-duplicated by
 * spec §5 and used by the letter's documents and by distribution on approval. The audit trail names the
 * recipients' roles, never their names or addresses.
 */
import type { RecipientsAnswer } from '../../../src/domain/contract';
import { canEditLetter, letterRefusalReason } from '../../../src/domain/letter-access';
import { recipientEntries, recipientSuggestions } from '../../../src/domain/letter-model';
import { RECIPIENT_TYPE_LABELS, dedupeEntries, type RecipientEntry, type RecipientLists } from '../../../src/domain/recipient-entries';
import type { Db } from '../../db/client';
import { appError } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { readLetterSource } from '../documents/letter-source';
import type { Distribution } from '../distribution/distribution.service';
import { applyDictationChange } from '../worklist/dictation-change';
import { letterDictationOf, letterUserOf, visibleContext } from './dictation-scope';

const roles = (entries: RecipientEntry[]) =>
  entries.map((e) => RECIPIENT_TYPE_LABELS[e.recipient.type].toLowerCase()).join(', ') || 'nobody';

/** "Recipients changed: send to patient; copies to GP practice, clinician" — roles only. */
const described = (l: RecipientLists) => `Recipients changed: send to ${roles(l.to)}; copies to ${roles(l.cc)}`;

export function createRecipientsService(db: Db, distribution: Pick<Distribution, 'channelOptions'>) {
  return {
    /** GET /api/dictation/{id}/recipients */
    async read(auth: RequestAuth, id: number): Promise<RecipientsAnswer> {
      const ctx = await visibleContext(db, auth, id);
      const source = await readLetterSource(db, ctx.row, new Date());
      const opts = await distribution.channelOptions(ctx.row.trustId);
      return {
        ...recipientEntries(source),
        saved: ctx.row.recipients !== null,
        editable: canEditLetter(letterUserOf(auth), letterDictationOf(ctx.row)),
        mesh: { configured: opts.meshConfigured, reason: opts.meshReason ?? null },
        suggestions: recipientSuggestions(source),
      };
    },

    /** PUT /api/dictation/{id}/recipients: stored de-duplicated; refused once the letter can no longer be edited. */
    async save(auth: RequestAuth, id: number, lists: RecipientLists, ip: string): Promise<void> {
      const ctx = await visibleContext(db, auth, id);
      const d = ctx.row;
      const user = letterUserOf(auth);
      if (!canEditLetter(user, letterDictationOf(d))) {
        const why = letterRefusalReason(user, letterDictationOf(d), { author: ctx.author, assignee: ctx.assignee });
        throw appError('recipients_not_editable', why);
      }
      const kept = dedupeEntries(lists).lists;
      if (JSON.stringify(kept) === JSON.stringify(d.recipients)) return;
      // Conditional on the status and the typist as read: an approval in between wins, and this is refused.
      const ok = await applyDictationChange(db, auth, d, { recipients: kept }, { type: 'recipients', description: described(kept) }, ip, {
        sameAssignee: true,
      });
      if (!ok) throw appError('changed');
    },
  };
}
