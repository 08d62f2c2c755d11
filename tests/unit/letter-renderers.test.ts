import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { extractText, getDocumentProxy } from 'unpdf';
import { demoLogoPng } from '../../server/db/demo-letterhead';
import { pngSize, renderLetterDocx } from '../../server/modules/documents/docx-renderer';
import { pdfDefinition, renderLetterPdf } from '../../server/modules/documents/pdf-renderer';
import { signOffLead } from '../../server/modules/documents/sign-off';
import type { LetterNode } from '../../src/domain/contract';
import { buildLetterModel, defaultLetterhead, type LetterSource } from '../../src/domain/letter-model';
import { letterSource } from '../fixtures/letter-source';

const para = (text: string): LetterNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const cell = (text: string, attrs?: Record<string, unknown>, type = 'tableCell'): LetterNode => ({ type, attrs, content: [para(text)] });

const source = (doc: LetterNode, over: Partial<LetterSource> = {}): LetterSource =>
  letterSource(doc, {
    letterhead: {
      ...defaultLetterhead('Demo NHS Foundation Trust', 'Demo General Hospital'),
      logo_png_base64: demoLogoPng(48).toString('base64'),
    },
    ...over,
  });

// A table whose first cell spans two rows and whose last row has a cell spanning two columns.
const table: LetterNode = {
  type: 'table',
  content: [
    {
      type: 'tableRow',
      content: [cell('Drug', undefined, 'tableHeader'), cell('Dose', undefined, 'tableHeader'), cell('When', undefined, 'tableHeader')],
    },
    { type: 'tableRow', content: [cell('Bisoprolol', { rowspan: 2, colspan: 1, colwidth: null }), cell('2.5 mg'), cell('morning')] },
    { type: 'tableRow', content: [cell('5 mg'), cell('from week 4')] },
    { type: 'tableRow', content: [cell('Ramipril'), cell('5 mg at night', { colspan: 2, rowspan: 1, colwidth: null })] },
  ],
};
const doc: LetterNode = {
  type: 'doc',
  content: [
    { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Plan' }] },
    {
      type: 'paragraph',
      content: [
        { type: 'text', text: 'Bold', marks: [{ type: 'bold' }] },
        { type: 'hardBreak' },
        { type: 'text', text: 'underlined', marks: [{ type: 'underline' }, { type: 'italic' }] },
      ],
    },
    {
      type: 'orderedList',
      attrs: { start: 3, type: 'a' },
      content: [
        { type: 'listItem', content: [para('third'), { type: 'bulletList', content: [{ type: 'listItem', content: [para('nested')] }] }] },
      ],
    },
    table,
  ],
};

const heading = (text: string): LetterNode => ({ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text }] });
/**
 * A letter just long enough that, laid out naively, its body fills page 1 and the sign-off falls alone on
 * page 2 (fifteen one-line paragraphs: 13 to 18 do it with this letterhead and patient block).
 */
const nearlyOnePage: LetterNode = {
  type: 'doc',
  content: [
    heading('Plan'),
    ...Array.from({ length: 15 }, (_, i) => para(`Plan item ${i + 1}: reviewed in clinic today.`)),
    heading('Actions for GP'),
    para('Please check renal function in two weeks.'),
    { type: 'paragraph' },
  ],
};
const signed = { id: 1, name: 'Daniel Reid', job_title: 'Consultant Physician', registration_number: 'GMC 4412087' };

describe('the sign-off', () => {
  it('is never alone on a page of the PDF: the last section goes over with it', { timeout: 30_000 }, async () => {
    const pdf = await renderLetterPdf(buildLetterModel(source(nearlyOnePage, { author: signed })));
    const { text, totalPages } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
    expect(totalPages).toBe(2);
    const page2 = (text as string[])[1]!;
    expect(page2).toContain('Yours sincerely');
    expect(page2).toContain('Consultant Physician');
    // The body's last lines (with their heading) are on the sign-off's page, not left behind on page 1.
    expect(page2).toContain('Actions for GP');
    expect(page2).toContain('Please check renal function in two weeks.');
    expect((text as string[])[0]).toContain('Plan item 15');
  });

  it('keeps with the body’s last lines in Word (keep with next, down to the last line of the sign-off)', async () => {
    const zip = await JSZip.loadAsync(await renderLetterDocx(buildLetterModel(source(nearlyOnePage, { author: signed }))));
    const xml = await zip.file('word/document.xml')!.async('string');
    const paragraph = (words: string) => xml.split(/<w:p[ >]/).find((p) => p.includes(words))!;
    // (Headings keep with the next paragraph by their style.)
    for (const words of ['Please check renal function', 'Yours sincerely', 'Daniel Reid', 'Consultant Physician', 'GMC'])
      expect(paragraph(words), words).toContain('<w:keepNext/>');
    // The sign-off's last line: a draft's note.
    expect(paragraph('Dictated but not yet approved')).not.toContain('<w:keepNext/>');
    expect(paragraph('Plan item 1:')).not.toContain('<w:keepNext/>');
  });

  it('takes the last block with words, with its heading', () => {
    const empty: LetterNode = { type: 'paragraph' };
    expect(signOffLead(nearlyOnePage.content!)).toBe(16);
    expect(signOffLead([para('one'), para('two'), empty, empty])).toBe(1);
    expect(signOffLead([heading('Plan'), empty])).toBe(0);
    expect(signOffLead([empty])).toBe(-1);
    expect(signOffLead([])).toBe(-1);
  });
});

describe('the PDF renderer', () => {
  it('lays tables out on a full grid, spans kept', { timeout: 30_000 }, () => {
    const def = pdfDefinition(buildLetterModel(source(doc)));
    const t = (def.content as { style?: string; table?: { body: unknown[][]; headerRows: number } }[]).find(
      (c) => c.style === 'table',
    )!.table!;
    expect(t.headerRows).toBe(1);
    expect(t.body.map((r) => r.length)).toEqual([3, 3, 3, 3]);
    expect(t.body[1]![0]).toMatchObject({ rowSpan: 2 });
    expect(t.body[2]![0]).toEqual({});
    expect(t.body[2]![1]).toMatchObject({ stack: [{ text: [{ text: '5 mg' }] }] });
    expect(t.body[3]![1]).toMatchObject({ colSpan: 2 });
    expect(t.body[3]![2]).toEqual({});
  });

  it('keeps list numbering, marks and line breaks', () => {
    const def = pdfDefinition(buildLetterModel(source(doc)));
    const content = def.content as unknown as Record<string, unknown>[];
    expect(content.find((c) => c.ol)).toMatchObject({ start: 3, type: 'lower-alpha' });
    expect(content.find((c) => Array.isArray(c.text) && (c.text as unknown[]).includes('\n'))?.text).toEqual([
      { text: 'Bold', bold: true },
      '\n',
      { text: 'underlined', italics: true, decoration: 'underline' },
    ]);
  });

  it('renders to a PDF whose text holds the letter, with the logo embedded', { timeout: 30_000 }, async () => {
    const pdf = await renderLetterPdf(buildLetterModel(source(doc)));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    for (const s of ['Bisoprolol', '5 mg at night', 'nested', 'PENROSE, Arthur', 'Page 1 of 1']) expect(text).toContain(s);
    expect(pdf.includes(Buffer.from('/Subtype /Image'))).toBe(true);
  });
});

describe('the DOCX renderer', () => {
  it('holds the table, the lists (own numbering from 3, lower letters) and the logo', { timeout: 30_000 }, async () => {
    const zip = await JSZip.loadAsync(await renderLetterDocx(buildLetterModel(source(doc))));
    const body = await zip.file('word/document.xml')!.async('string');
    expect(body).toContain('w:vMerge');
    expect(body).toMatch(/<w:gridSpan w:val="2"\/>/);
    const numbering = await zip.file('word/numbering.xml')!.async('string');
    expect(numbering).toMatch(/<w:start w:val="3"\/>/);
    expect(numbering).toContain('lowerLetter');
    expect(Object.keys(zip.files).some((n) => /^word\/media\/.+\.png$/.test(n))).toBe(true);
  });

  it('reads a PNG’s size from its header', () => {
    expect(pngSize(demoLogoPng(48))).toEqual({ width: 48, height: 48 });
    expect(pngSize(Buffer.from('not a png at all, not at all'))).toBeNull();
  });
});
