/**
 * What may be attached to a dictation, decided by the file's bytes (its magic numbers), never by its
 * name or the browser's type: PDF, PNG, JPEG and Word .docx. Programs, macro-enabled Office files,
 * PDFs with scripts, launch actions or embedded files, the EICAR test signature and files whose name
 * says one type while the content is another are refused. Pure: the server passes a zlib inflater so
 * compressed PDF streams and zip entries are looked into too.
 */
import { ATTACHMENT_MAX_BYTES } from './limits';
import { MESSAGES } from './messages';

export type AttachmentKind = 'pdf' | 'png' | 'jpeg' | 'docx';

export const ATTACHMENT_TYPES: Record<AttachmentKind, { contentType: string; extensions: readonly string[]; label: string }> = {
  pdf: { contentType: 'application/pdf', extensions: ['pdf'], label: 'a PDF' },
  png: { contentType: 'image/png', extensions: ['png'], label: 'a PNG image' },
  jpeg: { contentType: 'image/jpeg', extensions: ['jpg', 'jpeg'], label: 'a JPEG image' },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx'],
    label: 'a Word document',
  },
};

/** For the file picker: what the browser should offer (the server decides by content anyway). */
export const ATTACHMENT_ACCEPT = [
  ...Object.values(ATTACHMENT_TYPES).flatMap((t) => t.extensions.map((e) => `.${e}`)),
  ...Object.values(ATTACHMENT_TYPES).map((t) => t.contentType),
].join(',');

export type AttachmentRefusal = 'empty' | 'too_large' | 'eicar' | 'program' | 'macro' | 'pdf_active' | 'type' | 'mismatch';

export type AttachmentVerdict = { ok: true; kind: AttachmentKind; contentType: string; filename: string } | AttachmentRefused;
export type AttachmentRefused = { ok: false; reason: AttachmentRefusal; message: string };

/** Inflates zlib-wrapped (`zlib`, PDF FlateDecode) or raw deflate (`raw`, zip) data; null when it cannot. */
export type Inflate = (data: Uint8Array, format: 'zlib' | 'raw') => Uint8Array | null;

/** How much a zip or a PDF's streams may unpack to before the file is refused as a likely zip bomb. */
export const UNPACKED_MAX_BYTES = 64 * 1024 * 1024;

const refuse = (reason: AttachmentRefusal, message: string): AttachmentRefused => ({ ok: false, reason, message });

const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
/** Bytes as a string of the same length (one char per byte), for searching. */
const latin1 = (b: Uint8Array): string => {
  let s = '';
  for (let i = 0; i < b.length; i += 0x8000) s += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return s;
};
const startsWith = (b: Uint8Array, ...sig: number[]) => sig.every((v, i) => b[i] === v);

/** The extension of a file name, lower case, without the dot ('' when there is none). */
export function extensionOf(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * A name safe to keep and to send back in Content-Disposition: no folders, no control characters,
 * no leading dots, at most 120 characters with the extension kept; 'attachment' when nothing is left.
 */
export function safeAttachmentName(filename: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (!base) return 'attachment';
  if (base.length <= 120) return base;
  const ext = extensionOf(base);
  const keep = ext && ext.length < 10 ? `.${ext}` : '';
  return base.slice(0, 120 - keep.length).trimEnd() + keep;
}

const ALLOWED_EXTENSIONS = new Set(Object.values(ATTACHMENT_TYPES).flatMap((t) => t.extensions));

/**
 * What the browser can tell before sending a byte: not empty, not over the limit, a name that is not
 * plainly another kind of file (no extension is fine: the content decides). The server checks again.
 */
export function precheckAttachment(filename: string, size: number): AttachmentRefused | null {
  if (size <= 0) return refuse('empty', MESSAGES.attachmentEmpty);
  if (size > ATTACHMENT_MAX_BYTES) return refuse('too_large', MESSAGES.attachmentTooLarge(ATTACHMENT_MAX_BYTES / (1024 * 1024)));
  const ext = extensionOf(filename);
  if (ext === 'docm' || ext === 'dotm') return refuse('macro', MESSAGES.attachmentMacro);
  if (ext && !ALLOWED_EXTENSIONS.has(ext)) return refuse('type', MESSAGES.attachmentType);
  return null;
}

function isProgram(b: Uint8Array): boolean {
  return (
    startsWith(b, 0x4d, 0x5a) || // MZ: Windows .exe, .dll, .scr
    startsWith(b, 0x7f, 0x45, 0x4c, 0x46) || // ELF
    startsWith(b, 0xfe, 0xed, 0xfa, 0xce) ||
    startsWith(b, 0xfe, 0xed, 0xfa, 0xcf) ||
    startsWith(b, 0xce, 0xfa, 0xed, 0xfe) ||
    startsWith(b, 0xcf, 0xfa, 0xed, 0xfe) || // Mach-O
    startsWith(b, 0xca, 0xfe, 0xba, 0xbe) || // Mach-O universal, Java class
    startsWith(b, 0x23, 0x21) // #! script
  );
}

// ---- zip (DOCX) ----

interface ZipEntry {
  name: string;
  method: number;
  data: Uint8Array;
}

const u16 = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, o: number) => (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0;

/** The entries of a zip file, by its central directory; null when the bytes are not a readable zip. */
export function zipEntries(b: Uint8Array): ZipEntry[] | null {
  let eocd = -1;
  for (let i = b.length - 22; i >= Math.max(0, b.length - 22 - 0xffff); i--) {
    if (u32(b, i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = u16(b, eocd + 10);
  let p = u32(b, eocd + 16);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (p + 46 > b.length || u32(b, p) !== 0x02014b50) return null;
    const method = u16(b, p + 10);
    const compressed = u32(b, p + 20);
    const nameLen = u16(b, p + 28);
    const local = u32(b, p + 42);
    const name = decoder.decode(b.subarray(p + 46, p + 46 + nameLen));
    p += 46 + nameLen + u16(b, p + 30) + u16(b, p + 32);
    if (local + 30 > b.length || u32(b, local) !== 0x04034b50) return null;
    const start = local + 30 + u16(b, local + 26) + u16(b, local + 28);
    entries.push({ name, method, data: b.subarray(start, Math.min(b.length, start + compressed)) });
  }
  return entries;
}

function entryBytes(e: ZipEntry, inflate?: Inflate): Uint8Array | null {
  if (e.method === 0) return e.data;
  if (e.method === 8 && inflate) return inflate(e.data, 'raw');
  return null;
}

/** A Word document's verdict: a .docx is a zip with [Content_Types].xml and word/document.xml, and no macros. */
function inspectZip(entries: ZipEntry[], inflate?: Inflate): 'docx' | AttachmentVerdict {
  const names = entries.map((e) => e.name.toLowerCase());
  if (names.some((n) => n.endsWith('vbaproject.bin') || n.startsWith('word/activex/') || n.endsWith('vbadata.xml')))
    return refuse('macro', MESSAGES.attachmentMacro);
  let budget = UNPACKED_MAX_BYTES;
  for (const e of entries) {
    const bytes = entryBytes(e, inflate);
    if (!bytes) continue;
    budget -= bytes.length;
    if (budget < 0) return refuse('too_large', MESSAGES.attachmentUnpackedTooLarge);
    const text = latin1(bytes);
    if (text.includes(EICAR)) return refuse('eicar', MESSAGES.attachmentMalware);
    if (e.name === '[Content_Types].xml' && /macroEnabled/i.test(text)) return refuse('macro', MESSAGES.attachmentMacro);
    if (isProgram(bytes) && !e.name.toLowerCase().endsWith('.xml')) return refuse('program', MESSAGES.attachmentProgram);
  }
  if (!names.includes('[content_types].xml') || !names.includes('word/document.xml')) return refuse('type', MESSAGES.attachmentType);
  return 'docx';
}

// ---- PDF ----

const PDF_ACTIVE = new Set(['JavaScript', 'JS', 'Launch', 'EmbeddedFile', 'EmbeddedFiles', 'RichMedia']);
// A PDF name: '/' then regular characters (anything but white space and delimiters), #xx escapes decoded.
const PDF_NAME = /\/([^\s()<>[\]{}/%]+)/g;

const decodeNames = (text: string) => text.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

function hasActiveName(text: string): boolean {
  for (const m of text.matchAll(PDF_NAME)) {
    if (PDF_ACTIVE.has(decodeNames(m[1]!))) return true;
  }
  return false;
}

/**
 * The PDF's streams, as readers would see what is in them: inflated when compressed; as they are
 * when uncompressed object streams (which hold dictionaries). Image data is never read as names:
 * random bytes can spell "/JS".
 */
function* pdfStreams(text: string, b: Uint8Array, inflate?: Inflate): Generator<string> {
  const re = /(?<!end)stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    re.lastIndex = end + 'endstream'.length;
    const dict = decodeNames(text.slice(Math.max(0, m.index - 300), m.index));
    const out = inflate?.(b.subarray(start, end), 'zlib');
    if (out) {
      yield latin1(out);
    } else if (/\/ObjStm\b/.test(dict) && !/\/Filter\b/.test(dict)) {
      yield text.slice(start, end);
    }
  }
}

function inspectPdf(text: string, b: Uint8Array, inflate?: Inflate): AttachmentVerdict | null {
  const outsideStreams = text.replace(/(?<!end)stream\r?\n[\s\S]*?endstream/g, ' ');
  if (hasActiveName(outsideStreams)) return refuse('pdf_active', MESSAGES.attachmentPdfActive);
  let unpacked = 0;
  for (const inner of pdfStreams(text, b, inflate)) {
    unpacked += inner.length;
    if (unpacked > UNPACKED_MAX_BYTES) return refuse('too_large', MESSAGES.attachmentUnpackedTooLarge);
    if (inner.includes(EICAR)) return refuse('eicar', MESSAGES.attachmentMalware);
    if (hasActiveName(inner)) return refuse('pdf_active', MESSAGES.attachmentPdfActive);
  }
  return null;
}

// ---- the verdict ----

function detect(b: Uint8Array): AttachmentKind | 'zip' | null {
  if (startsWith(b, 0x25, 0x50, 0x44, 0x46, 0x2d)) return 'pdf'; // %PDF-
  if (startsWith(b, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (startsWith(b, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (startsWith(b, 0x50, 0x4b, 0x03, 0x04)) return 'zip';
  return null;
}

/**
 * The verdict on a whole file: refused with a message in plain words, or accepted with its type (from
 * its content) and a safe name (the right extension added when the name had none).
 */
export function inspectAttachment(bytes: Uint8Array, filename: string, inflate?: Inflate): AttachmentVerdict {
  const early = precheckAttachment(filename, bytes.length);
  if (early && early.reason !== 'type') return early;
  const text = latin1(bytes);
  if (text.includes(EICAR)) return refuse('eicar', MESSAGES.attachmentMalware);
  if (isProgram(bytes)) return refuse('program', MESSAGES.attachmentProgram);
  if (early) return early;
  const found = detect(bytes);
  let kind: AttachmentKind;
  if (found === 'zip') {
    const entries = zipEntries(bytes);
    if (!entries) return refuse('type', MESSAGES.attachmentType);
    const zip = inspectZip(entries, inflate);
    if (zip !== 'docx') return zip;
    kind = 'docx';
  } else if (found === null) {
    const ext = extensionOf(filename);
    const claimed = Object.values(ATTACHMENT_TYPES).find((t) => t.extensions.includes(ext));
    return claimed
      ? refuse('mismatch', MESSAGES.attachmentMismatch(ext, `its content is not ${claimed.label}`))
      : refuse('type', MESSAGES.attachmentType);
  } else {
    kind = found;
  }
  if (kind === 'pdf') {
    const pdf = inspectPdf(text, bytes, inflate);
    if (pdf) return pdf;
  }
  const type = ATTACHMENT_TYPES[kind];
  const name = safeAttachmentName(filename);
  const ext = extensionOf(name);
  if (ext && !type.extensions.includes(ext)) return refuse('mismatch', MESSAGES.attachmentMismatch(ext, `it is ${type.label}`));
  return { ok: true, kind, contentType: type.contentType, filename: ext ? name : `${name}.${type.extensions[0]}` };
}
