/**
 * The letter of a dictation (DESIGN §3 "Letter path"): read it (or the job type's template), save it with
 * optimistic concurrency, list and read its versions. Rules from src/domain/letter-doc.ts and
 * src/domain/letter-access.ts; SQL in letters.repository.ts.
 */
import type { Letter, SaveLetter } from '../../../src/domain/contract';
import { canEditLetter, letterReadOnlyReason, letterRefusalReason } from '../../../src/domain/letter-access';
import { checkLetterDoc, letterText, templateDoc } from '../../../src/domain/letter-doc';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { addDictationLog } from '../dictations/dictations.repository';
import { audit } from '../../lib/audit';
import { Errors, appError } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { lastSeenBy, markSeen, recordOpening } from '../review/views.repository';
import { letterDictationOf, letterUserOf, mayView, visibleContext } from './dictation-scope';
import {
  findContext,
  findLetter,
  findVersion,
  keepVersion,
  listVersions,
  lockDictation,
  saveLetterIfCurrent,
  type DictationContext,
} from './letters.repository';

export type SaveResult = { ok: true; version: number; updated_at: string } | { ok: false; current: Letter };

/** Refused before anything changed: the dictation moved on, or someone else types it now. */
class NotEditable extends Error {}
/** The letter is no longer at the version the save was based on. */
class Stale extends Error {}

export function createLetterService(db: Db) {
  /** The letter as the caller sees it now: the stored one, or the job type's template as version 0. */
  async function current(auth: RequestAuth, ctx: DictationContext): Promise<Letter> {
    const stored = await findLetter(db, ctx.row.id);
    const user = letterUserOf(auth);
    const d = letterDictationOf(ctx.row);
    const people = { author: ctx.author, assignee: ctx.assignee };
    return {
      dictation_id: ctx.row.id,
      doc: stored ? stored.row.doc : templateDoc(ctx.template),
      version: stored?.row.version ?? 0,
      updated_at: stored?.row.updatedAt.toISOString() ?? null,
      updated_by: stored?.updatedBy ?? null,
      editable: canEditLetter(user, d),
      read_only_reason: letterReadOnlyReason(user, d, people),
      approval: stored?.row.approval ?? null,
    };
  }

  /** Reading a confidential dictation's letter is a view of it (DESIGN §4 Audit). */
  async function auditConfidentialView(auth: RequestAuth, ctx: DictationContext, what: string) {
    if (!ctx.row.isConfidential) return;
    await addDictationLog(db, {
      dictationId: ctx.row.id,
      userId: auth.ctx.user.id,
      type: 'viewed_confidential',
      description: MESSAGES.viewedConfidential,
    });
    await audit(db, {
      trustId: ctx.row.trustId,
      userId: auth.ctx.user.id,
      action: 'dictation.viewed_confidential',
      entityType: 'dictation',
      entityId: ctx.row.id,
      details: { what },
    });
  }

  return {
    current,

    /**
     * The letter for the caller. An opening (issue 12) is recorded: batch approval needs one, review mode
     * shows what changed since the last. A prefetch (offline review copying the queue to the device) is
     * not an opening: it records nothing and logs no confidential view.
     */
    async get(auth: RequestAuth, id: number, opts: { prefetch?: boolean } = {}): Promise<Letter> {
      const ctx = await visibleContext(db, auth, id);
      if (!opts.prefetch) await auditConfidentialView(auth, ctx, 'letter');
      const letter = await current(auth, ctx);
      const lastSeen = opts.prefetch
        ? await lastSeenBy(db, id, auth.ctx.user.id)
        : await recordOpening(db, id, auth.ctx.user.id, letter.version);
      return { ...letter, last_seen_version: lastSeen };
    },

    /**
     * Stores the document if the caller may type it now and nobody saved since `base_version`. A final
     * save also keeps the version in the history and writes the audit trail; an autosave does neither.
     */
    async save(auth: RequestAuth, id: number, body: SaveLetter, ip: string): Promise<SaveResult> {
      await visibleContext(db, auth, id);
      const problems = checkLetterDoc(body.doc);
      if (problems.length) throw appError('letter_invalid', problems[0]!).withFields({ doc: problems });
      const me = auth.ctx.user;
      const doc = body.doc;
      const text = letterText(body.doc);
      const at = new Date();
      try {
        const version = await db.transaction(async (tx) => {
          const d = await lockDictation(tx, id);
          if (!d || !mayView(auth, d) || !canEditLetter(letterUserOf(auth), letterDictationOf(d))) throw new NotEditable();
          const saved = await saveLetterIfCurrent(tx, {
            dictationId: id,
            trustId: d.trustId,
            doc,
            text,
            baseVersion: body.base_version,
            userId: me.id,
            at,
          });
          if (saved === undefined) throw new Stale();
          if (body.final) {
            await keepVersion(tx, { dictationId: id, version: saved, kind: 'final', doc, text, userId: me.id });
            await addDictationLog(tx, {
              dictationId: id,
              userId: me.id,
              type: 'letter_saved',
              description: `Letter saved (version ${saved})`,
            });
            await audit(tx, {
              trustId: d.trustId,
              userId: me.id,
              action: 'letter.saved',
              entityType: 'dictation',
              entityId: id,
              details: { version: saved },
              ip,
            });
          }
          return saved;
        });
        await markSeen(db, id, me.id, version);
        return { ok: true, version, updated_at: at.toISOString() };
      } catch (err) {
        if (err instanceof Stale) return { ok: false, current: await current(auth, await visibleContext(db, auth, id)) };
        if (err instanceof NotEditable) {
          const ctx = await findContext(db, id);
          if (!ctx || !mayView(auth, ctx.row)) throw Errors.notFound();
          const why = letterRefusalReason(letterUserOf(auth), letterDictationOf(ctx.row), { author: ctx.author, assignee: ctx.assignee });
          throw appError('letter_not_editable', why);
        }
        throw err;
      }
    },

    async versions(auth: RequestAuth, id: number) {
      await visibleContext(db, auth, id);
      return listVersions(db, id);
    },

    async version(auth: RequestAuth, id: number, version: number) {
      const ctx = await visibleContext(db, auth, id);
      const found = await findVersion(db, id, version);
      if (!found) throw Errors.notFound();
      await auditConfidentialView(auth, ctx, `version ${version}`);
      return found;
    },
  };
}

export type LetterService = ReturnType<typeof createLetterService>;
