import { pathOf } from '../../src/domain/contract/endpoint';
import { E } from '../../src/domain/contract/endpoints';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveries, dictations, letters, patients, trusts } from '../../server/db/schema';
import type { LetterNode } from '../../src/domain/contract';
import { letterText } from '../../src/domain/letter-doc';
import { startTestApp, type TestApp } from './harness';
import { letterDoc } from './letters-fixtures';
import { AUTHOR, FOREIGN, MANAGER, SECRETARY, makeDictation } from './worklist-fixtures';

/**
 * Issue 22 point 3: one 8 KB letter (a row of 50 cells, each spanning 100 columns and 100 rows) held the
 * single render worker for 38 s, and every PDF of every trust waited behind it. Now the letter schema
 * refuses it in words when it is saved; one stored before the bounds is answered the same words by
 * every renderer at once (PDF, DOCX, the print queue's pile, the delivery jobs) and cannot be approved;
 * a render that runs over its time limit is stopped and reported, and the others go on.
 */

const cell = {
  type: 'tableCell',
  attrs: { colspan: 100, rowspan: 100, colwidth: null },
  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x' }] }],
};
const HOSTILE: LetterNode = { type: 'doc', content: [{ type: 'table', content: [{ type: 'tableRow', content: Array(50).fill(cell) }] }] };
const SPAN_WORDS = 'A table cell cannot span more columns than the table has.';

const EMAILED = { nhs: '9998765005', first: 'Jane', last: 'EMAILWORTH', email: 'jane.emailworth@example.org' };
const POSTED: { nhs: string; first: string; last: string; email?: string } = { nhs: '9998765013', first: 'Peter', last: 'POSTLETHWAITE' };

let t: TestApp;
const tokens: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
  t.call(method, url, { token: tokens[who], body });

/** A dictation of `author` in `status` with a letter stored as given: the way a letter saved before the bounds sits in the database. */
async function withLetter(
  app: TestApp,
  author: string,
  status: 'AUTHOR_APPROVAL' | 'BEING_TYPED',
  doc: LetterNode,
  patient?: { nhs: string; first: string; last: string },
) {
  const d = await makeDictation(app.db, {
    author,
    status,
    assignedTo: author === FOREIGN ? undefined : SECRETARY,
    jobType: 'Clinic Letter',
  });
  const [row] = await app.db.select().from(dictations).where(eq(dictations.id, d.id));
  if (patient)
    await app.db
      .update(dictations)
      .set({
        patient: {
          patient_first_name: patient.first,
          patient_last_name: patient.last,
          patient_nhs_id: patient.nhs,
          patient_birthdate: '1950-11-22',
        },
      })
      .where(eq(dictations.id, d.id));
  await app.db.insert(letters).values({ dictationId: d.id, trustId: row!.trustId, doc: doc as never, text: letterText(doc), version: 1 });
  return d;
}

/** The stored letter replaced behind the API's back (as one approved before the bounds). */
const storeHostile = (id: number) =>
  t.db
    .update(letters)
    .set({ doc: HOSTILE as never })
    .where(eq(letters.dictationId, id));

beforeAll(async () => {
  t = await startTestApp();
  for (const email of [AUTHOR, SECRETARY, MANAGER, FOREIGN]) tokens[email] = await t.login(email);
  const [trust] = await t.db.select().from(trusts).orderBy(trusts.id).limit(1);
  for (const p of [EMAILED, POSTED]) {
    await t.db.insert(patients).values({
      trustId: trust!.id,
      nhsNumber: p.nhs,
      firstName: p.first,
      lastName: p.last,
      birthdate: '1950-11-22',
      email: p.email ?? null,
      address: { lines: [`7 ${p.last.toLowerCase()} Road`, 'Demoton'], postCode: 'DE1 7AA' },
    });
  }
});
afterAll(() => t?.close());

describe('the letter bounds (issue 22 point 3)', () => {
  it('refuses the 8 KB letter that stalled every PDF when it is saved, in words, and stores nothing', async () => {
    expect(JSON.stringify(HOSTILE).length).toBeLessThan(8_192);
    const d = await makeDictation(t.db, { author: AUTHOR, status: 'BEING_TYPED', assignedTo: SECRETARY });
    const res = await call(SECRETARY, 'PUT', `/api/dictation/${d.id}/letter`, { doc: HOSTILE, base_version: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'letter_invalid', message: `This letter cannot be saved: ${SPAN_WORDS}` });
    expect(res.json().errors.doc).toEqual(
      expect.arrayContaining([
        SPAN_WORDS,
        'A table cell cannot span more rows than the table has.',
        'A table can have at most 20 columns.',
      ]),
    );
    // A word no line can hold (it took the renderer 24 s at 10,000 characters) is refused too.
    const word = await call(SECRETARY, 'PUT', `/api/dictation/${d.id}/letter`, { doc: letterDoc('x'.repeat(10_000)), base_version: 0 });
    expect(word.statusCode).toBe(422);
    expect(word.json().message).toBe(
      'This letter cannot be saved: A word or web address can be at most 300 characters long. Add spaces to it.',
    );
    expect((await call(SECRETARY, 'GET', `/api/dictation/${d.id}/letter`)).json().data.version).toBe(0);
    // The same table with real spans is a letter like any other.
    const fine = letterDoc('Bloods below.');
    fine.content!.push({
      type: 'table',
      content: [
        { type: 'tableRow', content: [{ ...cell, attrs: { colspan: 2, rowspan: 1, colwidth: null } }] },
        {
          type: 'tableRow',
          content: [
            { ...cell, attrs: {} },
            { ...cell, attrs: {} },
          ],
        },
      ],
    });
    expect((await call(SECRETARY, 'PUT', `/api/dictation/${d.id}/letter`, { doc: fine, base_version: 0 })).statusCode).toBe(200);
  });

  it('a hostile letter stored before the bounds: its PDF and DOCX answer the clear error at once, another user’s PDF still renders, the letter stays readable', async () => {
    const hostile = await withLetter(t, AUTHOR, 'AUTHOR_APPROVAL', HOSTILE);
    const unrelated = await withLetter(t, FOREIGN, 'AUTHOR_APPROVAL', letterDoc('A letter of another trust.'));
    const order: string[] = [];
    const [bad, good] = await Promise.all([
      call(AUTHOR, 'GET', pathOf(E.dictationLetterPdf, { id: hostile.id })).then((r) => (order.push('hostile'), r)),
      call(FOREIGN, 'GET', pathOf(E.dictationLetterPdf, { id: unrelated.id })).then((r) => (order.push('unrelated'), r)),
    ]);
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({
      code: 'letter_not_renderable',
      message: `This letter could not be turned into a PDF: ${SPAN_WORDS}`,
    });
    expect(good.statusCode).toBe(200);
    expect(good.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Answered without laying anything out: before the unrelated letter, which had to be.
    expect(order).toEqual(['hostile', 'unrelated']);

    const docx = await call(AUTHOR, 'GET', pathOf(E.dictationLetterDocx, { id: hostile.id }));
    expect(docx.statusCode).toBe(422);
    expect(docx.json().message).toBe(`This letter could not be turned into a Word document: ${SPAN_WORDS}`);
    // Nothing saved is lost: the letter opens as it was stored, for the editor to show the problem.
    const opened = await call(AUTHOR, 'GET', `/api/dictation/${hostile.id}/letter`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.doc).toEqual(HOSTILE);
    // It cannot be signed as it is: it could be neither printed nor sent.
    const approve = await call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id: hostile.id }), { action: 'approve' });
    expect(approve.statusCode).toBe(422);
    expect(approve.json().message).toBe(`This letter cannot be approved until this is put right: ${SPAN_WORDS}`);
    expect((await t.db.select().from(dictations).where(eq(dictations.id, hostile.id)))[0]!.status).toBe('AUTHOR_APPROVAL');
  });

  it('the print queue’s pile and the e-mail delivery job answer the same words for an approved letter that breaks the bounds', async () => {
    const posted = await withLetter(t, AUTHOR, 'AUTHOR_APPROVAL', letterDoc('Your echo is normal.'), POSTED);
    const emailed = await withLetter(t, AUTHOR, 'AUTHOR_APPROVAL', letterDoc('Your echo is normal.'), EMAILED);
    for (const d of [posted, emailed]) {
      expect((await call(AUTHOR, 'POST', pathOf(E.dictationTransition, { id: d.id }), { action: 'approve' })).statusCode).toBe(200);
    }
    await t.app.wardnote.jobs.runUntilIdle();
    // Both letters as if approved before the bounds existed.
    for (const d of [posted, emailed]) await storeHostile(d.id);

    const queue = (await call(SECRETARY, 'GET', E.printQueue.path)).json().data as { id: number; dictation_id: number }[];
    const copy = queue.find((q) => q.dictation_id === posted.id)!;
    const pile = await call(MANAGER, 'POST', E.printQueuePdf.path, { deliveries: [copy.id] });
    expect(pile.statusCode).toBe(422);
    expect(pile.json().message).toBe(`Letter ${posted.reference}: This letter could not be turned into a PDF: ${SPAN_WORDS}`);

    // The e-mail copy went before; sent again now, its PDF cannot be made.
    const [first] = (await call(SECRETARY, 'GET', pathOf(E.dictationDeliveries, { id: emailed.id }))).json().data;
    expect(first).toMatchObject({ channel: 'email', status: 'delivered' });
    await t.db.update(deliveries).set({ status: 'failed' }).where(eq(deliveries.id, first.id));
    expect((await call(SECRETARY, 'POST', `/api/deliveries/${first.id}/resend`, {})).statusCode).toBe(200);
    await t.app.wardnote.jobs.runUntilIdle();
    const again = (await call(SECRETARY, 'GET', pathOf(E.dictationDeliveries, { id: emailed.id })))
      .json()
      .data.find((d: { resend_of: number | null }) => d.resend_of === first.id);
    // For good, not retried: rendering it again would give the same answer.
    expect(again).toMatchObject({ channel: 'email', status: 'failed', attempts: 1 });
    expect(again.reason).toBe(`This letter could not be turned into a PDF: ${SPAN_WORDS}`);
  });
});

describe('the render time limit (issue 22 point 3)', () => {
  let slow: TestApp;
  beforeAll(async () => {
    // A limit no letter can meet: every render runs over it.
    slow = await startTestApp({ RENDER_TIME_LIMIT_SECONDS: '0.01' });
  });
  afterAll(() => slow?.close());

  it('a render that runs over is stopped and reported in words, and the server goes on answering', async () => {
    const token = await slow.login(AUTHOR);
    const d = await withLetter(slow, AUTHOR, 'AUTHOR_APPROVAL', letterDoc('A letter like any other.'));
    for (let i = 0; i < 2; i++) {
      // The second time on a new worker: the stopped one was replaced.
      const res = await slow.call('GET', pathOf(E.dictationLetterPdf, { id: d.id }), { token });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(
        'This letter could not be turned into a PDF: it took too long to lay out. Shorten its longest tables or paragraphs, then try again.',
      );
    }
    expect((await slow.call('GET', '/api/health')).statusCode).toBe(200);
  });
});
