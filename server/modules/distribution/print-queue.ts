/**
 * The print queue (issue 13): a trust's print deliveries waiting to be posted, one merged PDF of the
 * chosen letters ready for window envelopes, and marking them posted (who, when). A copy for someone
 * other than the letter's addressee gets an address sheet before it, its address where a DL or C5
 * window shows it (20 mm from the left, 50 mm from the top), so every letter in the pile can be folded
 * into a window envelope as it is.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import { buildLetterModel } from '../../../src/domain/letter-model';
import type { z } from 'zod';
import type { printQueueItemSchema } from '../../../src/domain/contract';
import { MESSAGES } from '../../../src/domain/messages';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import { AppError, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { readLetterSource } from '../documents/letter-source';
import type { RenderPool } from '../documents/render-pool';
import { mayView } from '../letters/dictation-scope';
import { findContext } from '../letters/letters.repository';
import { deliveryDtos, isCurrent, logDelivery, type DeliveryRow } from './deliveries.repository';
import { deliveriesPage } from './deliveries-page';
import { settleDictation } from './settle';

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };

/** pdf-lib's standard fonts write WinAnsi only: anything else becomes its nearest plain form or "?". */
const winAnsi = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

export function createPrintQueue(db: Db, renderer: RenderPool) {
  /** The trust's current deliveries in `status` the caller may see (another trust's or an invisible one: not there). */
  async function inStatus(
    auth: RequestAuth,
    status: 'printing' | 'failed',
    ids?: number[],
  ): Promise<{ row: DeliveryRow; reference: string }[]> {
    const rows = await db
      .select()
      .from(deliveries)
      .where(
        and(
          eq(deliveries.trustId, auth.ctx.user.trustId),
          eq(deliveries.status, status),
          isCurrent,
          ids ? inArray(deliveries.id, ids) : undefined,
        ),
      )
      .orderBy(asc(deliveries.id));
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

  async function listed(found: { row: DeliveryRow; reference: string }[]): Promise<z.infer<typeof printQueueItemSchema>[]> {
    const dtos = await deliveryDtos(
      db,
      found.map((f) => f.row),
    );
    return dtos.map((d, i) => ({ ...d, reference: found[i]!.reference, address_lines: found[i]!.row.contact.lines }));
  }

  /** The chosen ids, all of them waiting print deliveries the caller may see; otherwise refused, nothing done. */
  async function chosen(auth: RequestAuth, ids: number[]) {
    const unique = [...new Set(ids)];
    const found = await waiting(auth, unique);
    if (found.length === unique.length) return found;
    // One of the trust's own that is no longer waiting is said so; anything else is simply not found.
    const own = await db
      .select({ id: deliveries.id, dictationId: deliveries.dictationId })
      .from(deliveries)
      .where(and(eq(deliveries.trustId, auth.ctx.user.trustId), inArray(deliveries.id, unique)));
    const visible = [];
    for (const r of own) {
      const ctx = await findContext(db, r.dictationId);
      if (ctx && mayView(auth, ctx.row)) visible.push(r);
    }
    if (visible.length < unique.length) throw Errors.notFound();
    throw new AppError(409, 'not_waiting', MESSAGES.printNotWaiting(unique.length - found.length));
  }

  async function addressSheet(pdf: PDFDocument, name: string, lines: string[], reference: string) {
    const page = pdf.addPage([A4.width, A4.height]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    let y = A4.height - 50 * MM;
    page.drawText(winAnsi(name), { x: 20 * MM, y, size: 11, font: bold });
    for (const line of lines) {
      y -= 14;
      page.drawText(winAnsi(line), { x: 20 * MM, y, size: 11, font });
    }
    page.drawText(winAnsi(`Copy of letter ${reference}`), {
      x: 20 * MM,
      y: A4.height - 120 * MM,
      size: 10,
      font,
      color: rgb(0.3, 0.3, 0.3),
    });
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

    /** POST /api/print-queue/letters.pdf: the chosen letters, in queue order, as one PDF. */
    async merged(auth: RequestAuth, ids: number[]): Promise<Buffer> {
      const found = await chosen(auth, ids);
      const out = await PDFDocument.create();
      out.setTitle('Letters to post');
      const letters = new Map<number, { pdf: PDFDocument; addressee: string | null }>();
      for (const { row, reference } of found) {
        let letter = letters.get(row.dictationId);
        if (!letter) {
          const ctx = (await findContext(db, row.dictationId))!;
          const model = buildLetterModel(await readLetterSource(db, ctx.row, new Date()));
          const bytes = await renderer.render('pdf', model);
          letter = { pdf: await PDFDocument.load(bytes), addressee: model.addressee?.name ?? null };
          letters.set(row.dictationId, letter);
        }
        const isAddressee = row.role === 'to' && letter.addressee === row.contact.name;
        if (!isAddressee) await addressSheet(out, row.contact.name, row.contact.lines, reference);
        const pages = await out.copyPages(letter.pdf, letter.pdf.getPageIndices());
        for (const p of pages) out.addPage(p);
      }
      return Buffer.from(await out.save());
    },

    /** POST /api/print-queue/posted: marked posted by the caller now; the dictations that are then complete become SENT. */
    async markPosted(auth: RequestAuth, ids: number[], ip: string): Promise<number[]> {
      const found = await chosen(auth, ids);
      const posted: number[] = [];
      const at = new Date();
      await db.transaction(async (tx) => {
        for (const { row } of found) {
          const done = await tx
            .update(deliveries)
            .set({ status: 'posted', postedBy: auth.ctx.user.id, postedAt: at, updatedAt: at })
            .where(and(eq(deliveries.id, row.id), eq(deliveries.status, 'printing')))
            .returning({ id: deliveries.id });
          if (!done.length) throw new AppError(409, 'not_waiting', MESSAGES.printNotWaiting(1));
          await logDelivery(tx as unknown as Db, row, 'posted', 'printed and posted', auth.ctx.user.id, ip);
          posted.push(row.id);
        }
      });
      for (const dictationId of new Set(found.map((f) => f.row.dictationId))) await settleDictation(db, dictationId);
      return posted;
    },
  };
}
