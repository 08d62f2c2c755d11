import { deflateSync, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { Refusal, UnpackBudget, type Inflate } from '../../src/domain/attachment-verdict';
import { ascii85Decode, asciiHexDecode, decodeStream, lzwDecode, runLengthDecode, unpredict } from '../../src/domain/pdf-filters';
import { ascii85, asciiHex, lzw, pngUp, runLength } from '../fixtures/hostile-attachments';

const inflate: Inflate = (data, _format, max) => {
  try {
    return inflateSync(data, { maxOutputLength: max });
  } catch (err) {
    return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : null;
  }
};
const text = (b: Uint8Array | 'image') => (b === 'image' ? b : Buffer.from(b).toString('latin1'));
const reason = (f: () => unknown) => {
  try {
    f();
    return 'decoded';
  } catch (err) {
    return err instanceof Refusal ? err.verdict.reason : String(err);
  }
};
const SAMPLE = Buffer.from('5 0 obj << /S /JavaScript /JS (app.alert\\(1\\)) >> endobj -----A---B '.repeat(40), 'latin1');

describe('the standard PDF filters (issue 22 point 7)', () => {
  it('decodes LZW as the PDF reference example shows it, and what an encoder with early change writes', () => {
    // ISO 32000-1 §7.4.4.2: "-----A---B" as codes 256 45 258 258 65 259 66 257.
    expect(text(lzwDecode(Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]), 1e6))).toBe('-----A---B');
    expect(Buffer.from(lzwDecode(lzw(SAMPLE), 1e6)).equals(SAMPLE)).toBe(true);
  });

  it('decodes ASCIIHex, ASCII85 (with z and a short last group) and run length', () => {
    expect(Buffer.from(asciiHexDecode(Buffer.from(asciiHex(SAMPLE)), 1e6)).equals(SAMPLE)).toBe(true);
    expect(text(asciiHexDecode(Buffer.from('4 1 4>'), 10))).toBe('A@');
    for (const sample of [SAMPLE, Buffer.alloc(9), Buffer.from('abcde')])
      expect(Buffer.from(ascii85Decode(Buffer.from(ascii85(sample)), 1e6)).equals(sample)).toBe(true);
    expect(text(ascii85Decode(Buffer.from('<~9jqo^~>'), 10))).toBe('Man ');
    expect(Buffer.from(runLengthDecode(runLength(SAMPLE), 1e6)).equals(SAMPLE)).toBe(true);
    expect(text(runLengthDecode(Buffer.from([253, 0x41, 0, 0x42, 128]), 10))).toBe('AAAAB');
  });

  it('undoes PNG and TIFF predictors', () => {
    const padded = Buffer.concat([SAMPLE, Buffer.alloc((8 - (SAMPLE.length % 8)) % 8)]);
    expect(Buffer.from(unpredict(pngUp(SAMPLE, 8), { predictor: 12, columns: 8 }, 1e6)).equals(padded)).toBe(true);
    expect(Array.from(unpredict(Buffer.from([1, 1, 1, 5, 1, 1]), { predictor: 2, columns: 3 }, 100))).toEqual([1, 2, 3, 5, 6, 7]);
  });

  it('decodes a chain in order, stops at image data, and refuses what it cannot decode', () => {
    const budget = new UnpackBudget(inflate);
    const chained = Buffer.from(asciiHex(deflateSync(SAMPLE)));
    expect(Buffer.from(decodeStream(chained, ['AHx', 'Fl'], [], budget) as Uint8Array).equals(SAMPLE)).toBe(true);
    expect(decodeStream(deflateSync(SAMPLE), ['FlateDecode', 'DCTDecode'], [], budget)).toBe('image');
    expect(reason(() => decodeStream(SAMPLE, ['Crypt'], [], budget))).toBe('uncheckable');
    expect(reason(() => decodeStream(SAMPLE, ['NoSuchDecode'], [], budget))).toBe('uncheckable');
    expect(reason(() => decodeStream(Buffer.from('not deflate'), ['FlateDecode'], [], budget))).toBe('uncheckable');
    expect(reason(() => asciiHexDecode(Buffer.from('4G>'), 10))).toBe('uncheckable');
    expect(reason(() => ascii85Decode(Buffer.from('vvvvv~>'), 10))).toBe('uncheckable');
  });

  it('stops every decoder at the budget: a run-length or LZW bomb is refused as too large, not decoded', () => {
    const rl = Buffer.concat([...Array.from({ length: 1000 }, () => Buffer.from([129, 0])), Buffer.from([128])]);
    expect(reason(() => runLengthDecode(rl, 100_000))).toBe('too_large');
    expect(reason(() => lzwDecode(lzw(Buffer.alloc(200_000)), 100_000))).toBe('too_large');
    const small = new UnpackBudget(inflate);
    small.bytes = 1000;
    expect(reason(() => decodeStream(deflateSync(Buffer.alloc(5000)), ['FlateDecode'], [], small))).toBe('too_large');
  });
});
