import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Mp4DurationReader } from '../../src/lib/recordings/mp4-duration';
import { dropFragmentsFrom, topLevelBoxes } from '../../src/lib/recordings/mp4-repair';
import { box, join } from './mp4-boxes';

// A real WebKitGTK 2.50 MediaRecorder file (mock microphone): whole 1 s fragments, then a 0.16 s one;
// ffprobe says 7.151769 s.
const webkit = new Uint8Array(readFileSync('tests/fixtures/audio/webkit-fragmented.m4a'));

const secondsOf = (bytes: Uint8Array, sliceBytes = bytes.length) => {
  const reader = new Mp4DurationReader();
  for (let at = 0; at < bytes.length; at += sliceBytes) reader.push(bytes.subarray(at, at + sliceBytes));
  return reader.seconds();
};

describe('how much audio a fragmented MP4 holds (issue 9 §1)', () => {
  it('reads a WebKit recording to the length ffprobe measures', () => {
    expect(secondsOf(webkit)).toBeCloseTo(7.1518, 3);
  });

  it('reads the same however the stream is sliced, boxes and audio cut anywhere', () => {
    for (const slice of [1, 7, 333, 4096, 10_000]) expect(secondsOf(webkit, slice)).toBeCloseTo(7.1518, 3);
  });

  it('knows nothing before the first fragment, and counts only whole fragments', () => {
    const boxes = topLevelBoxes(webkit)!;
    const firstMdat = boxes.find((b) => b.type === 'mdat')!;
    expect(secondsOf(webkit.subarray(0, boxes.find((b) => b.type === 'moof')!.start))).toBeNull();
    expect(secondsOf(webkit.subarray(0, firstMdat.end))).toBeCloseTo(0.998, 2);
  });

  it('reads nothing from bytes that are not MP4, and never throws', () => {
    expect(secondsOf(Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(secondsOf(join(box('ftyp', 24), box('moof', 30, 0xff)))).toBeNull();
  });
});

describe('fragments written after Stop are dropped (issue 9 §1)', () => {
  it('cuts the WebKit recording before the first fragment that starts after the Stop moment', () => {
    const trimmed = dropFragmentsFrom(webkit, 6.5)!;
    expect(secondsOf(trimmed)).toBeCloseTo(6.989, 2);
    expect(types(trimmed).at(-1)).toBe('mdat');
    expect(webkit.subarray(0, trimmed.length)).toEqual(trimmed);
  });

  it('keeps everything when no fragment starts after the Stop moment, and never the first fragment', () => {
    expect(dropFragmentsFrom(webkit, 7.2)).toBeNull();
    expect(secondsOf(dropFragmentsFrom(webkit, 0)!)).toBeCloseTo(0.998, 2);
  });

  it('leaves a file alone whose fragments carry no start time', () => {
    expect(
      dropFragmentsFrom(join(box('ftyp', 24), box('moov', 10), box('moof', 8), box('mdat', 20), box('moof', 8), box('mdat', 20)), 0),
    ).toBeNull();
  });
});

const types = (bytes: Uint8Array) => topLevelBoxes(bytes)!.map((b) => b.type);
