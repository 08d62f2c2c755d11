/**
 * The standard PDF stream filters (ISO 32000-1 §7.4), decoded as readers decode them so the attachment
 * check sees what a reader would (issue 22 point 7): ASCIIHexDecode, ASCII85Decode, LZWDecode,
 * RunLengthDecode and FlateDecode (through the budget's inflater), with the PNG and TIFF predictors,
 * and chains of them. The image-only filters (DCT, JPX, CCITT fax, JBIG2) hold pixels: decoding stops
 * there. Every decoder writes into a ByteSink capped at what is left of the file's budget; a stream
 * that cannot be decoded (an unknown or encryption filter, broken data) cannot be checked.
 */
import { ByteSink, uncheckable, type UnpackBudget } from './attachment-verdict';

const CANONICAL: Record<string, string> = {
  FlateDecode: 'FlateDecode',
  Fl: 'FlateDecode',
  LZWDecode: 'LZWDecode',
  LZW: 'LZWDecode',
  ASCIIHexDecode: 'ASCIIHexDecode',
  AHx: 'ASCIIHexDecode',
  ASCII85Decode: 'ASCII85Decode',
  A85: 'ASCII85Decode',
  RunLengthDecode: 'RunLengthDecode',
  RL: 'RunLengthDecode',
  DCTDecode: 'DCTDecode',
  DCT: 'DCTDecode',
  CCITTFaxDecode: 'CCITTFaxDecode',
  CCF: 'CCITTFaxDecode',
  JPXDecode: 'JPXDecode',
  JBIG2Decode: 'JBIG2Decode',
};

/** Filters whose output is pixels, never objects: a stream is checked up to them. */
export const IMAGE_FILTERS: ReadonlySet<string> = new Set(['DCTDecode', 'CCITTFaxDecode', 'JPXDecode', 'JBIG2Decode']);

/** A filter's standard name (abbreviations resolved), or null for one no reader knows (or Crypt). */
export const filterName = (name: string): string | null => CANONICAL[name] ?? null;

/** The /DecodeParms entries the predictors and LZW read. */
export interface DecodeParms {
  predictor?: number;
  colors?: number;
  bitsPerComponent?: number;
  columns?: number;
  earlyChange?: number;
}

const isSpace = (c: number) => c === 0 || c === 9 || c === 10 || c === 12 || c === 13 || c === 32;

function hexValue(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  if (c >= 65 && c <= 70) return c - 55;
  if (c >= 97 && c <= 102) return c - 87;
  return -1;
}

export function asciiHexDecode(b: Uint8Array, max: number): Uint8Array {
  const out = new ByteSink(max, b.length / 2);
  let high = -1;
  for (const c of b) {
    if (c === 62) break; // '>'
    if (isSpace(c)) continue;
    const v = hexValue(c);
    if (v < 0) throw uncheckable();
    if (high < 0) high = v;
    else {
      out.push((high << 4) | v);
      high = -1;
    }
  }
  if (high >= 0) out.push(high << 4);
  return out.bytes();
}

export function ascii85Decode(b: Uint8Array, max: number): Uint8Array {
  const out = new ByteSink(max, b.length);
  let i = 0;
  while (i < b.length && isSpace(b[i]!)) i++;
  if (b[i] === 60 && b[i + 1] === 126) i += 2; // '<~'
  const group: number[] = [];
  const flush = (n: number) => {
    let v = 0;
    for (let k = 0; k < 5; k++) v = v * 85 + (group[k] ?? 84);
    if (v > 0xffffffff) throw uncheckable();
    for (let k = 0; k < n; k++) out.push((v >>> (24 - 8 * k)) & 0xff);
  };
  for (; i < b.length; i++) {
    const c = b[i]!;
    if (c === 126) break; // '~' of '~>'
    if (isSpace(c)) continue;
    if (c === 122 && group.length === 0) {
      for (let k = 0; k < 4; k++) out.push(0); // 'z'
      continue;
    }
    if (c < 33 || c > 117) throw uncheckable();
    group.push(c - 33);
    if (group.length === 5) {
      flush(4);
      group.length = 0;
    }
  }
  if (group.length === 1) throw uncheckable();
  if (group.length) flush(group.length - 1);
  return out.bytes();
}

/** LZW as PDF and TIFF write it: codes of 9 to 12 bits, 256 clears the table, 257 ends. */
export function lzwDecode(b: Uint8Array, max: number, earlyChange = 1): Uint8Array {
  const out = new ByteSink(max, b.length * 3);
  // The table as (prefix code, last byte, length) per code; entries are read back through their prefixes.
  const prefix = new Int32Array(4096);
  const last = new Uint8Array(4096);
  const length = new Int32Array(4096);
  for (let i = 0; i < 256; i++) {
    prefix[i] = -1;
    last[i] = i;
    length[i] = 1;
  }
  let next = 258;
  let width = 9;
  let prev = -1;
  let acc = 0;
  let bits = 0;
  let pos = 0;
  const firstByte = (code: number) => {
    let c = code;
    while (prefix[c]! >= 0) c = prefix[c]!;
    return last[c]!;
  };
  const emit = (code: number) => {
    const start = out.length;
    const n = length[code]!;
    for (let k = 0; k < n; k++) out.push(0);
    const bytes = out.bytes();
    let c = code;
    for (let k = n - 1; k >= 0; k--) {
      bytes[start + k] = last[c]!;
      c = prefix[c]!;
    }
  };
  for (;;) {
    while (bits < width && pos < b.length) {
      acc = ((acc << 8) | b[pos++]!) & 0xffffff;
      bits += 8;
    }
    if (bits < width) break; // the data ends without the end code: what was read stands
    const code = (acc >>> (bits - width)) & ((1 << width) - 1);
    bits -= width;
    if (code === 256) {
      next = 258;
      width = 9;
      prev = -1;
      continue;
    }
    if (code === 257) break;
    if (prev < 0) {
      if (code > 255) throw uncheckable();
      emit(code);
      prev = code;
      continue;
    }
    if (code > next || (code === next && next >= 4096)) throw uncheckable();
    if (next < 4096) {
      prefix[next] = prev;
      last[next] = code === next ? firstByte(prev) : firstByte(code);
      length[next] = length[prev]! + 1;
      next++;
    }
    emit(code);
    prev = code;
    if (next + earlyChange >= 1 << width && width < 12) width++;
  }
  return out.bytes();
}

export function runLengthDecode(b: Uint8Array, max: number): Uint8Array {
  const out = new ByteSink(max, b.length * 2);
  let i = 0;
  while (i < b.length) {
    const n = b[i++]!;
    if (n === 128) break;
    if (n < 128) {
      if (i + n + 1 > b.length) throw uncheckable();
      out.pushAll(b.subarray(i, i + n + 1));
      i += n + 1;
    } else {
      if (i >= b.length) throw uncheckable();
      const v = b[i++]!;
      for (let k = 0; k < 257 - n; k++) out.push(v);
    }
  }
  return out.bytes();
}

/** Undoes a predictor (/Predictor 2: TIFF, 10 to 15: PNG) applied before Flate or LZW. */
export function unpredict(b: Uint8Array, parms: DecodeParms, max: number): Uint8Array {
  const predictor = parms.predictor ?? 1;
  if (predictor <= 1) return b;
  const colors = parms.colors ?? 1;
  const bpc = parms.bitsPerComponent ?? 8;
  const columns = parms.columns ?? 1;
  if (![1, 2, 4, 8, 16].includes(bpc) || colors < 1 || colors > 32 || columns < 1 || columns > 1 << 20) throw uncheckable();
  const bpp = Math.max(1, Math.ceil((colors * bpc) / 8));
  const rowBytes = Math.ceil((colors * bpc * columns) / 8);
  if (predictor === 2) {
    if (bpc !== 8) throw uncheckable();
    const out = b.slice();
    for (let row = 0; row < out.length; row += rowBytes)
      for (let i = row + bpp; i < Math.min(row + rowBytes, out.length); i++) out[i] = (out[i]! + out[i - bpp]!) & 0xff;
    return out;
  }
  if (predictor < 10 || predictor > 15) throw uncheckable();
  const rows = Math.floor(b.length / (rowBytes + 1));
  const out = new ByteSink(max, rows * rowBytes);
  let prev = new Uint8Array(rowBytes);
  for (let r = 0; r < rows; r++) {
    const at = r * (rowBytes + 1);
    const type = b[at]!;
    const row = b.slice(at + 1, at + 1 + rowBytes);
    for (let i = 0; i < rowBytes; i++) {
      const left = i >= bpp ? row[i - bpp]! : 0;
      const up = prev[i]!;
      const upLeft = i >= bpp ? prev[i - bpp]! : 0;
      switch (type) {
        case 0:
          break;
        case 1:
          row[i] = (row[i]! + left) & 0xff;
          break;
        case 2:
          row[i] = (row[i]! + up) & 0xff;
          break;
        case 3:
          row[i] = (row[i]! + ((left + up) >> 1)) & 0xff;
          break;
        case 4: {
          const p = left + up - upLeft;
          const pa = Math.abs(p - left);
          const pb = Math.abs(p - up);
          const pc = Math.abs(p - upLeft);
          row[i] = (row[i]! + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft)) & 0xff;
          break;
        }
        default:
          throw uncheckable();
      }
    }
    out.pushAll(row);
    prev = row;
  }
  return out.bytes();
}

/**
 * A stream's data through its filters, in order, each output capped at what is left of the budget
 * (charged by the caller); 'image' when the chain reaches an image-only filter.
 */
export function decodeStream(
  data: Uint8Array,
  filters: string[],
  parms: (DecodeParms | null)[],
  budget: UnpackBudget,
): Uint8Array | 'image' {
  let b = data;
  for (let i = 0; i < filters.length; i++) {
    const name = filterName(filters[i]!);
    if (!name) throw uncheckable();
    if (IMAGE_FILTERS.has(name)) return 'image';
    const p = parms[i] ?? {};
    const max = Math.max(0, budget.bytes);
    switch (name) {
      case 'FlateDecode':
        b = unpredict(budget.inflate(b, 'zlib'), p, max);
        break;
      case 'LZWDecode':
        b = unpredict(lzwDecode(b, max, p.earlyChange ?? 1), p, max);
        break;
      case 'ASCIIHexDecode':
        b = asciiHexDecode(b, max);
        break;
      case 'ASCII85Decode':
        b = ascii85Decode(b, max);
        break;
      case 'RunLengthDecode':
        b = runLengthDecode(b, max);
        break;
    }
  }
  return b;
}
