import { describe, expect, it } from 'vitest';
import type { LetterNode } from '../../src/domain/contract/letter';
import {
  LETTER_MAX_LIST_NESTING,
  LETTER_MAX_PARAGRAPH_CHARS,
  LETTER_MAX_TABLE_CELLS,
  LETTER_MAX_TABLE_COLUMNS,
  LETTER_MAX_TABLE_NESTING,
  LETTER_MAX_WORD_CHARS,
} from '../../src/domain/letter-bounds';
import { checkLetterDoc } from '../../src/domain/letter-doc';
import { MESSAGES } from '../../src/domain/messages';

const text = (t: string, marks?: LetterNode['marks']): LetterNode => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: LetterNode[]): LetterNode => ({ type: 'paragraph', content });
const doc = (...content: LetterNode[]): LetterNode => ({ type: 'doc', content });
const cell = (attrs?: { colspan?: number; rowspan?: number }, content: LetterNode[] = [p(text('x'))]): LetterNode => ({
  type: 'tableCell',
  attrs: { colspan: 1, rowspan: 1, colwidth: null, ...attrs },
  content,
});
const row = (...cells: LetterNode[]): LetterNode => ({ type: 'tableRow', content: cells });
const table = (...rows: LetterNode[]): LetterNode => ({ type: 'table', content: rows });
const grid = (rows: number, cols: number) =>
  table(...Array.from({ length: rows }, () => row(...Array.from({ length: cols }, () => cell()))));

const CELLS = MESSAGES.tableTooManyCells(LETTER_MAX_TABLE_CELLS.toLocaleString('en-GB'));

describe('the letter bounds (issue 22 point 3)', () => {
  it('refuses the probe’s letter: one row of 50 cells, each spanning 100 columns and 100 rows', () => {
    const hostile = doc(table(row(...Array.from({ length: 50 }, () => cell({ colspan: 100, rowspan: 100 })))));
    expect(JSON.stringify(hostile).length).toBeLessThan(8_000);
    const problems = checkLetterDoc(hostile);
    expect(problems).toContain('A table cell cannot span more columns than the table has.');
    expect(problems).toContain('A table cell cannot span more rows than the table has.');
    expect(problems).toContain(`A table can have at most ${LETTER_MAX_TABLE_COLUMNS} columns.`);
  });

  it('accepts the merged cells real letters have: a heading across the table, a drug over two rows', () => {
    const letter = doc(
      table(row(cell({ colspan: 3 })), row(cell({ rowspan: 2 }), cell(), cell()), row(cell(), cell()), row(cell(), cell({ colspan: 2 }))),
    );
    expect(checkLetterDoc(letter)).toEqual([]);
  });

  it('counts a table’s real columns: those where some cell starts', () => {
    // Three columns are claimed, but only two have a cell of their own.
    expect(checkLetterDoc(doc(table(row(cell({ colspan: 3 })), row(cell(), cell()))))).toEqual([MESSAGES.tableColSpanTooBig]);
    expect(checkLetterDoc(doc(table(row(cell({ rowspan: 3 }), cell()), row(cell()))))).toEqual([MESSAGES.tableRowSpanTooBig]);
  });

  it('bounds columns, cells per table and cells in all tables together', () => {
    expect(checkLetterDoc(doc(grid(1, LETTER_MAX_TABLE_COLUMNS)))).toEqual([]);
    expect(checkLetterDoc(doc(grid(1, LETTER_MAX_TABLE_COLUMNS + 1)))).toEqual([MESSAGES.tableTooWide(LETTER_MAX_TABLE_COLUMNS)]);
    expect(checkLetterDoc(doc(grid(LETTER_MAX_TABLE_CELLS / 10, 10)))).toEqual([]);
    expect(checkLetterDoc(doc(grid(LETTER_MAX_TABLE_CELLS / 10 + 1, 10)))).toEqual([CELLS]);
    expect(checkLetterDoc(doc(grid(LETTER_MAX_TABLE_CELLS + 1, 1)))).toEqual([CELLS]);
    // Six tables of 20 × 50 = 1,000 cells (19 cells spanning every row, then a cell a row): each fine, too many together.
    const tall = () =>
      table(row(...Array.from({ length: 19 }, () => cell({ rowspan: 50 })), cell()), ...Array.from({ length: 49 }, () => row(cell())));
    expect(checkLetterDoc(doc(...Array.from({ length: 5 }, tall)))).toEqual([]);
    expect(checkLetterDoc(doc(...Array.from({ length: 6 }, tall)))).toEqual([MESSAGES.letterTooManyTableCells('5,000')]);
  });

  it('stops counting once the spans claim more positions than a table may have (the check itself is bounded)', () => {
    // 2,000 cells claiming 100 × 100 positions each: 20 million, never visited one by one.
    const rows = Array.from({ length: 100 }, () => row(...Array.from({ length: 20 }, () => cell({ colspan: 100, rowspan: 100 }))));
    expect(checkLetterDoc(doc(table(...rows)))).toContain(CELLS);
  });

  it('bounds tables inside tables and lists inside lists', () => {
    const nestTables = (levels: number) => {
      let inner: LetterNode = p(text('x'));
      for (let i = 0; i < levels; i++) inner = table(row(cell({}, [inner])));
      return doc(inner);
    };
    expect(checkLetterDoc(nestTables(LETTER_MAX_TABLE_NESTING))).toEqual([]);
    expect(checkLetterDoc(nestTables(LETTER_MAX_TABLE_NESTING + 1))).toEqual([MESSAGES.tablesNestedTooDeep(LETTER_MAX_TABLE_NESTING)]);
    const nestLists = (levels: number) => {
      let inner: LetterNode = { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('x'))] }] };
      for (let i = 1; i < levels; i++) inner = { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('x')), inner] }] };
      return doc(inner);
    };
    expect(checkLetterDoc(nestLists(LETTER_MAX_LIST_NESTING))).toEqual([]);
    expect(checkLetterDoc(nestLists(LETTER_MAX_LIST_NESTING + 1))).toEqual([MESSAGES.listsNestedTooDeep(LETTER_MAX_LIST_NESTING)]);
  });

  it('bounds a paragraph’s length and its longest word, across bold and italic pieces', () => {
    const words = (n: number) => 'word '.repeat(n / 5);
    expect(checkLetterDoc(doc(p(text(words(LETTER_MAX_PARAGRAPH_CHARS)))))).toEqual([]);
    expect(checkLetterDoc(doc(p(text(words(LETTER_MAX_PARAGRAPH_CHARS)), text('more'))))).toEqual([
      MESSAGES.paragraphTooLong(LETTER_MAX_PARAGRAPH_CHARS.toLocaleString('en-GB')),
    ]);
    const half = 'w'.repeat(LETTER_MAX_WORD_CHARS / 2);
    expect(checkLetterDoc(doc(p(text(`see ${half}`), text(half, [{ type: 'bold' }]), text(' and more'))))).toEqual([]);
    expect(checkLetterDoc(doc(p(text(`see ${half}`), text(`${half}x`, [{ type: 'bold' }]))))).toEqual([
      MESSAGES.wordTooLong(LETTER_MAX_WORD_CHARS),
    ]);
    // A line break ends a word.
    expect(checkLetterDoc(doc(p(text(half + half), { type: 'hardBreak' }, text(half))))).toEqual([]);
    expect(checkLetterDoc(doc({ type: 'heading', attrs: { level: 2 }, content: [text('h'.repeat(LETTER_MAX_WORD_CHARS + 1))] }))).toEqual([
      MESSAGES.wordTooLong(LETTER_MAX_WORD_CHARS),
    ]);
  });
});
