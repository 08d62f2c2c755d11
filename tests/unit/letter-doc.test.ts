import { describe, expect, it } from 'vitest';
import { LETTER_MAX_JSON_BYTES, type LetterNode } from '../../src/domain/contract/letter';
import { MESSAGES } from '../../src/domain/messages';
import { LETTER_MAX_DEPTH, checkLetterDoc, letterText, nestsDeeperThan, templateDoc, wordCount } from '../../src/domain/letter-doc';

const text = (t: string, marks?: LetterNode['marks']): LetterNode => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const p = (...content: LetterNode[]): LetterNode => ({ type: 'paragraph', content });
const doc = (...content: LetterNode[]): LetterNode => ({ type: 'doc', content });
const list = (type: 'bulletList' | 'orderedList', ...items: string[]): LetterNode => ({
  type,
  content: items.map((i) => ({ type: 'listItem', content: [p(text(i))] })),
});

/** A clinic letter using every node and mark the editor offers. */
const FULL = doc(
  { type: 'heading', attrs: { level: 2 }, content: [text('Diagnosis')] },
  p(text('Stable angina', [{ type: 'bold' }]), { type: 'hardBreak' }, text('on exertion', [{ type: 'italic' }, { type: 'underline' }])),
  { type: 'heading', attrs: { level: 3 }, content: [text('Medication changes')] },
  list('bulletList', 'Start bisoprolol 2.5 mg once daily'),
  { type: 'orderedList', attrs: { start: 1, type: null }, content: [{ type: 'listItem', content: [p(text('Review in 6 weeks'))] }] },
  {
    type: 'table',
    content: [
      {
        type: 'tableRow',
        content: [
          { type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: null }, content: [p(text('Test'))] },
          { type: 'tableHeader', attrs: { colspan: 1, rowspan: 1, colwidth: [120] }, content: [p(text('Result'))] },
        ],
      },
      {
        type: 'tableRow',
        content: [
          { type: 'tableCell', content: [p(text('Troponin'))] },
          { type: 'tableCell', content: [p(text('<5 ng/L'))] },
        ],
      },
    ],
  },
  p(text('Dear '), text('GP name', [{ type: 'placeholder', attrs: { field: 'gp_name' } }])),
);

describe('checkLetterDoc', () => {
  it('accepts every node, mark and attribute of the editor', () => {
    expect(checkLetterDoc(FULL)).toEqual([]);
    expect(checkLetterDoc(templateDoc(['Diagnosis', 'Plan']))).toEqual([]);
    expect(checkLetterDoc(templateDoc([]))).toEqual([]);
  });

  it('names an unknown node or mark', () => {
    expect(checkLetterDoc(doc({ type: 'image', attrs: { src: 'x' } }))[0]).toMatch(/does not support \(“image”\)/);
    expect(checkLetterDoc(doc(p(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }]))))[0]).toMatch(/formatting.*“link”/);
  });

  it('refuses attributes the editor does not have, and bad values of those it has', () => {
    expect(checkLetterDoc(doc({ type: 'paragraph', attrs: { style: 'color:red' } }))[0]).toMatch(/setting “style”/);
    expect(checkLetterDoc(doc({ type: 'heading', attrs: { level: 1 }, content: [text('Title')] }))[0]).toMatch(/invalid level/);
    expect(checkLetterDoc(doc(p(text('x', [{ type: 'placeholder', attrs: { field: '<script>' } }]))))[0]).toMatch(/invalid field/);
    expect(checkLetterDoc(doc(p(text('x', [{ type: 'placeholder' }]))))[0]).toMatch(/needs its field/);
  });

  it('refuses nodes in the wrong place, empty text and empty containers', () => {
    expect(checkLetterDoc(doc(text('loose')))).toContain('A text cannot be placed inside a doc.');
    expect(checkLetterDoc(doc(p({ type: 'paragraph' })))).toContain('A paragraph cannot be placed inside a paragraph.');
    expect(checkLetterDoc(doc(p(text(''))))).toContain('The letter contains an empty piece of text.');
    expect(checkLetterDoc(doc())).toContain('A letter cannot be empty.');
    expect(checkLetterDoc(doc({ type: 'bulletList', content: [] }))).toContain('A bulletList cannot be empty.');
    expect(checkLetterDoc({ type: 'paragraph' })).toEqual(['The letter must be a document.']);
    expect(checkLetterDoc('doc')).toEqual(['The letter must be a document.']);
  });

  it('refuses text the database cannot store', () => {
    expect(checkLetterDoc(doc(p(text('a\u0000b'))))).toContain('The letter contains a character that cannot be stored.');
    expect(checkLetterDoc(doc(p(text('\ud800'))))).toContain('The letter contains a character that cannot be stored.');
  });

  it('refuses nesting deeper than the limit without overflowing the stack, however deep', () => {
    const nested = (levels: number) => {
      let inner: LetterNode = p(text('deep'));
      for (let i = 0; i < levels; i++) inner = { type: 'bulletList', content: [{ type: 'listItem', content: [inner] }] };
      return doc(inner);
    };
    // Lists deeper than nine levels are refused in words of their own (letter-bounds.ts); the structural
    // limit stays the guard against a hostile depth.
    expect(checkLetterDoc(nested(LETTER_MAX_DEPTH / 2 - 2))).toEqual([MESSAGES.listsNestedTooDeep(9)]);
    expect(checkLetterDoc(nested(LETTER_MAX_DEPTH / 2))).toContain(
      `The letter is nested too deeply (more than ${LETTER_MAX_DEPTH} levels of lists or tables).`,
    );
    const hostile = nested(200_000);
    expect(checkLetterDoc(hostile)).not.toEqual([]);
    expect(nestsDeeperThan(hostile, 200)).toBe(true);
    expect(nestsDeeperThan(FULL, 200)).toBe(false);
  });

  it('refuses a letter larger than the limit', () => {
    const big = doc(...Array.from({ length: 30 }, () => p(text('x'.repeat(LETTER_MAX_JSON_BYTES / 25)))));
    expect(checkLetterDoc(big)[0]).toMatch(/too large to save/);
  });
});

describe('letterText and wordCount', () => {
  it('gives one line per block, keeps line breaks, separates table cells with tabs', () => {
    expect(letterText(FULL)).toBe(
      [
        'Diagnosis',
        'Stable angina\non exertion',
        'Medication changes',
        'Start bisoprolol 2.5 mg once daily',
        'Review in 6 weeks',
        'Test\tResult',
        'Troponin\t<5 ng/L',
        'Dear GP name',
      ].join('\n'),
    );
  });

  it('counts words as a word processor does', () => {
    expect(wordCount('')).toBe(0);
    expect(wordCount('  Stable   angina\non exertion — 2.5 mg ')).toBe(6);
    expect(wordCount("Patient's BP 140/90, HR 72.")).toBe(5);
    expect(wordCount(letterText(FULL))).toBe(25);
  });
});

describe('templateDoc', () => {
  it('makes a level-2 heading per section, each followed by an empty paragraph to type in', () => {
    expect(templateDoc(['Diagnosis', ' Plan '])).toEqual(
      doc(
        { type: 'heading', attrs: { level: 2 }, content: [text('Diagnosis')] },
        { type: 'paragraph' },
        { type: 'heading', attrs: { level: 2 }, content: [text('Plan')] },
        { type: 'paragraph' },
      ),
    );
  });

  it('is one empty paragraph without sections', () => {
    expect(templateDoc([])).toEqual(doc({ type: 'paragraph' }));
    expect(templateDoc(['  '])).toEqual(doc({ type: 'paragraph' }));
  });
});
