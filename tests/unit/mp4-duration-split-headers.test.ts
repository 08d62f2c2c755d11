import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Mp4DurationReader } from '../../src/lib/recordings/mp4-duration';
import { topLevelBoxes } from '../../src/lib/recordings/mp4-repair';
import { FRAGMENT_END_SECONDS, fragmentedMp4With64BitSizes } from './mp4-fragmented-64';

/**
 * MediaRecorder hands over slices wherever its buffer ends, so a slice can stop inside a box header:
 * inside the 8 bytes of a usual one, or inside the 16 of a 64-bit one (size field 1, then the largesize).
 * The reader must wait for the rest of the header and read on; these tests cut both a real WebKit file
 * and a file with 64-bit sizes at every byte around every box header.
 */
const webkit = new Uint8Array(readFileSync('tests/fixtures/audio/webkit-fragmented.m4a'));
const wide = fragmentedMp4With64BitSizes();

const CONTAINERS = new Set(['moov', 'trak', 'mdia', 'moof', 'traf']);

/** Where every box starts, nested ones included, and where each `moof` ends. */
function layout(bytes: Uint8Array, base = 0): { starts: number[]; moofEnds: number[] } {
  const starts: number[] = [];
  const moofEnds: number[] = [];
  for (const b of topLevelBoxes(bytes)!) {
    starts.push(base + b.start);
    if (b.type === 'moof') moofEnds.push(base + b.end);
    if (CONTAINERS.has(b.type)) {
      const headerSize = new DataView(bytes.buffer, bytes.byteOffset + b.start).getUint32(0) === 1 ? 16 : 8;
      starts.push(...layout(bytes.subarray(b.start + headerSize, b.end), base + b.start + headerSize).starts);
    }
  }
  return { starts, moofEnds };
}

/** What the reader says after each slice. */
function readSliced(bytes: Uint8Array, cuts: number[]): (number | null)[] {
  const reader = new Mp4DurationReader();
  const bounds = [0, ...cuts, bytes.length];
  return bounds.slice(1).map((end, i) => {
    reader.push(bytes.subarray(bounds[i], end));
    return reader.seconds();
  });
}

const readWhole = (bytes: Uint8Array) => readSliced(bytes, [])[0]!;

/** Every offset from just before each header to just after its longest (16-byte) form. */
function offsetsAroundHeaders(bytes: Uint8Array): number[] {
  const offsets = new Set<number>();
  for (const start of layout(bytes).starts)
    for (let at = start - 2; at <= start + 18; at++) if (at > 0 && at < bytes.length) offsets.add(at);
  return [...offsets].sort((a, b) => a - b);
}

describe.each([
  ['a WebKit recording', webkit],
  ['a stream with 64-bit box sizes', wide],
])('%s cut inside a box header (issue 9 §1)', (_name, bytes) => {
  const whole = readWhole(bytes);

  it('reads the same fragment times cut in two at every byte around every header', () => {
    expect(whole).not.toBeNull();
    for (const cut of offsetsAroundHeaders(bytes)) {
      expect(readSliced(bytes, [cut]), `cut at byte ${cut}`).toEqual([readWhole(bytes.subarray(0, cut)), whole]);
    }
  });

  it('reads the same when every header is cut at once, at each byte of the header', () => {
    const { starts } = layout(bytes);
    for (let into = 1; into < 16; into++) {
      const cuts = starts.map((s) => s + into).filter((at) => at < bytes.length);
      expect(readSliced(bytes, cuts).at(-1), `cut ${into} bytes into every header`).toBe(whole);
    }
  });

  it('fed one byte at a time, counts each fragment as soon as its moof is complete', () => {
    const { moofEnds } = layout(bytes);
    const fragmentEnds = moofEnds.map((end) => readWhole(bytes.subarray(0, end)));
    const seen = readSliced(
      bytes,
      Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
    );
    seen.forEach((seconds, i) => {
      const complete = moofEnds.filter((end) => end <= i + 1).length;
      expect(seconds, `after byte ${i}`).toBe(complete === 0 ? null : fragmentEnds[complete - 1]);
    });
  });
});

describe('a stream with 64-bit box sizes', () => {
  it('holds the fragment times it was built with', () => {
    const { moofEnds } = layout(wide);
    expect(moofEnds.map((end) => readWhole(wide.subarray(0, end)))).toEqual(FRAGMENT_END_SECONDS);
    expect(readWhole(wide)).toBe(FRAGMENT_END_SECONDS.at(-1));
  });
});
