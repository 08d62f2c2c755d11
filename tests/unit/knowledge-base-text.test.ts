import { describe, expect, it } from 'vitest';
import { plainExcerpt, prefixQuery } from '../../server/modules/knowledge-base/knowledge-base.text';
import { EXCERPT_MARK, knowledgeArticleInputSchema, knowledgeTagsSchema, tagsFromText } from '../../src/domain/contract';

const { start: S, end: E } = EXCERPT_MARK;

describe('a search as a full-text query (issue 25)', () => {
  it('requires every word, each as the start of a word', () => {
    expect(prefixQuery('foot pedal')).toBe('foot:* & pedal:*');
    expect(prefixQuery('  Foot-Pedal, FOOT ')).toBe('foot:* & pedal:*');
    expect(prefixQuery('Überweisung 2024')).toBe('überweisung:* & 2024:*');
  });

  it('lets none of to_tsquery’s syntax through, and has no query without words', () => {
    expect(prefixQuery("a & b | !c (d) <-> 'e':* \\f")).toBe('a:* & b:* & c:* & d:* & e:* & f:*');
    expect(prefixQuery('!&|():*')).toBeNull();
    expect(prefixQuery('')).toBeNull();
    expect(prefixQuery(undefined)).toBeNull();
    expect(prefixQuery(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))!.split(' & ')).toHaveLength(12);
  });
});

describe('an excerpt: plain words from Markdown', () => {
  it('drops heading marks, emphasis, bullets, link targets, pictures and HTML', () => {
    expect(
      plainExcerpt(
        '## Record\n\n1. Press **Record**, then *Stop*.\n- See [the guide](https://x.example/a) ![pic](/p.png)\n> quoted <b>bold</b> `code`',
      ),
    ).toBe('Record. Press Record, then Stop. See the guide pic quoted bold code');
    expect(plainExcerpt('# Who to call?\n\nRing ## the bleep')).toBe('Who to call? Ring ## the bleep');
    expect(plainExcerpt('snake_case_word and a_b stay')).toBe('snake_case_word and a_b stay');
  });

  it('is cut at a word with an ellipsis, the search marks kept balanced', () => {
    const long = `${'word '.repeat(60)}end`;
    const out = plainExcerpt(long, 50);
    expect(out.length).toBeLessThanOrEqual(51);
    expect(out.endsWith('word…')).toBe(true);
    const marked = plainExcerpt(`${'a '.repeat(30)}${S}pedal${E} and ${S}pedals${E}`, 64);
    expect([...marked].filter((c) => c === S)).toHaveLength([...marked].filter((c) => c === E).length);
    expect(plainExcerpt(`x ${E}y${S} z`)).toBe(`x y${S} z${E}`);
  });
});

describe('tags and bounds in the shared contract', () => {
  it('tags: lower case, once each, one short word', () => {
    expect(knowledgeTagsSchema.parse([' Pedal ', 'pedal', 'Ward-7'])).toEqual(['pedal', 'ward-7']);
    expect(knowledgeTagsSchema.safeParse(['two words']).success).toBe(false);
    expect(knowledgeTagsSchema.safeParse(['-leading']).success).toBe(false);
    expect(knowledgeTagsSchema.safeParse(Array.from({ length: 11 }, (_, i) => `t${i}`)).success).toBe(false);
    expect(tagsFromText(' pedal, Recording,, offline ,')).toEqual(['pedal', 'Recording', 'offline']);
  });

  it('an article: title and body trimmed, the body counted in bytes, Windows line ends made plain', () => {
    const ok = knowledgeArticleInputSchema.parse({ title: '  Hello ', body: 'Line\r\nnext  \n\n' });
    expect(ok).toEqual({ title: 'Hello', body: 'Line\nnext', tags: [] });
    expect(knowledgeArticleInputSchema.safeParse({ title: 'T', body: '€'.repeat(34_134) }).success).toBe(false); // 102,402 bytes
    expect(knowledgeArticleInputSchema.safeParse({ title: 'T', body: '€'.repeat(34_133) }).success).toBe(true); // 102,399 bytes
  });
});
