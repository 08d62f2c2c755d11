/**
 * The PDF part of the attachment check (issue 22 point 7). A PDF is refused when it holds anything
 * that acts by itself or reaches outside: scripts, launch, forms that submit or import data, XFA,
 * jumps to other files, media, embedded files, additional actions (/AA), file specifications by URL,
 * streams kept in other files, an /OpenAction that is anything but a jump inside the document, and
 * /URI links other than ordinary web links (http, https, mailto: they act only when clicked, and
 * readers ask first; docs/decisions.md, session 11). Names are found wherever readers find objects:
 * outside streams and in object streams decoded through every standard filter (pdf-filters.ts); a
 * stream that cannot be decoded, and an encrypted file, cannot be checked and are refused. Every
 * /URI and /OpenAction is read as an object too; one the reading misses (because something around it
 * does not parse) is refused rather than passed. HTML outside the compressed data (a polyglot) is
 * refused. Decoded streams are charged to the file's one budget; image data is never decoded.
 */
import { MARKUP, hasEicar, isWebLink, latin1, refusal, uncheckable, type UnpackBudget } from './attachment-verdict';
import { MESSAGES } from './messages';
import { decodeStream, filterName, type DecodeParms } from './pdf-filters';
import { countKey, decodeName, get, nameOf, numberOf, parseValue, skipSpace, type PdfValue } from './pdf-syntax';

/** Names that act by themselves or reach outside the document, wherever they appear. */
const ACTIVE = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'RichMedia',
  'SubmitForm',
  'ImportData',
  'XFA',
  'GoToR',
  'GoToE',
  'AA',
  'Sound',
  'Movie',
  'Rendition',
  'URL',
]);
/** An /OpenAction may only jump inside the document (or name a viewer command such as Print). */
const OPEN_ACTIONS_KEPT = new Set(['GoTo', 'Named']);
/** Stream dictionary keys whose duplicates would let two readers decode two different things. */
const SINGLE_KEYS = ['Filter', 'DecodeParms', 'Length', 'Type', 'Subtype', 'First', 'N'];
/** A name as readers lex it: '/' then regular characters (PDF white space includes NUL). */
const RAW_NAME = /\/([^\0\t\n\f\r ()<>[\]{}/%]+)/g;
const OBJ_HEADER = /(?<![0-9])\d+\s+\d+\s+obj(?![^\0\t\n\f\r ()<>[\]{}/%])/g;
const STREAM_KEYWORD = /(?<![\w/#])stream(?!\w)/g;

const active = () => refusal('pdf_active', MESSAGES.attachmentPdfActive);

/** What the reading of a PDF's objects found, against what a plain search for the names found. */
class Actions {
  uriRead = 0;
  uriNamed = 0;
  openRead = 0;
  openNamed = 0;
  pendingOpen: number[] = [];
  /** Objects held in object streams: number → the decoded stream's text and where the object starts. */
  packed = new Map<number, { text: string; at: number }>();

  /** Every name in `text`, found as a plain search would: refused at once when active. */
  names(text: string): void {
    for (const m of text.matchAll(RAW_NAME)) {
      const name = decodeName(m[1]!);
      if (ACTIVE.has(name)) throw active();
      if (name === 'Encrypt') throw uncheckable();
      if (name === 'URI') this.uriNamed++;
      if (name === 'OpenAction') this.openNamed++;
    }
  }

  /** Reads `text` as a run of objects (going on after anything that does not parse) and checks each. */
  read(text: string): void {
    let i = 0;
    while (i < text.length) {
      const p = parseValue(text, i);
      if (p.ok) this.visit(p.value);
      i = Math.max(p.end, i + 1);
    }
  }

  /** Counts the names where they mean something (a key, or /S /URI: an action's type) and checks their values. */
  private visit(v: PdfValue): void {
    if (v.t === 'array') {
      for (const item of v.items) this.visit(item);
    } else if (v.t === 'dict') {
      for (const [key, value] of v.entries) {
        if (key === 'URI') {
          this.uriRead++;
          if (!uriKept(value)) throw active();
        }
        if (key === 'S' && nameOf(value) === 'URI') this.uriRead++;
        if (key === 'OpenAction') {
          this.openRead++;
          this.openAction(value, 0);
        }
        this.visit(value);
      }
    }
  }

  openAction(v: PdfValue, hops: number): void {
    if (v.t === 'array') return; // a destination: a page of this document
    if (v.t === 'ref' && hops < 4) {
      this.pendingOpen.push(v.n);
      return;
    }
    if (v.t !== 'dict' || !OPEN_ACTIONS_KEPT.has(nameOf(get(v, 'S')) ?? '') || get(v, 'Next')) throw active();
  }
}

/** A /URI value kept: an ordinary web link (a string), or the catalog's base for relative links. */
function uriKept(v: PdfValue): boolean {
  if (v.t === 'string') return isWebLink(v.v);
  if (v.t === 'dict') {
    const base = get(v, 'Base');
    return base === undefined || (base.t === 'string' && isWebLink(base.v));
  }
  return false;
}

/** A stream dictionary larger than this is no stream dictionary (real ones are a few hundred bytes). */
const DICT_MAX_CHARS = 256 * 1024;
/** The word "stream" in text outside streams, more often than this, makes the file too odd to check. */
const STRAY_KEYWORDS_MAX = 100;

/**
 * The object headers ("12 0 obj") between the end of the last stream and the next stream keyword,
 * found once each however many keywords are tried.
 */
class Headers {
  private found: number[] = [];
  private scanned = 0;

  constructor(private readonly text: string) {}

  /** Starts again after a stream's data. */
  reset(from: number): void {
    this.found = [];
    this.scanned = from;
  }

  /** The ends of the headers before `keyword`. */
  before(keyword: number): number[] {
    OBJ_HEADER.lastIndex = this.scanned;
    for (let m = OBJ_HEADER.exec(this.text); m; m = OBJ_HEADER.exec(this.text)) {
      if (m.index >= keyword) {
        this.scanned = m.index;
        return this.found;
      }
      this.found.push(m.index + m[0].length);
    }
    this.scanned = this.text.length;
    return this.found;
  }
}

/** The dictionary of the stream whose keyword is at `keyword`: the object that starts at one of the last few headers before it. */
function streamDict(text: string, headers: Headers, keyword: number): PdfValue | null {
  for (const at of headers.before(keyword).slice(-4).reverse()) {
    if (keyword - at > DICT_MAX_CHARS) break;
    const slice = text.slice(at, keyword);
    const p = parseValue(slice, 0);
    if (p.ok && p.value.t === 'dict' && skipSpace(slice, p.end) === slice.length) return p.value;
  }
  return null;
}

/** Where a stream's data ends and the text after `endstream` starts: by a direct /Length that lands on `endstream`, else by the keyword. */
function streamEnd(text: string, start: number, dict: PdfValue): { end: number; after: number } {
  const length = numberOf(get(dict, 'Length'));
  if (length !== undefined && Number.isInteger(length) && length >= 0 && start + length <= text.length) {
    let k = start + length;
    while (k < text.length && '\r\n \t\f\0'.includes(text[k]!)) k++;
    if (text.startsWith('endstream', k)) return { end: start + length, after: k + 'endstream'.length };
  }
  const at = text.indexOf('endstream', start);
  if (at < 0) return { end: text.length, after: text.length };
  const end = text[at - 1] === '\n' ? (text[at - 2] === '\r' ? at - 2 : at - 1) : text[at - 1] === '\r' ? at - 1 : at;
  return { end: Math.max(start, end), after: at + 'endstream'.length };
}

function filtersOf(dict: PdfValue): { filters: string[]; parms: (DecodeParms | null)[] } {
  const f = get(dict, 'Filter');
  const filters =
    f === undefined || (f.t === 'word' && f.v === 'null')
      ? []
      : f.t === 'name'
        ? [f.v]
        : f.t === 'array' && f.items.every((i) => i.t === 'name')
          ? f.items.map((i) => (i as { v: string }).v)
          : null;
  const p = get(dict, 'DecodeParms');
  const list = p === undefined || (p.t === 'word' && p.v === 'null') ? [] : p.t === 'dict' ? [p] : p.t === 'array' ? p.items : null;
  if (!filters || !list) throw uncheckable();
  const parms = list.map((d): DecodeParms | null => {
    if (d.t === 'word' && d.v === 'null') return null;
    if (d.t !== 'dict') throw uncheckable();
    const n = (key: string) => {
      const v = get(d, key);
      if (v !== undefined && v.t !== 'num') throw uncheckable();
      return v?.v;
    };
    return {
      predictor: n('Predictor'),
      colors: n('Colors'),
      bitsPerComponent: n('BitsPerComponent'),
      columns: n('Columns'),
      earlyChange: n('EarlyChange'),
    };
  });
  return { filters, parms };
}

function checkStream(data: Uint8Array, dict: PdfValue, budget: UnpackBudget, actions: Actions): void {
  budget.chargePdfStream();
  if (SINGLE_KEYS.some((k) => countKey(dict, k) > 1)) throw uncheckable();
  // Stream data kept in another file.
  if (get(dict, 'F') !== undefined || get(dict, 'FFilter') !== undefined) throw active();
  const { filters, parms } = filtersOf(dict);
  const objectStream = nameOf(get(dict, 'Type')) === 'ObjStm' || get(dict, 'First') !== undefined;
  const first = filters[0] === undefined ? null : filterName(filters[0]);
  // Bytes left as they are, or as ASCII text, are what a program sniffing the file sees.
  if ((filters.length === 0 || first === 'ASCIIHexDecode' || first === 'ASCII85Decode') && MARKUP.test(latin1(data)))
    throw refusal('polyglot', MESSAGES.attachmentPolyglot);
  if (nameOf(get(dict, 'Subtype')) === 'Image' && !objectStream) return; // pixels, never objects
  const decoded = filters.length ? decodeStream(data, filters, parms, budget) : data;
  if (decoded === 'image') return;
  if (filters.length) budget.charge(decoded.length);
  if (hasEicar(decoded)) throw refusal('eicar', MESSAGES.attachmentMalware);
  if (!objectStream) return;
  const text = latin1(decoded);
  actions.names(text);
  actions.read(text);
  // Its objects, for an /OpenAction that points at one: "number offset" pairs before /First.
  const firstAt = numberOf(get(dict, 'First'));
  if (firstAt === undefined) return;
  const pairs = text.slice(0, firstAt).trim().split(/\s+/).map(Number);
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    if (Number.isInteger(pairs[i]) && Number.isInteger(pairs[i + 1])) actions.packed.set(pairs[i]!, { text, at: firstAt + pairs[i + 1]! });
  }
}

/** The value of object `n`: the last definition in the file's text, else one packed in an object stream. */
function findObject(outside: string, n: number, actions: Actions): PdfValue | null {
  const header = new RegExp(`(?<![0-9])${n}\\s+\\d+\\s+obj(?![^\\0\\t\\n\\f\\r ()<>[\\]{}/%])`, 'g');
  let at = -1;
  for (const m of outside.matchAll(header)) at = m.index + m[0].length;
  const packed = actions.packed.get(n);
  const p = at >= 0 ? parseValue(outside, at) : packed ? parseValue(packed.text, packed.at) : null;
  return p?.ok ? p.value : null;
}

/** Refuses the PDF (throws) when it is active, reaches outside, cannot be checked or hides markup. */
export function inspectPdf(text: string, b: Uint8Array, budget: UnpackBudget): void {
  if (MARKUP.test(text.slice(0, 1024))) throw refusal('polyglot', MESSAGES.attachmentPolyglot);
  const actions = new Actions();
  const outside: string[] = [];
  const headers = new Headers(text);
  let from = 0;
  let stray = 0;
  STREAM_KEYWORD.lastIndex = 0;
  for (let m = STREAM_KEYWORD.exec(text); m; m = STREAM_KEYWORD.exec(text)) {
    const keyword = m.index;
    const eol = /^[ \t\f\0]*(\r\n|\n|\r)/.exec(text.slice(keyword + 6, keyword + 70));
    const dict = streamDict(text, headers, keyword);
    if (!dict) {
      // The word "stream" in text is no stream; the keyword of a stream whose dictionary cannot be read is.
      if (eol || ++stray > STRAY_KEYWORDS_MAX) throw uncheckable();
      continue;
    }
    const start = keyword + 6 + (eol ? eol[0].length : 0);
    const { end, after } = streamEnd(text, start, dict);
    outside.push(text.slice(from, keyword));
    checkStream(b.subarray(start, end), dict, budget, actions);
    from = after;
    headers.reset(after);
    STREAM_KEYWORD.lastIndex = after;
  }
  outside.push(text.slice(from));
  const all = outside.join('\n');
  if (MARKUP.test(all)) throw refusal('polyglot', MESSAGES.attachmentPolyglot);
  actions.names(all);
  actions.read(all);
  for (let hop = 0; hop < 4 && actions.pendingOpen.length; hop++) {
    const refs = actions.pendingOpen.splice(0);
    for (const n of refs) {
      const target = findObject(all, n, actions);
      if (!target) throw active();
      actions.openAction(target, hop + 1);
    }
  }
  // A link or an opening action the reading did not see as an object: something around it does not parse.
  if (actions.pendingOpen.length || actions.uriNamed > actions.uriRead || actions.openNamed > actions.openRead) throw active();
}
