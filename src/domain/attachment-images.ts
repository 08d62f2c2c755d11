/**
 * The image part of the attachment check (issue 22 point 7): a PNG or a JPEG holds its picture and
 * nothing else. Bytes after the end of the image (a PNG's IEND chunk, a JPEG's EOI marker), or web
 * page markup in its text chunks and comments, make a polyglot: a file that is a picture to one
 * program and a web page to another. They are refused, not cut off (docs/decisions.md, session 11).
 * Kept: a phone photo's further JPEGs after the first (gain and depth maps, Multi-Picture Format),
 * padding of zero or 0xFF bytes, and files cut short (nothing follows their end).
 */
import { MARKUP, latin1, refusal, startsWith, u16be, u32be } from './attachment-verdict';
import { MESSAGES } from './messages';

const polyglot = () => refusal('polyglot', MESSAGES.attachmentPolyglot);

const isPadding = (b: Uint8Array) => b.every((v) => v === 0 || v === 0xff);

/** Throws when the PNG has bytes after IEND, or markup in any chunk but the image data. */
export function checkPng(b: Uint8Array): void {
  let pos = 8;
  while (pos + 8 <= b.length) {
    const length = u32be(b, pos);
    const type = latin1(b.subarray(pos + 4, pos + 8));
    const end = pos + 12 + length;
    if (end > b.length) break; // cut short: what is there is checked below
    if (type !== 'IDAT' && MARKUP.test(latin1(b.subarray(pos + 8, pos + 8 + length)))) throw polyglot();
    if (type === 'IEND') {
      if (end < b.length && !isPadding(b.subarray(end))) throw polyglot();
      return;
    }
    pos = end;
  }
  if (MARKUP.test(latin1(b.subarray(pos)))) throw polyglot();
}

/**
 * Where the JPEG that starts at `start` ends (after EOI), or where its structure breaks (`broken`:
 * what follows is checked for markup); null when it is cut short. Throws on markup in its segments.
 */
function jpegEnd(b: Uint8Array, start: number): { end: number } | { broken: number } | null {
  let pos = start + 2;
  while (pos + 1 < b.length) {
    if (b[pos] !== 0xff) return { broken: pos };
    let marker = b[pos + 1]!;
    while (marker === 0xff && pos + 2 < b.length) marker = b[++pos + 1]!; // fill bytes
    if (marker === 0xd9) return { end: pos + 2 }; // EOI
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      pos += 2;
      continue;
    }
    const length = u16be(b, pos + 2);
    if (length < 2) return { broken: pos };
    const segment = b.subarray(pos + 4, pos + 2 + length);
    // Comments (COM) and application segments (APPn: Exif, XMP, ...) are where text hides.
    if ((marker === 0xfe || (marker >= 0xe0 && marker <= 0xef)) && MARKUP.test(latin1(segment))) throw polyglot();
    pos += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (pos + 1 < b.length && !(b[pos] === 0xff && b[pos + 1] !== 0 && !(b[pos + 1]! >= 0xd0 && b[pos + 1]! <= 0xd7))) pos++;
    }
  }
  return null;
}

/** Throws when the JPEG has anything after its end but further JPEGs or padding, or markup in its segments. */
export function checkJpeg(b: Uint8Array): void {
  let start = 0;
  for (let images = 0; images < 16; images++) {
    const found = jpegEnd(b, start);
    if (found && 'broken' in found) {
      if (MARKUP.test(latin1(b.subarray(found.broken)))) throw polyglot();
      return;
    }
    if (found === null || found.end >= b.length) return;
    const end = found.end;
    const rest = b.subarray(end);
    if (isPadding(rest)) return;
    if (!startsWith(rest, 0xff, 0xd8, 0xff)) throw polyglot();
    start = end;
  }
  throw polyglot();
}
