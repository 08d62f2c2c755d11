/**
 * The Word (Office Open XML) part of the attachment check (issue 22 point 7), on the text of each XML
 * part of the document, whatever the part's name:
 * - relationships that point outside the package (TargetMode="External", or a target that is a URL,
 *   a drive or a UNC path): remote templates (attachedTemplate), external OLE objects (the mhtml:
 *   pattern of CVE-2021-40444), linked pictures, frames, subdocuments, data sources. Kept: hyperlinks
 *   to ordinary web links, which act only when clicked (docs/decisions.md, session 11);
 * - fields that run or fetch something: DDE and DDEAUTO (which start programs), INCLUDETEXT,
 *   INCLUDEPICTURE, LINK and IMPORT (which fetch files), in w:instrText (however split over runs) and
 *   w:fldSimple, and any field whose instruction starts with another field (how the DDE keyword is
 *   hidden); Excel's DDE links and DDE formulas in an embedded workbook;
 * - macro-enabled content types.
 * Any namespace prefix is read, character references are decoded, and UTF-16 parts are read as such.
 */
import { isWebLink, refusal } from './attachment-verdict';
import { MESSAGES } from './messages';

const external = () => refusal('external', MESSAGES.attachmentExternal);

const FIELDS_REFUSED = new Set(['DDE', 'DDEAUTO', 'INCLUDETEXT', 'INCLUDEPICTURE', 'LINK', 'IMPORT']);

/** Whether the bytes look like XML: '<' first (after a byte-order mark or white space), in UTF-8 or UTF-16. */
export function looksLikeXml(b: Uint8Array): boolean {
  let i = 0;
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) i = 3;
  else if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) return true;
  while (i < b.length && i < 64 && (b[i] === 0x20 || b[i] === 0x09 || b[i] === 0x0a || b[i] === 0x0d)) i++;
  return b[i] === 0x3c || (b[i] === 0 && b[i + 1] === 0x3c);
}

/** The part's text: UTF-16 by its byte-order mark (or its zero bytes), else UTF-8. */
export function xmlText(b: Uint8Array): string {
  const utf16le = (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0x3c && b[1] === 0);
  const utf16be = (b[0] === 0xfe && b[1] === 0xff) || (b[0] === 0 && b[1] === 0x3c);
  return new TextDecoder(utf16le ? 'utf-16le' : utf16be ? 'utf-16be' : 'utf-8').decode(b);
}

/** XML's predefined entities and character references decoded. */
export function decodeEntities(s: string): string {
  return s.replace(/&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|(lt|gt|amp|quot|apos));/g, (all, hex: string, dec: string, named: string) => {
    if (named) return { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }[named] ?? all;
    const code = hex ? parseInt(hex, 16) : Number(dec);
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** An element's attributes by local name (prefix dropped, lower case), values decoded. */
function attributes(s: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of s.matchAll(/([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g))
    out.set(m[1]!.replace(/^.*:/, '').toLowerCase(), decodeEntities(m[2] ?? m[3] ?? ''));
  return out;
}

function checkRelationships(xml: string): void {
  for (const m of xml.matchAll(/<(?:[\w.-]+:)?Relationship\b([^>]*)>/g)) {
    const a = attributes(m[1]!);
    const target = (a.get('target') ?? '').trim();
    const outside = /^\s*external\s*$/i.test(a.get('targetmode') ?? '') || /^[a-z][a-z0-9+.-]*:/i.test(target) || /^[\\/]{2}/.test(target);
    if (!outside) continue;
    if (/\/hyperlink$/i.test(a.get('type') ?? '') && isWebLink(target)) continue;
    throw external();
  }
}

interface Field {
  instruction: string;
  /** Its instruction starts with another field (the way DDE is spelt out of sight). */
  nestedFirst: boolean;
}

function checkField(f: Field): void {
  const first = /^[\s\u00a0]*([A-Za-z]+)/.exec(decodeEntities(f.instruction))?.[1]?.toUpperCase();
  if (f.nestedFirst || (first && FIELDS_REFUSED.has(first))) throw external();
}

const FIELD_PARTS =
  /<(?:[\w.-]+:)?fldChar\b([^>]*)>|<(?:[\w.-]+:)?instrText\b[^>]*?(?:\/>|>([\s\S]*?)<\/(?:[\w.-]+:)?instrText\s*>)|<(?:[\w.-]+:)?fldSimple\b([^>]*)>/g;

function checkFields(xml: string): void {
  const open: Field[] = [];
  for (const m of xml.matchAll(FIELD_PARTS)) {
    if (m[1] !== undefined) {
      const type = attributes(m[1]).get('fldchartype');
      if (type === 'begin') {
        const outer = open[open.length - 1];
        if (outer && !outer.instruction.trim()) outer.nestedFirst = true;
        open.push({ instruction: '', nestedFirst: false });
      } else if (type === 'end') {
        const done = open.pop();
        if (done) checkField(done);
      }
    } else if (m[3] !== undefined) {
      checkField({ instruction: attributes(m[3]).get('instr') ?? '', nestedFirst: false });
    } else {
      const text = m[2] ?? '';
      const current = open[open.length - 1];
      if (current) current.instruction += text;
      else checkField({ instruction: text, nestedFirst: false });
    }
  }
  for (const f of open) checkField(f);
}

/** Throws when an XML part of the document reaches outside it or is macro-enabled. */
export function checkOfficeXml(name: string, xml: string): void {
  if (name.toLowerCase() === '[content_types].xml' && /macroEnabled|vbaProject/i.test(xml))
    throw refusal('macro', MESSAGES.attachmentMacro);
  checkRelationships(xml);
  checkFields(xml);
  // Excel, in a workbook embedded in the document: DDE links, and formulas that call another program (app|topic!item).
  if (/<(?:[\w.-]+:)?ddeLink\b/.test(xml) || /<(?:[\w.-]+:)?f\b[^>]*>[^<]*\|[^<]*![^<]*<\//.test(xml)) throw external();
}
