/**
 * What the parts of the attachment check (attachment-files.ts and the zip, Word, PDF and image checks
 * beside it) share: the refusal any part may throw (the verdict's types are in attachment-types.ts),
 * the one budget of what a file may unpack to (issue 22 point 2), and byte helpers. Pure.
 */
import { refuse, type AttachmentKind, type AttachmentRefusal, type AttachmentRefused } from './attachment-types';
import { MESSAGES } from './messages';

export { refuse, type AttachmentKind, type AttachmentRefusal, type AttachmentRefused };

/** Thrown by any part of the check to refuse the file; inspectAttachment answers its verdict. */
export class Refusal extends Error {
  constructor(readonly verdict: AttachmentRefused) {
    super(verdict.reason);
    this.name = 'Refusal';
  }
}

export const refusal = (reason: AttachmentRefusal, message: string) => new Refusal(refuse(reason, message));

/**
 * Inflates zlib-wrapped (`zlib`, PDF FlateDecode) or raw deflate (`raw`, zip) data, stopping as soon
 * as the output passes `maxBytes` ('too_large'); null when the data is broken. The server's runs on a
 * worker thread (server/modules/attachments/attachment-check-job.ts).
 */
export type Inflate = (data: Uint8Array, format: 'zlib' | 'raw', maxBytes: number) => Uint8Array | 'too_large' | null;

/**
 * What one file may unpack to, all its parts together: bytes (zip entries, zips inside them and
 * decoded PDF streams), zip entries (nested ones included), how deep zips may nest (a Word document
 * may hold a workbook, as a chart's data; nothing may hold a zip deeper), and PDF streams.
 */
export const UNPACK_LIMITS = { bytes: 64 * 1024 * 1024, zipEntries: 2_000, zipNesting: 1, pdfStreams: 10_000 } as const;

/** How much a zip or a PDF's streams may unpack to, all together, before the file is refused as a likely zip bomb. */
export const UNPACKED_MAX_BYTES = UNPACK_LIMITS.bytes;

export const tooLarge = () => refusal('too_large', MESSAGES.attachmentUnpackedTooLarge);
export const bomb = () => refusal('bomb', MESSAGES.attachmentZipBomb);
export const uncheckable = () => refusal('uncheckable', MESSAGES.attachmentUncheckable);

/** The one budget of a file: every part charges it, and the first to go over refuses the file. */
export class UnpackBudget {
  bytes: number = UNPACK_LIMITS.bytes;
  zipEntries: number = UNPACK_LIMITS.zipEntries;
  pdfStreams: number = UNPACK_LIMITS.pdfStreams;

  constructor(private readonly inflater: Inflate) {}

  /** `n` more bytes unpacked. */
  charge(n: number): void {
    this.bytes -= n;
    if (this.bytes < 0) throw tooLarge();
  }

  chargeZipEntries(n: number): void {
    this.zipEntries -= n;
    if (this.zipEntries < 0) throw bomb();
  }

  chargePdfStream(): void {
    this.pdfStreams -= 1;
    if (this.pdfStreams < 0) throw bomb();
  }

  /** Inflated, stopping at what is left of the budget (not charged: the caller charges what it keeps). */
  inflate(data: Uint8Array, format: 'zlib' | 'raw'): Uint8Array {
    const out = this.inflater(data, format, Math.max(1, this.bytes));
    if (out === 'too_large' || (out && out.length > this.bytes)) throw tooLarge();
    if (!out) throw uncheckable();
    return out;
  }
}

/**
 * A byte array that grows as a decoder writes, up to `max` bytes (the budget left): one more is refused
 * at once, so no decoder holds more than the budget.
 */
export class ByteSink {
  private buf: Uint8Array;
  length = 0;

  constructor(
    private readonly max: number,
    sizeHint = 1024,
  ) {
    this.buf = new Uint8Array(Math.max(16, Math.min(sizeHint, max + 1)));
  }

  private room(n: number): void {
    if (this.length + n > this.max) throw tooLarge();
    if (this.length + n <= this.buf.length) return;
    const next = new Uint8Array(Math.min(this.max + 1, Math.max(this.buf.length * 2, this.length + n)));
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  push(byte: number): void {
    this.room(1);
    this.buf[this.length++] = byte;
  }

  pushAll(bytes: Uint8Array): void {
    this.room(bytes.length);
    this.buf.set(bytes, this.length);
    this.length += bytes.length;
  }

  bytes(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

const LATIN1 = new TextDecoder('latin1');
/**
 * Bytes as a string of the same length (one char per byte), for searching and parsing: only ASCII is
 * ever compared (Node decodes ISO-8859-1, browsers windows-1252: one char per byte either way).
 */
export const latin1 = (b: Uint8Array): string => LATIN1.decode(b);

/** ASCII text as bytes. */
export const asciiBytes = (s: string): Uint8Array => Uint8Array.from(s, (c) => c.charCodeAt(0));

/** Whether `needle` occurs in `hay`, searched as bytes (no string made of a large binary part). */
export function bytesInclude(hay: Uint8Array, needle: Uint8Array): boolean {
  const first = needle[0]!;
  for (let i = hay.indexOf(first); i >= 0 && i + needle.length <= hay.length; i = hay.indexOf(first, i + 1)) {
    let k = 1;
    while (k < needle.length && hay[i + k] === needle[k]) k++;
    if (k === needle.length) return true;
  }
  return false;
}

export const EICAR = 'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*';
const EICAR_BYTES = asciiBytes(EICAR);
/** The EICAR test signature anywhere in the bytes. */
export const hasEicar = (b: Uint8Array) => bytesInclude(b, EICAR_BYTES);

export const startsWith = (b: Uint8Array, ...sig: number[]) => sig.every((v, i) => b[i] === v);

export const u16 = (b: Uint8Array, o: number) => (b[o] ?? 0) | ((b[o + 1] ?? 0) << 8);
export const u32 = (b: Uint8Array, o: number) => (u16(b, o) | (u16(b, o + 2) << 16)) >>> 0;
export const u16be = (b: Uint8Array, o: number) => ((b[o] ?? 0) << 8) | (b[o + 1] ?? 0);
export const u32be = (b: Uint8Array, o: number) => ((u16be(b, o) << 16) | u16be(b, o + 2)) >>> 0;

/** A program by its first bytes: Windows (MZ), Linux (ELF), macOS (Mach-O), Java classes, #! scripts. */
export function isProgram(b: Uint8Array): boolean {
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

/** The DOS stub every Windows program carries: finds one packed inside something else (an OLE package). */
const WINDOWS_PROGRAM_STUB = asciiBytes('This program cannot be run in DOS mode');

/** A program at the start of the bytes, or a Windows program anywhere in them. */
export const holdsProgram = (b: Uint8Array) => isProgram(b) || bytesInclude(b, WINDOWS_PROGRAM_STUB);

/** Web page markup a browser or mail client would act on: found where a document or image has no text. */
export const MARKUP = /<(?:!doctype|html|head|body|script|svg|iframe|object|embed|img|meta)(?![\w-])/i;

/**
 * An ordinary web link, which acts only when clicked (and readers ask first): http, https or mailto,
 * with no spaces, backslashes or control characters. Anything else (file:, UNC paths, mhtml:,
 * javascript:, protocol handlers) reaches outside the document and is refused.
 */
export function isWebLink(target: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  return /^(?:https?:\/\/[^\s\\"<>\u0000-\u001f\u007f-\u009f]+|mailto:[^\s\\"<>\u0000-\u001f\u007f-\u009f]+)$/i.test(target);
}
