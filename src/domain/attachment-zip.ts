/**
 * The zip part of the attachment check (issue 22 points 2 and 7): a Word document is a zip, read by
 * its central directory and checked before anything is inflated, as a zip bomb would fail it:
 * - entries are charged to the file's one budget (UNPACK_LIMITS: 2,000 entries, nested ones included)
 *   before they are read, so 65,535 entries are refused at once;
 * - every entry's local header must name the same file as the central directory, and the entries'
 *   bytes may neither overlap nor repeat (the bomb of 60 entries all pointing at one 65 MiB stream);
 * - encrypted entries, methods other than stored and deflate, zip64 and split archives cannot be checked;
 * - every entry is inflated within what is left of the byte budget (an entry over it refuses the
 *   file, it is never skipped), and its content is checked whatever its name: programs, the EICAR
 *   signature, a zip inside (one level: a chart's workbook; deeper is a bomb), a PDF inside, and the
 *   Office XML checks of attachment-ooxml.ts;
 * - bytes outside the entries (between them, after them, the comment) may hold no markup.
 */
import { inspectPdf } from './attachment-pdf';
import { checkOfficeXml, looksLikeXml, xmlText } from './attachment-ooxml';
import {
  MARKUP,
  UNPACK_LIMITS,
  bomb,
  hasEicar,
  holdsProgram,
  latin1,
  refusal,
  startsWith,
  u16,
  u32,
  uncheckable,
  type UnpackBudget,
} from './attachment-verdict';
import { MESSAGES } from './messages';

export interface ZipEntry {
  name: string;
  method: number;
  data: Uint8Array;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

/** The end record: the last one whose comment runs to the end of the file, else the last one found. */
function endRecord(b: Uint8Array): number {
  let found = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (u32(b, i) !== END) continue;
    if (i + 22 + u16(b, i + 20) === b.length) return i;
    if (found < 0) found = i;
  }
  return found;
}

/**
 * The entries of a zip and the bytes outside them; null when the bytes are not a readable zip.
 * Throws a refusal for a zip laid out as a bomb, or one that cannot be checked.
 */
export function readZip(b: Uint8Array, budget: UnpackBudget): { entries: ZipEntry[]; outside: Uint8Array[] } | null {
  const eocd = endRecord(b);
  if (eocd < 0) return null;
  const count = u16(b, eocd + 10);
  const cdSize = u32(b, eocd + 12);
  const cdOffset = u32(b, eocd + 16);
  if (u16(b, eocd + 4) || u16(b, eocd + 6) || u16(b, eocd + 8) !== count) throw uncheckable(); // split over disks
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw uncheckable(); // zip64
  budget.chargeZipEntries(count);
  const cdEnd = cdOffset + cdSize;
  if (cdEnd > eocd) return null;
  const decoder = new TextDecoder();
  const entries: ZipEntry[] = [];
  const ranges: [number, number][] = [];
  const names = new Set<string>();
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cdEnd || u32(b, p) !== CENTRAL) return null;
    const flags = u16(b, p + 8);
    const method = u16(b, p + 10);
    const compressed = u32(b, p + 20);
    const size = u32(b, p + 24);
    const nameBytes = b.subarray(p + 46, p + 46 + u16(b, p + 28));
    const local = u32(b, p + 42);
    p += 46 + nameBytes.length + u16(b, p + 30) + u16(b, p + 32);
    if (p > cdEnd) return null;
    if (flags & 0x41 || (method !== 0 && method !== 8)) throw uncheckable(); // encrypted, or a method Word does not write
    if (compressed === 0xffffffff || size === 0xffffffff || local === 0xffffffff) throw uncheckable();
    if (local + 30 > cdOffset || u32(b, local) !== LOCAL) return null;
    // The local header must name the same file: else two readers see two different documents.
    const localName = b.subarray(local + 30, local + 30 + u16(b, local + 26));
    if (!sameBytes(localName, nameBytes)) throw bomb();
    const start = local + 30 + localName.length + u16(b, local + 28);
    const end = start + compressed;
    if (end > cdOffset) throw bomb();
    if (method === 0 && compressed !== size) throw uncheckable();
    const name = decoder.decode(nameBytes);
    // Part names compare without case (Open Packaging Conventions): one listed twice is a bomb's trick.
    if (names.has(name.toLowerCase())) throw bomb();
    names.add(name.toLowerCase());
    ranges.push([local, end]);
    entries.push({ name, method, data: b.subarray(start, end) });
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const outside: Uint8Array[] = [];
  let covered = 0;
  for (const [start, end] of ranges) {
    if (start < covered) throw bomb(); // overlapping entries
    if (start > covered) outside.push(b.subarray(covered, start));
    covered = end;
  }
  outside.push(b.subarray(covered, cdOffset), b.subarray(eocd + 22));
  return { entries, outside };
}

/** The checks on one entry's content, whatever its name. */
function checkEntry(name: string, content: Uint8Array, budget: UnpackBudget, depth: number): void {
  if (hasEicar(content)) throw refusal('eicar', MESSAGES.attachmentMalware);
  if (holdsProgram(content)) throw refusal('program', MESSAGES.attachmentProgram);
  if (startsWith(content, 0x50, 0x4b, 0x03, 0x04) || startsWith(content, 0x50, 0x4b, 0x05, 0x06)) {
    if (depth + 1 > UNPACK_LIMITS.zipNesting) throw bomb();
    inspectZip(content, budget, depth + 1);
  } else if (startsWith(content, 0x25, 0x50, 0x44, 0x46, 0x2d)) {
    inspectPdf(latin1(content), content, budget);
  } else if (looksLikeXml(content)) {
    checkOfficeXml(name, xmlText(content));
  }
}

/**
 * Checks a zip (a Word document at depth 0, or a zip inside it) against the file's budget and answers
 * its part names, lower case. Throws a refusal for anything refused.
 */
export function inspectZip(b: Uint8Array, budget: UnpackBudget, depth = 0): Set<string> {
  const zip = readZip(b, budget);
  if (!zip) throw depth === 0 ? refusal('type', MESSAGES.attachmentType) : uncheckable();
  for (const bytes of zip.outside) if (MARKUP.test(latin1(bytes))) throw refusal('polyglot', MESSAGES.attachmentPolyglot);
  const names = new Set(zip.entries.map((e) => e.name.toLowerCase()));
  for (const n of names)
    if (n.endsWith('vbaproject.bin') || n.includes('/activex/') || n.startsWith('activex/') || n.endsWith('vbadata.xml'))
      throw refusal('macro', MESSAGES.attachmentMacro);
  for (const e of zip.entries) {
    const content = e.method === 0 ? e.data : budget.inflate(e.data, 'raw');
    budget.charge(content.length);
    checkEntry(e.name, content, budget, depth);
  }
  return names;
}
