/**
 * The print queue (issue 13): a trust's print deliveries waiting to be posted, one merged PDF of the
 * chosen letters ready for window envelopes, and marking them posted (who, when). A copy for someone
 * other than the letter's addressee gets an address sheet before it, its address where a DL or C5
 * window shows it (20 mm from the left, 50 mm from the top), so every letter in the pile can be folded
 * into a window envelope as it is.
 */
import { buildLetterModel } from '../../../src/domain/letter-model';
import type { z } from 'zod';
import type { printQueueItemSchema } from '../../../src/domain/contract';
import { formatPatientName } from '../../../src/domain/display-format';
import { formatNhsNumber } from '../../../src/domain/nhs-number';
import type { Db } from '../../db/client';
import { Errors, appError, appErrorVariant } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { readLetterSource } from '../documents/letter-source';
import type { PileEntry } from '../documents/print-pile';
import { LetterRenderError } from '../documents/render-error';
import type { RenderPool } from '../documents/render-pool';
import { mayView } from '../letters/dictation-scope';
import { findContext } from '../letters/letters.repository';
import { currentInStatus, deliveryDtos, logDelivery, markDeliveryPosted, trustDeliveries, type DeliveryRow } from './deliveries.repository';
import { deliveriesPage, type FoundDelivery } from './deliveries-page.repository';
import { settleDictation } from './settle';

/** A letter of the pile that cannot be rendered refuses the pile with its reason, naming the letter (no patient data). */
async function withReference(reference: string, rendering: Promise<Buffer>): Promise<Buffer> {
  try {
    return await rendering;
  } catch (err) {
    if (err instanceof LetterRenderError && err.permanent) {
      throw appErrorVariant('letter_not_renderable', 'inPile', reference, err.message);
    }
    throw err;
  }
}

export function createPrintQueue(db: Db, renderer: RenderPool) {
  /** The trust's current deliveries in `status` the caller may see (another trust's or an invisible one: not there). */
  async function inStatus(
    auth: RequestAuth,
    status: 'printing' | 'failed',
    ids?: number[],
  ): Promise<{ row: DeliveryRow; reference: string }[]> {
    const rows = await currentInStatus(db, auth.ctx.user.trustId, status, ids);
    const out: { row: DeliveryRow; reference: string }[] = [];
    const seen = new Map<number, { ok: boolean; reference: string }>();
    for (const row of rows) {
      let v = seen.get(row.dictationId);
      if (!v) {
        const ctx = await findContext(db, row.dictationId);
        v = { ok: !!ctx && mayView(auth, ctx.row), reference: ctx?.row.reference ?? '' };
        seen.set(row.dictationId, v);
      }
      if (v.ok) out.push({ row, reference: v.reference });
    }
    return out;
  }
  const waiting = (auth: RequestAuth, ids?: number[]) => inStatus(auth, 'printing', ids);

  async function listed(found: FoundDelivery[]): Promise<z.infer<typeof printQueueItemSchema>[]> {
    const dtos = await deliveryDtos(
      db,
      found.map((f) => f.row),
    );
    return dtos.map((d, i) => {
      const { reference, row, patient } = found[i]!;
      return {
        ...d,
        reference,
        address_lines: row.contact.lines,
        patient_name: formatPatientName(patient.patient_first_name, patient.patient_last_name),
        nhs_number: patient.patient_nhs_id ? formatNhsNumber(patient.patient_nhs_id) : null,
      };
    });
  }

  /** The chosen ids, all of them waiting print deliveries the caller may see; otherwise refused, nothing done. */
  async function chosen(auth: RequestAuth, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await waiting(auth, unique);
    if (found.length === unique.length) return found;
    // One of the trust's own that is no longer waiting is said so; anything else is simply not found.
    const own = await trustDeliveries(db, auth.ctx.user.trustId, unique);
    const visible = [];
    for (const r of own) {
      const ctx = await findContext(db, r.dictationId);
      if (ctx && mayView(auth, ctx.row)) visible.push(r);
    }
    if (visible.length < unique.length) throw Errors.notFound();
    throw appError('not_waiting', unique.length - found.length);
  }

  return {
    /** GET /api/print-queue: a page of the copies waiting to be printed and posted, and how many there are. */
    async list(auth: RequestAuth, page: { limit: number; offset: number }) {
      const { total, found } = await deliveriesPage(db, auth, 'printing', page);
      return { total, items: await listed(found) };
    },

    /** GET /api/deliveries/failed: a page of the failed deliveries not yet sent again, for someone to resend or change channel. */
    async failed(auth: RequestAuth, page: { limit: number; offset: number }) {
      const { total, found } = await deliveriesPage(db, auth, 'failed', page);
      return { total, items: await listed(found) };
    },

    /**
     * POST /api/print-queue/letters.pdf: the chosen letters, in queue order, as one PDF. Each letter is
     * rendered once, and the pile merged, in the render pool under its limits; a letter that cannot be
     * rendered refuses the whole pile, naming the letter.
     */
    async merged(auth: RequestAuth, ids: number[]): Promise<Buffer> {
      const found = await chosen(auth, ids);
      const letters: Buffer[] = [];
      const made = new Map<number, { index: number; addressee: string | null }>();
      const pile: PileEntry[] = [];
      for (const { row, reference } of found) {
        let letter = made.get(row.dictationId);
        if (!letter) {
          const ctx = (await findContext(db, row.dictationId))!;
          const model = buildLetterModel(await readLetterSource(db, ctx.row, new Date()));
          letters.push(await withReference(reference, renderer.render('pdf', model)));
          letter = { index: letters.length - 1, addressee: model.addressee?.name ?? null };
          made.set(row.dictationId, letter);
        }
        const isAddressee = row.role === 'to' && letter.addressee === row.contact.name;
        pile.push({ letter: letter.index, sheet: isAddressee ? null : { name: row.contact.name, lines: row.contact.lines, reference } });
      }
      return renderer.mergePile(letters, pile);
    },

    /** POST /api/print-queue/posted: marked posted by the caller now; the dictations that are then complete become SENT. */
    async markPosted(auth: RequestAuth, ids: number[], ip: string): Promise<number[]> {
      const found = await chosen(auth, ids);
      const posted: number[] = [];
      const at = new Date();
      await db.transaction(async (tx) => {
        for (const { row } of found) {
          if (!(await markDeliveryPosted(tx, row.id, auth.ctx.user.id, at))) throw appError('not_waiting', 1);
          await logDelivery(tx, row, 'posted', 'printed and posted', auth.ctx.user.id, ip);
          posted.push(row.id);
        }
      });
      for (const dictationId of new Set(found.map((f) => f.row.dictationId))) await settleDictation(db, dictationId);
      return posted;
    },
  };
}
