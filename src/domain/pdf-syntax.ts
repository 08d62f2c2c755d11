/**
 * Just enough of PDF's object syntax (ISO 32000-1 §7.2–7.3) for the attachment check to read what
 * readers read: dictionaries (stream dictionaries, actions, the catalog), arrays, names with their #xx
 * escapes, literal and hex strings, numbers and references. Works on a file's bytes as a latin1 string
 * (one char per byte). A parse that fails reports where it stopped, so a caller can go on after it.
 */

export type PdfValue =
  | { t: 'dict'; entries: [string, PdfValue][] }
  | { t: 'array'; items: PdfValue[] }
  | { t: 'name'; v: string }
  | { t: 'string'; v: string }
  | { t: 'num'; v: number }
  | { t: 'ref'; n: number }
  | { t: 'word'; v: string };

export type Parsed = { ok: true; value: PdfValue; end: number } | { ok: false; end: number };

const MAX_DEPTH = 100;

const isWhite = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;
/** ( ) < > [ ] { } / % */
const isDelimiter = (c: number) =>
  c === 40 || c === 41 || c === 60 || c === 62 || c === 91 || c === 93 || c === 123 || c === 125 || c === 47 || c === 37;
const isRegular = (c: number) => !Number.isNaN(c) && !isWhite(c) && !isDelimiter(c);

/** Past white space and comments. */
export function skipSpace(s: string, i: number): number {
  for (;;) {
    const c = s.charCodeAt(i);
    if (isWhite(c)) i++;
    else if (c === 37) {
      while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
    } else return i;
  }
}

/** A name's #xx escapes decoded. */
export const decodeName = (raw: string) => raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

function regularRun(s: string, i: number): number {
  while (isRegular(s.charCodeAt(i))) i++;
  return i;
}

function literalString(s: string, i: number): Parsed {
  let depth = 1;
  let out = '';
  let run = i + 1;
  for (let j = i + 1; j < s.length; j++) {
    const c = s[j]!;
    if (c === '\\') {
      out += s.slice(run, j);
      const n = s[j + 1];
      if (n === undefined) return { ok: false, end: s.length };
      const simple: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
      if (n in simple) {
        out += simple[n];
        j++;
      } else if (n >= '0' && n <= '7') {
        let k = j + 1;
        while (k < j + 4 && s[k]! >= '0' && s[k]! <= '7') k++;
        out += String.fromCharCode(parseInt(s.slice(j + 1, k), 8) & 0xff);
        j = k - 1;
      } else if (n === '\r') {
        j += s[j + 2] === '\n' ? 2 : 1;
      } else if (n === '\n') {
        j++;
      }
      // Any other character after a backslash: the backslash is ignored and the character kept (next run).
      run = j + 1;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return { ok: true, value: { t: 'string', v: out + s.slice(run, j) }, end: j + 1 };
  }
  return { ok: false, end: s.length };
}

function hexString(s: string, i: number): Parsed {
  let digits = '';
  for (let j = i + 1; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 62) {
      if (digits.length % 2) digits += '0';
      let v = '';
      for (let k = 0; k < digits.length; k += 2) v += String.fromCharCode(parseInt(digits.slice(k, k + 2), 16));
      return { ok: true, value: { t: 'string', v }, end: j + 1 };
    }
    if (isWhite(c)) continue;
    if (!/[0-9a-fA-F]/.test(s[j]!)) return { ok: false, end: j };
    digits += s[j];
  }
  return { ok: false, end: s.length };
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)$/;
const INTEGER = /^\d+$/;

/** The value that starts at `i` (after any white space). */
export function parseValue(s: string, i: number, depth = 0): Parsed {
  i = skipSpace(s, i);
  if (depth > MAX_DEPTH) return { ok: false, end: i };
  const c = s[i];
  if (c === undefined) return { ok: false, end: i };
  if (c === '<' && s[i + 1] === '<') {
    const entries: [string, PdfValue][] = [];
    let j = i + 2;
    for (;;) {
      j = skipSpace(s, j);
      if (s[j] === '>' && s[j + 1] === '>') return { ok: true, value: { t: 'dict', entries }, end: j + 2 };
      if (s[j] !== '/') return { ok: false, end: Math.max(j, i + 1) };
      const keyEnd = regularRun(s, j + 1);
      const key = decodeName(s.slice(j + 1, keyEnd));
      const v = parseValue(s, keyEnd, depth + 1);
      if (!v.ok) return v;
      entries.push([key, v.value]);
      j = v.end;
    }
  }
  if (c === '<') return hexString(s, i);
  if (c === '(') return literalString(s, i);
  if (c === '[') {
    const items: PdfValue[] = [];
    let j = i + 1;
    for (;;) {
      j = skipSpace(s, j);
      if (s[j] === ']') return { ok: true, value: { t: 'array', items }, end: j + 1 };
      const v = parseValue(s, j, depth + 1);
      if (!v.ok) return v;
      items.push(v.value);
      j = v.end;
    }
  }
  if (c === '/') {
    const end = regularRun(s, i + 1);
    return { ok: true, value: { t: 'name', v: decodeName(s.slice(i + 1, end)) }, end };
  }
  if (!isRegular(s.charCodeAt(i))) return { ok: false, end: i + 1 };
  const end = regularRun(s, i);
  const word = s.slice(i, end);
  if (!NUMBER.test(word)) return { ok: true, value: { t: 'word', v: word }, end };
  if (INTEGER.test(word)) {
    // "n g R" is a reference.
    const g = skipSpace(s, end);
    const gEnd = regularRun(s, g);
    if (g > end && INTEGER.test(s.slice(g, gEnd))) {
      const r = skipSpace(s, gEnd);
      if (r > gEnd && s[r] === 'R' && !isRegular(s.charCodeAt(r + 1)))
        return { ok: true, value: { t: 'ref', n: Number(word) }, end: r + 1 };
    }
  }
  return { ok: true, value: { t: 'num', v: Number(word) }, end };
}

/** A dictionary's last value for `key` (readers keep the last). */
export function get(v: PdfValue | undefined, key: string): PdfValue | undefined {
  if (v?.t !== 'dict') return undefined;
  for (let i = v.entries.length - 1; i >= 0; i--) if (v.entries[i]![0] === key) return v.entries[i]![1];
  return undefined;
}

/** How often `key` is in the dictionary: twice, and readers may not agree on which one counts. */
export const countKey = (v: PdfValue, key: string) => (v.t === 'dict' ? v.entries.filter(([k]) => k === key).length : 0);

export const nameOf = (v: PdfValue | undefined) => (v?.t === 'name' ? v.v : undefined);
export const numberOf = (v: PdfValue | undefined) => (v?.t === 'num' ? v.v : undefined);
