/**
 * The letter editor's schema as data (DESIGN §3 "Letter path"): which ProseMirror nodes, marks and
 * attributes a letter may hold. The client's TipTap editor is configured from it; the server checks
 * every saved document against it before storing it, and the PDF/DOCX renderers need handle nothing else.
 * Pure: no DOM, no TipTap.
 */
import { LETTER_MAX_JSON_BYTES, type LetterNode } from './contract/letter';
import { isStorableText } from './contract/primitives';
import { checkBlockText, checkNesting, checkTableCellsTotal, checkTableShape } from './letter-bounds';
import { MESSAGES } from './messages';

/** Deepest nesting accepted (doc › list › item › list › … ): far beyond any real letter, well within any stack. */
export const LETTER_MAX_DEPTH = 50;
/** Most nodes accepted in one letter. */
export const LETTER_MAX_NODES = 100_000;

/** Heading levels the editor offers: level 1 is the letter's own title, printed from the job type. */
export const LETTER_HEADING_LEVELS = [2, 3] as const;

type AttrCheck = (value: unknown) => boolean;

const positiveInt =
  (max: number): AttrCheck =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= 1 && v <= max;
const nullable =
  (check: AttrCheck): AttrCheck =>
  (v) =>
    v === null || check(v);
const widths: AttrCheck = (v) => Array.isArray(v) && v.length <= 100 && v.every((w) => w === null || positiveInt(10_000)(w));
const LIST_TYPES = ['1', 'a', 'A', 'i', 'I'];
/** Longest recording a paragraph's audio position may point into: a day, far beyond any dictation. */
export const AUDIO_MS_MAX = 24 * 60 * 60 * 1000;
const audioMs: AttrCheck = (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= AUDIO_MS_MAX;

/** What a merge field may be called (`patient_name`, `nhs_number`, …). */
export const MERGE_FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;

const BLOCK = ['paragraph', 'heading', 'bulletList', 'orderedList', 'table'] as const;
const INLINE = ['text', 'hardBreak'] as const;
const INLINE_TYPES = new Set<string>(INLINE);
const LIST_TYPES_NODES = new Set(['bulletList', 'orderedList']);
const BLOCK_TYPES = new Set<string>(['paragraph', 'heading']);

interface NodeRule {
  /** Node types allowed as children; absent for leaves. */
  children?: readonly string[];
  /** At least one child is needed. */
  nonEmpty?: boolean;
  attrs?: Record<string, AttrCheck>;
}

/** Every node type a letter may contain, with what may go inside it and its attributes (TipTap 3 defaults). */
export const LETTER_NODES: Record<string, NodeRule> = {
  doc: { children: BLOCK, nonEmpty: true },
  // `audioMs`: where the player was when the typist started the paragraph (issue 12: review plays from there).
  paragraph: { children: INLINE, attrs: { audioMs: nullable(audioMs) } },
  heading: { children: INLINE, attrs: { level: (v) => (LETTER_HEADING_LEVELS as readonly unknown[]).includes(v) } },
  text: {},
  hardBreak: {},
  bulletList: { children: ['listItem'], nonEmpty: true },
  orderedList: {
    children: ['listItem'],
    nonEmpty: true,
    attrs: { start: positiveInt(100_000), type: nullable((v) => LIST_TYPES.includes(v as string)) },
  },
  listItem: { children: ['paragraph', 'bulletList', 'orderedList'], nonEmpty: true },
  table: { children: ['tableRow'], nonEmpty: true },
  tableRow: { children: ['tableHeader', 'tableCell'], nonEmpty: true },
  tableHeader: {
    children: BLOCK,
    nonEmpty: true,
    attrs: { colspan: positiveInt(100), rowspan: positiveInt(100), colwidth: nullable(widths) },
  },
  tableCell: {
    children: BLOCK,
    nonEmpty: true,
    attrs: { colspan: positiveInt(100), rowspan: positiveInt(100), colwidth: nullable(widths) },
  },
};
export const LETTER_NODE_TYPES = Object.keys(LETTER_NODES);

/** Every mark a letter's text may carry. `placeholder` is an autotext merge field not filled yet. */
export const LETTER_MARKS: Record<string, Record<string, AttrCheck>> = {
  bold: {},
  italic: {},
  underline: {},
  placeholder: { field: (v) => typeof v === 'string' && MERGE_FIELD_NAME.test(v) },
};
export const LETTER_MARK_TYPES = Object.keys(LETTER_MARKS);
/** Attributes a mark must carry. */
const REQUIRED_MARK_ATTRS: Record<string, string[]> = { placeholder: ['field'] };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const shown = (s: unknown) => (typeof s === 'string' ? `“${s.slice(0, 40)}”` : 'without a name');

/**
 * What is wrong with a document, in words a typist understands; empty when it may be stored (and
 * printed: the bounds of letter-bounds.ts are checked here too). Walks the tree without recursion, so
 * a hostile document nested a million deep is refused, not a stack overflow.
 */
export function checkLetterDoc(doc: unknown): string[] {
  const problems = new Set<string>();
  const add = (p: string) => problems.size < 10 && problems.add(p);
  if (!isObject(doc) || doc.type !== 'doc') return ['The letter must be a document.'];
  let size: number;
  try {
    size = new TextEncoder().encode(JSON.stringify(doc)).length;
  } catch {
    return ['The letter could not be read.'];
  }
  if (size > LETTER_MAX_JSON_BYTES) return [MESSAGES.letterTooLarge(Math.ceil(size / 1000), LETTER_MAX_JSON_BYTES / 1000)];

  // `tables` and `lists`: how many of each the node sits in (itself included once it is one).
  const stack: { node: unknown; depth: number; parent: string | null; tables: number; lists: number }[] = [
    { node: doc, depth: 1, parent: null, tables: 0, lists: 0 },
  ];
  let count = 0;
  let tableCells = 0;
  while (stack.length) {
    const entry = stack.pop()!;
    const { node, depth, parent } = entry;
    if (++count > LETTER_MAX_NODES) {
      add('The letter has too many parts to save.');
      break;
    }
    if (depth > LETTER_MAX_DEPTH) {
      add(`The letter is nested too deeply (more than ${LETTER_MAX_DEPTH} levels of lists or tables).`);
      continue;
    }
    if (!isObject(node) || typeof node.type !== 'string') {
      add('The letter contains a part that is not text or formatting.');
      continue;
    }
    const rule = LETTER_NODES[node.type];
    if (!rule) {
      add(`The letter contains something the editor does not support (${shown(node.type)}).`);
      continue;
    }
    if (parent && !LETTER_NODES[parent]!.children!.includes(node.type)) {
      add(`A ${node.type} cannot be placed inside a ${parent}.`);
    }
    checkAttrs(node.type, node.attrs, rule.attrs ?? {}, add);
    if (node.type === 'text') {
      if (typeof node.text !== 'string' || node.text === '') add('The letter contains an empty piece of text.');
      else if (!isStorableText(node.text)) add('The letter contains a character that cannot be stored.');
    } else if (node.text !== undefined) add(`A ${node.type} cannot hold text directly.`);
    if (INLINE_TYPES.has(node.type)) checkMarks(node.marks, add);
    else if (Array.isArray(node.marks) ? node.marks.length : node.marks !== undefined) add(`A ${node.type} cannot carry formatting.`);
    const content = node.content;
    if (content !== undefined && !Array.isArray(content)) {
      add(`The content of a ${node.type} is not a list.`);
      continue;
    }
    if (!rule.children) {
      if (content?.length) add(`A ${node.type} cannot contain anything.`);
      continue;
    }
    if (rule.nonEmpty && !content?.length) add(`A ${node.type === 'doc' ? 'letter' : node.type} cannot be empty.`);
    const tables = entry.tables + (node.type === 'table' ? 1 : 0);
    const lists = entry.lists + (LIST_TYPES_NODES.has(node.type) ? 1 : 0);
    checkNesting(tables, lists, add);
    if (node.type === 'table') tableCells += checkTableShape(node, add);
    if (BLOCK_TYPES.has(node.type)) checkBlockText(node, add);
    for (let i = (content?.length ?? 0) - 1; i >= 0; i--)
      stack.push({ node: content![i], depth: depth + 1, parent: node.type, tables, lists });
  }
  checkTableCellsTotal(tableCells, add);
  return [...problems];
}

function checkAttrs(type: string, attrs: unknown, allowed: Record<string, AttrCheck>, add: (p: string) => void) {
  if (attrs === undefined) return;
  if (!isObject(attrs)) return void add(`The settings of a ${type} cannot be read.`);
  for (const [key, value] of Object.entries(attrs)) {
    const check = allowed[key];
    if (!check) add(`A ${type} cannot have the setting ${shown(key)}.`);
    else if (!check(value)) add(`A ${type} has an invalid ${key}.`);
  }
}

function checkMarks(marks: unknown, add: (p: string) => void) {
  if (marks === undefined) return;
  if (!Array.isArray(marks)) return void add('The formatting of some text cannot be read.');
  for (const mark of marks) {
    if (!isObject(mark) || typeof mark.type !== 'string' || !LETTER_MARKS[mark.type]) {
      add(`The letter contains formatting the editor does not support (${shown(isObject(mark) ? mark.type : undefined)}).`);
      continue;
    }
    checkAttrs(mark.type, mark.attrs, LETTER_MARKS[mark.type]!, add);
    for (const key of REQUIRED_MARK_ATTRS[mark.type] ?? []) {
      if (!isObject(mark.attrs) || mark.attrs[key] === undefined) add(`A ${mark.type} needs its ${key}.`);
    }
  }
}

/**
 * Whether a JSON value nests deeper than `max` objects and arrays: checked before a request body reaches
 * a recursive validator, without recursing itself.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth >= max) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * The letter as plain text: one line per paragraph, heading and list item, table cells separated by
 * tabs, line breaks kept. For word counts, search and the versions comparison.
 */
export function letterText(doc: LetterNode): string {
  const lines: string[] = [];
  const inline = (node: LetterNode): string =>
    (node.content ?? []).map((c) => (c.type === 'text' ? (c.text ?? '') : c.type === 'hardBreak' ? '\n' : inline(c))).join('');
  const walk = (node: LetterNode) => {
    if (BLOCK_TYPES.has(node.type)) return void lines.push(inline(node));
    if (node.type === 'tableRow') {
      const cells = (node.content ?? []).map((cell) => {
        const before = lines.length;
        (cell.content ?? []).forEach(walk);
        return lines.splice(before).join(' ');
      });
      return void lines.push(cells.join('\t'));
    }
    (node.content ?? []).forEach(walk);
  };
  walk(doc);
  return lines.join('\n');
}

/** Words as a word processor counts them: runs of non-space characters holding a letter or a digit. */
export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** The starting document of a job type: each section heading followed by an empty paragraph to type in. */
export function templateDoc(headings: readonly string[]): LetterNode {
  const sections = headings
    .map((h) => h.trim())
    .filter(Boolean)
    .flatMap((h): LetterNode[] => [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: h }] }, { type: 'paragraph' }]);
  return { type: 'doc', content: sections.length ? sections : [{ type: 'paragraph' }] };
}
