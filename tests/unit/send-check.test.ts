import { describe, expect, it } from 'vitest';
import { getSchema } from '@tiptap/core';
import { Node as PmNode } from '@tiptap/pm/model';
import type { LetterNode } from '../../src/domain/contract';
import { hasSendProblems, sendProblemLines, unfilledPlaceholders } from '../../src/domain/send-check';
import { letterExtensions } from '../../src/features/letter-editor/letter-schema';
import { placeholderRanges } from '../../src/features/autotext/editor/placeholders';

const text = (t: string, marks?: LetterNode['marks']): LetterNode => ({ type: 'text', text: t, ...(marks ? { marks } : {}) });
const ph = (t: string, field: string, extra: LetterNode['marks'] = []): LetterNode =>
  text(t, [...extra, { type: 'placeholder', attrs: { field } }]);
const p = (...content: LetterNode[]): LetterNode => ({ type: 'paragraph', content });
const doc = (...content: LetterNode[]): LetterNode => ({ type: 'doc', content });

describe('unfilledPlaceholders: what the typist is told before sending (issue 23)', () => {
  it('lists every placeholder left in the letter, in reading order, lists and tables included', () => {
    const letter = doc(
      p(text('Dear Dr '), ph('[GP name]', 'gp_name'), text(',')),
      { type: 'bulletList', content: [{ type: 'listItem', content: [p(text('Review on '), ph('[Clinic date]', 'clinic_date'))] }] },
      {
        type: 'table',
        content: [{ type: 'tableRow', content: [{ type: 'tableCell', content: [p(ph('[GP practice]', 'gp_practice'))] }] }],
      },
    );
    expect(unfilledPlaceholders(letter)).toEqual([
      { field: 'gp_name', text: '[GP name]' },
      { field: 'clinic_date', text: '[Clinic date]' },
      { field: 'gp_practice', text: '[GP practice]' },
    ]);
  });

  it('a letter whose placeholders were typed over has none', () => {
    expect(unfilledPlaceholders(doc(p(text('Dear Dr Patel,')), p(text('[Clinic date] typed by hand'))))).toEqual([]);
    expect(unfilledPlaceholders(doc())).toEqual([]);
  });

  it('joins the pieces of one placeholder (part of it in bold) but not two placeholders of one field side by side in different places', () => {
    const letter = doc(
      p(ph('[Clinic ', 'clinic_date'), ph('date]', 'clinic_date', [{ type: 'bold' }]), text(' and '), ph('[Clinic date]', 'clinic_date')),
      p(ph('[Clinic date]', 'clinic_date')),
    );
    expect(unfilledPlaceholders(letter).map((u) => u.text)).toEqual(['[Clinic date]', '[Clinic date]', '[Clinic date]']);
  });

  it('counts as the editor does: the n-th listed is the n-th the editor selects', () => {
    const letter = doc(
      p(
        text('Dear Dr '),
        ph('[GP name]', 'gp_name'),
        text(', seen on '),
        ph('[Clinic ', 'clinic_date'),
        ph('date]', 'clinic_date', [{ type: 'bold' }]),
      ),
      p(ph('[GP practice]', 'gp_practice')),
      p(ph('[GP practice]', 'gp_practice')),
    );
    const pm = PmNode.fromJSON(getSchema(letterExtensions()), letter);
    const ranges = placeholderRanges(pm);
    expect(ranges.map((r) => pm.textBetween(r.from, r.to))).toEqual(unfilledPlaceholders(letter).map((u) => u.text));
  });

  it('says what is wrong in lines the author reads', () => {
    const problems = { placeholders: ['[Clinic date]'], recipients: ['Margaret Thompson has no postal address.'] };
    expect(hasSendProblems(problems)).toBe(true);
    expect(hasSendProblems({ placeholders: [], recipients: [] })).toBe(false);
    expect(sendProblemLines(problems)).toEqual(['Unfilled placeholder [Clinic date]', 'Margaret Thompson has no postal address.']);
  });
});
