import { join } from './mp4-boxes';

/**
 * A small fragmented MP4 built from ISO/IEC 14496-12 where every box that may carry one uses the 64-bit
 * size (size field 1, then a 64-bit largesize after the type), as a writer does for large files:
 * ftyp, moov (trak/mdia/mdhd version 1, timescale 48000), then three fragments (moof with mfhd and traf:
 * tfhd, tfdt, trun) each followed by its mdat, with a free box between two of them.
 */
export const TIMESCALE = 48_000;

const fourcc = (type: string) => [...type].map((c) => c.charCodeAt(0));

function u32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}

function u64(n: number): number[] {
  return [...u32(Math.floor(n / 2 ** 32)), ...u32(n >>> 0)];
}

/** A box with a 64-bit size header (16 bytes). */
export function box64(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = join(...payload);
  return join(Uint8Array.from([...u32(1), ...fourcc(type), ...u64(16 + body.length)]), body);
}

/** A box with the usual 32-bit size header (8 bytes). */
export function box32(type: string, ...payload: Uint8Array[]): Uint8Array {
  const body = join(...payload);
  return join(Uint8Array.from([...u32(8 + body.length), ...fourcc(type)]), body);
}

const bytes = (...values: number[]) => Uint8Array.from(values);
const versionAndFlags = (version: number, flags: number) => bytes(version, (flags >> 16) & 0xff, (flags >> 8) & 0xff, flags & 0xff);

function mdhdV1(timescale: number): Uint8Array {
  // version 1: creation and modification times and duration are 64-bit.
  return box32('mdhd', versionAndFlags(1, 0), bytes(...u64(0), ...u64(0), ...u32(timescale), ...u64(0), 0x55, 0xc4, 0, 0));
}

interface Fragment {
  start: number;
  /** Every sample's duration in the trun, or the tfhd default for `count` samples. */
  durations: number[] | { count: number; each: number };
  tfdtVersion: 0 | 1;
  mdatBytes: number;
}

function fragment(f: Fragment, sequence: number): Uint8Array {
  const perSample = Array.isArray(f.durations);
  const tfhd = perSample
    ? box32('tfhd', versionAndFlags(0, 0x020000), bytes(...u32(1)))
    : box32('tfhd', versionAndFlags(0, 0x020008), bytes(...u32(1), ...u32((f.durations as { each: number }).each)));
  const tfdt =
    f.tfdtVersion === 1
      ? box32('tfdt', versionAndFlags(1, 0), bytes(...u64(f.start)))
      : box32('tfdt', versionAndFlags(0, 0), bytes(...u32(f.start)));
  const trun = Array.isArray(f.durations)
    ? box32('trun', versionAndFlags(0, 0x000101), bytes(...u32(f.durations.length), ...u32(0), ...f.durations.flatMap(u32)))
    : box32('trun', versionAndFlags(0, 0x000001), bytes(...u32(f.durations.count), ...u32(0)));
  const moof = box64('moof', box32('mfhd', versionAndFlags(0, 0), bytes(...u32(sequence))), box64('traf', tfhd, tfdt, trun));
  return join(moof, box64('mdat', new Uint8Array(f.mdatBytes).fill(0x21)));
}

const FRAGMENTS: Fragment[] = [
  { start: 0, durations: { count: 47, each: 1024 }, tfdtVersion: 1, mdatBytes: 300 },
  { start: 47 * 1024, durations: [1024, 1024, 1024, 512], tfdtVersion: 1, mdatBytes: 40 },
  { start: 47 * 1024 + 3584, durations: { count: 10, each: 1024 }, tfdtVersion: 0, mdatBytes: 1000 },
];

/** The fragment ends, in seconds, in stream order. */
export const FRAGMENT_END_SECONDS = [47 * 1024, 47 * 1024 + 3584, 47 * 1024 + 3584 + 10 * 1024].map((units) => units / TIMESCALE);

export function fragmentedMp4With64BitSizes(): Uint8Array {
  const ftyp = box64('ftyp', bytes(...fourcc('iso6'), ...u32(0), ...fourcc('iso6'), ...fourcc('mp41')));
  const moov = box64('moov', box64('trak', box32('mdia', mdhdV1(TIMESCALE))));
  const [first, second, third] = FRAGMENTS.map((f, i) => fragment(f, i + 1));
  return join(ftyp, moov, first!, box64('free', new Uint8Array(24)), second!, third!);
}
