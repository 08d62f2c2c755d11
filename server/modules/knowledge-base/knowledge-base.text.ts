/**
 * The knowledge base's text helpers, pure (tests/unit/knowledge-base-text.test.ts): a search turned into
 * a full-text query, and a list's excerpt turned from Markdown into plain words.
 */
import { EXCERPT_MARK } from '../../../src/domain/contract/knowledge-base';

/** Words of a search that are used; the rest is ignored. */
const MAX_WORDS = 12;

/**
 * A search as to_tsquery text: its words (letters and digits; everything else separates them), each
 * matched as the start of a word and all of them required: "foot pedal" → "foot:* & pedal:*", so a
 * half-typed word finds the article too. Nothing of to_tsquery's syntax can come through. Null when the
 * search holds no word.
 */
export function prefixQuery(search: string | undefined): string | null {
  const words = (search ?? '').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!words.length) return null;
  return [...new Set(words)]
    .slice(0, MAX_WORDS)
    .map((w) => `${w}:*`)
    .join(' & ');
}

const { start: MARK_START, end: MARK_END } = EXCERPT_MARK;

/**
 * Plain words from a piece of Markdown (the start of an article, or ts_headline's fragment of it) for a
 * list: no heading marks, emphasis, list bullets, link targets, pictures or HTML; runs of space made one;
 * cut at a word near `max` characters with "…". The search marks stay, balanced.
 */
export function plainExcerpt(markdown: string, max = 220): string {
  let s = markdown
    .replace(/```[^\n]*\n?/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<(https?:[^>\s]+)>/g, '$1')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    // A heading reads as a sentence of its own: "What works. Foot pedals need…".
    .replace(/^[ \t]{0,3}#{1,6}[ \t]+(.*?)[ \t#]*$/gm, (_, heading: string) => (/[.!?:]$/.test(heading) ? heading : `${heading}.`))
    .replace(/^\s{0,3}>\s?/gm, '')
    .replace(/^\s*(?:[-*+]|\d{1,9}[.)])\s+/gm, '')
    .replace(/^\s*(?:[-*_]\s*){3,}$/gm, ' ')
    .replace(/\*\*|__|~~|`/g, '')
    .replace(/(^|[\s(])[*_]([^\s*_])/g, '$1$2')
    .replace(/([^\s*_])[*_](?=[\s.,;:!?)]|$)/g, '$1')
    .replace(/\|/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (s.length > max) {
    const cut = s.slice(0, max);
    const space = cut.lastIndexOf(' ');
    s = `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.-]+$/, '')}…`;
  }
  // A mark opened before the cut is closed; a stray end mark is dropped.
  let open = false;
  let out = '';
  for (const ch of s) {
    if (ch === MARK_START) {
      if (open) continue;
      open = true;
    } else if (ch === MARK_END) {
      if (!open) continue;
      open = false;
    }
    out += ch;
  }
  return open ? out + MARK_END : out;
}
