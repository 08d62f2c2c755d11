/**
 * The print queue's pile as one PDF (issue 13): the chosen letters in queue order, a copy for someone
 * other than the letter's addressee preceded by an address sheet whose address sits where a DL or C5
 * window shows it (20 mm from the left, 50 mm from the top). Pure pdf-lib work on PDFs already made:
 * it runs in the render pool (render-job.ts), under the same time and memory limits as a letter.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/** One copy in the pile: which of the letters, and the address sheet before it when it goes to someone else. */
export interface PileEntry {
  letter: number;
  sheet: { name: string; lines: string[]; reference: string } | null;
}

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

async function addressSheet(pdf: PDFDocument, sheet: NonNullable<PileEntry['sheet']>) {
  const page = pdf.addPage([A4.width, A4.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let y = A4.height - 50 * MM;
  page.drawText(winAnsi(sheet.name), { x: 20 * MM, y, size: 11, font: bold });
  for (const line of sheet.lines) {
    y -= 14;
    page.drawText(winAnsi(line), { x: 20 * MM, y, size: 11, font });
  }
  page.drawText(winAnsi(`Copy of letter ${sheet.reference}`), {
    x: 20 * MM,
    y: A4.height - 120 * MM,
    size: 10,
    font,
    color: rgb(0.3, 0.3, 0.3),
  });
}

/** The letters' PDFs merged in the order of `pile`, each copy after its address sheet, if any. */
export async function mergePile(letters: Uint8Array[], pile: PileEntry[]): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.setTitle('Letters to post');
  const loaded = new Map<number, PDFDocument>();
  for (const entry of pile) {
    let letter = loaded.get(entry.letter);
    if (!letter) {
      letter = await PDFDocument.load(letters[entry.letter]!);
      loaded.set(entry.letter, letter);
    }
    if (entry.sheet) await addressSheet(out, entry.sheet);
    const pages = await out.copyPages(letter, letter.getPageIndices());
    for (const p of pages) out.addPage(p);
  }
  return out.save();
}
