import { fragmentTimes, moovTimescale } from './mp4-duration';

/**
 * WebKit's MediaRecorder (Safari, every iPad browser) writes fragmented MP4 with blocks repeated: the
 * file starts with two `ftyp` boxes, and the last fragment's `moof` is sometimes written twice. ffmpeg
 * then stops decoding at the repeated block, so the server measured seconds less than was recorded
 * (issue 9 §1; measured on WebKitGTK 2.50: 5.99 s of a 6.43 s recording, 6.43 s once repaired).
 * This drops a header box that repeats the one before it byte for byte; nothing else is touched.
 */
const REPEATABLE = new Set(['ftyp', 'moov', 'moof']);

interface Box {
  type: string;
  start: number;
  end: number;
}

/** The top-level boxes, or null when the bytes are not a sequence of whole MP4 boxes. */
export function topLevelBoxes(bytes: Uint8Array): Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Box[] = [];
  for (let at = 0; at < bytes.length;) {
    if (at + 8 > bytes.length) return null;
    let size = view.getUint32(at);
    if (size === 1) {
      if (at + 16 > bytes.length) return null;
      size = Number(view.getBigUint64(at + 8));
    } else if (size === 0) size = bytes.length - at;
    if (size < 8 || at + size > bytes.length) return null;
    const type = String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!);
    boxes.push({ type, start: at, end: at + size });
    at += size;
  }
  return boxes;
}

function sameBytes(bytes: Uint8Array, a: Box, b: Box): boolean {
  if (a.end - a.start !== b.end - b.start) return false;
  for (let i = 0; i < a.end - a.start; i++) if (bytes[a.start + i] !== bytes[b.start + i]) return false;
  return true;
}

/** The MP4 without its repeated header boxes, or null when there was nothing to repair (or it is not MP4). */
export function dropRepeatedBoxes(bytes: Uint8Array): Uint8Array | null {
  const boxes = topLevelBoxes(bytes);
  if (!boxes?.length || boxes[0]!.type !== 'ftyp') return null;
  const keep = boxes.filter((box, i) => !(i > 0 && REPEATABLE.has(box.type) && sameBytes(bytes, boxes[i - 1]!, box)));
  if (keep.length === boxes.length) return null;
  const out = new Uint8Array(keep.reduce((n, b) => n + b.end - b.start, 0));
  let at = 0;
  for (const b of keep) {
    out.set(bytes.subarray(b.start, b.end), at);
    at += b.end - b.start;
  }
  return out;
}

/**
 * The MP4 without the fragments that start at or after `fromSeconds` (each `moof` with the `mdat` boxes
 * after it), or null when there are none or their start cannot be read. The recorder keeps WebKit
 * capturing past Stop until the fragment holding the Stop moment is written; the fragment its final
 * flush adds after that is audio recorded after Stop (issue 9 §1).
 */
export function dropFragmentsFrom(bytes: Uint8Array, fromSeconds: number): Uint8Array | null {
  const boxes = topLevelBoxes(bytes);
  if (!boxes?.length || boxes[0]!.type !== 'ftyp') return null;
  const moov = boxes.find((b) => b.type === 'moov');
  const timescale = moov ? moovTimescale(bytes.subarray(moov.start + 8, moov.end)) : 0;
  if (timescale <= 0) return null;
  const firstFragment = boxes.findIndex((b) => b.type === 'moof');
  const firstLate = boxes.findIndex((b, i) => {
    if (b.type !== 'moof' || i === firstFragment) return false;
    const times = fragmentTimes(bytes.subarray(b.start + 8, b.end));
    return times.length > 0 && times.every((t) => t.start !== null && t.start / timescale >= fromSeconds);
  });
  if (firstLate < 0) return null;
  return bytes.slice(0, boxes[firstLate]!.start);
}
