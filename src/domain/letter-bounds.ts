/**
 * What a letter may hold beyond its node types (issue 22 point 3): the bounds that keep every letter
 * printable in a few seconds. Each was measured against the PDF renderer (pdfmake), where the cost is
 * not linear: a row of 50 cells each spanning 100 rows and 100 columns (8 KB) took 38 s, because the
 * renderer lays out the whole grid the spans claim; one 10,000-character word took 24 s; one paragraph
 * of 200,000 characters took 40 s. Real letters stay far inside every bound. Pure: checkLetterDoc
 * (letter-doc.ts) applies them on the server before a letter is stored or rendered, and in the editor.
 */
import { MESSAGES } from './messages';

/** Columns of a table, spans included: an A4 page has no room for more readable ones. */
export const LETTER_MAX_TABLE_COLUMNS = 20;
/** Cells of one table, counting every position a merged cell covers (the grid the renderers lay out). */
export const LETTER_MAX_TABLE_CELLS = 1_000;
/** Cells of all the tables of one letter together. */
export const LETTER_MAX_TABLE_CELLS_TOTAL = 5_000;
/** A table inside a table inside a table, no deeper. */
export const LETTER_MAX_TABLE_NESTING = 3;
/** List levels: Word's own limit, which the DOCX renderer keeps to. */
export const LETTER_MAX_LIST_NESTING = 9;
/** Characters of one paragraph or heading (about six pages of one paragraph). */
export const LETTER_MAX_PARAGRAPH_CHARS = 20_000;
/** Characters of one word without a space (a long web address fits). */
export const LETTER_MAX_WORD_CHARS = 300;

type Add = (problem: string) => void;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const thousands = (n: number) => n.toLocaleString('en-GB');

/** A span as the renderers read it: a whole number from 1 (anything else counts as 1; the attribute check reports it). */
function span(attrs: unknown, key: 'colspan' | 'rowspan'): number {
  const v = isObject(attrs) ? attrs[key] : undefined;
  return typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= 100 ? v : 1;
}

/**
 * The shape of one table, laid out as the renderers do (a cell starts at the first column of its row
 * not covered by a cell above that spans down into it). Its real columns are those where a cell
 * starts: a column that only ever lies inside some cell's span holds nothing, so no cell may span more
 * columns than the table really has, nor more rows than are left below it. Answers the cells it
 * covers (rows × columns). The work is bounded whatever the spans say: covered positions are counted
 * and the walk stops once they pass the table's limit.
 */
export function checkTableShape(table: Record<string, unknown>, add: Add): number {
  const rows = list(table.content);
  const height = rows.length;
  if (height > LETTER_MAX_TABLE_CELLS) {
    add(MESSAGES.tableTooManyCells(thousands(LETTER_MAX_TABLE_CELLS)));
    return height;
  }
  const covered: Set<number>[] = rows.map(() => new Set<number>());
  const starts = new Set<number>();
  let width = 0;
  let widest = 1;
  let marks = 0;
  let tooTall = false;
  walk: for (let r = 0; r < height; r++) {
    const row = rows[r];
    let col = 0;
    for (const cell of isObject(row) ? list(row.content) : []) {
      while (covered[r]!.has(col)) col++;
      const attrs = isObject(cell) ? cell.attrs : undefined;
      const colspan = span(attrs, 'colspan');
      const rowspan = span(attrs, 'rowspan');
      if (rowspan > height - r) tooTall = true;
      starts.add(col);
      widest = Math.max(widest, colspan);
      for (let dr = 1; dr < Math.min(rowspan, height - r); dr++) {
        for (let dc = 0; dc < colspan; dc++) {
          covered[r + dr]!.add(col + dc);
          // More covered positions than the table may have cells: it is too big, whatever else is wrong.
          if (++marks > LETTER_MAX_TABLE_CELLS) break walk;
        }
      }
      col += colspan;
    }
    width = Math.max(width, col, ...covered[r]!);
  }
  if (widest > starts.size) add(MESSAGES.tableColSpanTooBig);
  if (tooTall) add(MESSAGES.tableRowSpanTooBig);
  if (width > LETTER_MAX_TABLE_COLUMNS) add(MESSAGES.tableTooWide(LETTER_MAX_TABLE_COLUMNS));
  const cells = marks > LETTER_MAX_TABLE_CELLS ? LETTER_MAX_TABLE_CELLS + 1 : height * width;
  if (cells > LETTER_MAX_TABLE_CELLS) add(MESSAGES.tableTooManyCells(thousands(LETTER_MAX_TABLE_CELLS)));
  return cells;
}

/** Tables of a whole letter: their cells together. */
export function checkTableCellsTotal(cells: number, add: Add): void {
  if (cells > LETTER_MAX_TABLE_CELLS_TOTAL) add(MESSAGES.letterTooManyTableCells(thousands(LETTER_MAX_TABLE_CELLS_TOTAL)));
}

/** How deep tables and lists sit inside one another. */
export function checkNesting(tables: number, lists: number, add: Add): void {
  if (tables > LETTER_MAX_TABLE_NESTING) add(MESSAGES.tablesNestedTooDeep(LETTER_MAX_TABLE_NESTING));
  if (lists > LETTER_MAX_LIST_NESTING) add(MESSAGES.listsNestedTooDeep(LETTER_MAX_LIST_NESTING));
}

/**
 * A paragraph's or heading's text: its length, and its longest word (a run without white space,
 * across bold or italic pieces; a line break ends it).
 */
export function checkBlockText(block: Record<string, unknown>, add: Add): void {
  let chars = 0;
  let run = 0;
  let longest = 0;
  for (const inline of list(block.content)) {
    if (!isObject(inline)) continue;
    if (inline.type === 'hardBreak') {
      chars++;
      run = 0;
      continue;
    }
    if (typeof inline.text !== 'string') continue;
    chars += inline.text.length;
    const pieces = inline.text.split(/\s/);
    run += pieces[0]!.length;
    longest = Math.max(longest, run);
    if (pieces.length > 1) {
      for (const piece of pieces.slice(1, -1)) longest = Math.max(longest, piece.length);
      run = pieces.at(-1)!.length;
      longest = Math.max(longest, run);
    }
  }
  if (chars > LETTER_MAX_PARAGRAPH_CHARS) add(MESSAGES.paragraphTooLong(thousands(LETTER_MAX_PARAGRAPH_CHARS)));
  if (longest > LETTER_MAX_WORD_CHARS) add(MESSAGES.wordTooLong(LETTER_MAX_WORD_CHARS));
}
