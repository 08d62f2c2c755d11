import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db/db';
import { forgetDataKey } from '../../src/lib/crypto/secure-store';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { MAX_BYTES, MAX_KEPT, putCachedPdf, readCachedPdf } from '../../src/features/letter-preview/pdf-cache';

const pdf = (text: string, pad = 0) => new TextEncoder().encode(`%PDF-1.7 ${text}${' '.repeat(pad)}`).buffer;
const text = (bytes: ArrayBuffer) => new TextDecoder().decode(bytes).trimEnd();

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

describe('the previewed PDFs kept on the device', () => {
  it('reads back the newest version kept for a dictation, with when it was rendered', async () => {
    await putCachedPdf(7, 2, pdf('version two'), 1_000);
    const kept = await readCachedPdf(7);
    expect(kept).toMatchObject({ dictationId: 7, version: 2, renderedAt: 1_000 });
    expect(text(kept!.bytes)).toBe('%PDF-1.7 version two');
    expect(await readCachedPdf(8)).toBeNull();
  });

  it('keeps one copy per dictation: a newer version replaces the older one', async () => {
    await putCachedPdf(7, 2, pdf('version two'), 1_000);
    await putCachedPdf(7, 3, pdf('version three'), 2_000);
    expect((await readCachedPdf(7))?.version).toBe(3);
    const names = (await db.secure.toArray()).map((r) => r.name).filter((n) => n.startsWith('letter_pdf:'));
    expect(names).toEqual(['letter_pdf:7:3']);
  });

  it('is encrypted: no clear text of the PDF in IndexedDB', async () => {
    await putCachedPdf(7, 1, pdf('PENROSE Arthur 943 476 5919'));
    const row = await db.secure.get('letter_pdf:7:1');
    expect(new TextDecoder().decode(new Uint8Array(row!.data))).not.toContain('PENROSE');
  });

  it(`keeps only the ${MAX_KEPT} most recently rendered letters`, async () => {
    for (let id = 1; id <= MAX_KEPT + 2; id++) await putCachedPdf(id, 1, pdf(`letter ${id}`), id * 1_000);
    expect(await readCachedPdf(1)).toBeNull();
    expect(await readCachedPdf(2)).toBeNull();
    for (let id = 3; id <= MAX_KEPT + 2; id++) expect((await readCachedPdf(id))?.version).toBe(1);
  });

  it('stays within its byte budget, the newest first', async () => {
    const big = Math.ceil(MAX_BYTES / 2.5);
    await putCachedPdf(1, 1, pdf('one', big), 1_000);
    await putCachedPdf(2, 1, pdf('two', big), 2_000);
    await putCachedPdf(3, 1, pdf('three', big), 3_000);
    expect(await readCachedPdf(1)).toBeNull();
    expect(text((await readCachedPdf(3))!.bytes)).toBe('%PDF-1.7 three');
    expect(text((await readCachedPdf(2))!.bytes)).toBe('%PDF-1.7 two');
  });

  it('survives a reload of the app (database closed, key read again from the key store)', async () => {
    await putCachedPdf(7, 4, pdf('after reload'), 5_000);
    db.close();
    forgetDataKey();
    await db.open();
    const kept = await readCachedPdf(7);
    expect(kept?.version).toBe(4);
    expect(text(kept!.bytes)).toBe('%PDF-1.7 after reload');
  });

  it('is gone after logout, and after a session that ended by itself', async () => {
    await putCachedPdf(7, 1, pdf('one'));
    await wipeLocalData();
    await db.open();
    expect(await readCachedPdf(7)).toBeNull();

    // A 401 keeps a letter typed here that the server has not confirmed; the PDFs still go.
    await putCachedPdf(8, 1, pdf('two'));
    await db.letterDrafts.put({
      dictationId: 9,
      doc: { iv: new Uint8Array(12), data: new ArrayBuffer(1) },
      baseVersion: 1,
      revision: 1,
      dirty: true,
      updatedAt: 1,
      savedAt: null,
      conflict: null,
      refused: null,
    });
    await wipeLocalData('keep-unsent');
    expect(await db.letterDrafts.count()).toBe(1);
    expect(await db.secure.where('name').startsWith('letter_pdf:').count()).toBe(0);
  });
});
