/**
 * How much audio a fragmented MP4 stream holds so far, read from its boxes as they arrive: the track's
 * timescale from `moov/trak/mdia/mdhd`, each fragment's start from `moof/traf/tfdt` and its samples'
 * durations from `trun` (or `tfhd`'s default). WebKit's MediaRecorder writes such a stream; the recorder
 * uses this to see how far its encoder lags behind the microphone (issue 9 §1).
 * Only box headers and the small `moov`/`moof` boxes are kept; `mdat` payloads are skipped as they pass.
 */
export class Mp4DurationReader {
  private pending = new Uint8Array(0);
  private skip = 0;
  private timescale = 0;
  private endUnits = 0;
  private seenFragment = false;

  /** Feeds the next bytes of the stream. Never throws: bytes it cannot read are ignored. */
  push(bytes: Uint8Array): void {
    let data = bytes;
    if (this.skip > 0) {
      const n = Math.min(this.skip, data.length);
      this.skip -= n;
      data = data.subarray(n);
    }
    if (data.length === 0) return;
    const buf = concat(this.pending, data);
    let at = 0;
    while (at < buf.length) {
      const header = boxHeader(buf, at);
      // The slice ended inside this box's header (8 bytes, or 16 with a 64-bit size): wait for the next.
      if (header === 'partial') break;
      if (!header) {
        this.pending = new Uint8Array(0);
        return;
      }
      const { type, size, headerSize } = header;
      if (type === 'moov' || type === 'moof') {
        if (at + size > buf.length) break;
        this.readContainer(buf.subarray(at + headerSize, at + size), type);
        at += size;
      } else if (at + size <= buf.length) {
        at += size;
      } else {
        this.skip = at + size - buf.length;
        at = buf.length;
      }
    }
    this.pending = buf.slice(at);
  }

  /** Seconds of audio in the fragments read so far, or null before the first fragment or without a timescale. */
  seconds(): number | null {
    return this.seenFragment && this.timescale > 0 ? this.endUnits / this.timescale : null;
  }

  private readContainer(body: Uint8Array, type: 'moov' | 'moof'): void {
    if (type === 'moov') {
      this.timescale = moovTimescale(body);
      return;
    }
    for (const f of fragmentTimes(body)) {
      this.endUnits = Math.max(this.endUnits, (f.start ?? this.endUnits) + f.duration);
      this.seenFragment = true;
    }
  }
}

/** The audio track's timescale (units a second) from a `moov` box's body, or 0. */
export function moovTimescale(moovBody: Uint8Array): number {
  const mdhd = findPath(moovBody, ['trak', 'mdia', 'mdhd']);
  return mdhd ? readMdhdTimescale(mdhd) : 0;
}

/** Each track fragment of a `moof` box's body: its start (`tfdt`, null without one) and duration, in timescale units. */
export function fragmentTimes(moofBody: Uint8Array): { start: number | null; duration: number }[] {
  return children(moofBody)
    .filter((c) => c.type === 'traf')
    .map((traf) => {
      let start: number | null = null;
      let defaultDuration = 0;
      let duration = 0;
      for (const c of children(traf.body)) {
        if (c.type === 'tfdt') start = readTfdt(c.body);
        else if (c.type === 'tfhd') defaultDuration = readTfhdDefaultDuration(c.body);
        else if (c.type === 'trun') duration += readTrunDuration(c.body, defaultDuration);
      }
      return { start, duration };
    });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

function view(b: Uint8Array): DataView {
  return new DataView(b.buffer, b.byteOffset, b.byteLength);
}

interface BoxHeader {
  type: string;
  size: number;
  headerSize: number;
}

/**
 * The header of the box at `at`: 'partial' when the bytes end inside it (a size field of 1 means a
 * 64-bit size follows the type, making the header 16 bytes), null when it is not a box header we read.
 */
function boxHeader(b: Uint8Array, at: number): BoxHeader | 'partial' | null {
  if (at + 8 > b.length) return 'partial';
  const v = view(b);
  const size32 = v.getUint32(at);
  if (size32 === 0) return null; // "to the end of the file": not a stream being written
  if (size32 !== 1) return size32 < 8 ? null : { type: fourcc(b, at + 4), size: size32, headerSize: 8 };
  if (at + 16 > b.length) return 'partial';
  const size = Number(v.getBigUint64(at + 8));
  return size < 16 ? null : { type: fourcc(b, at + 4), size, headerSize: 16 };
}

function fourcc(b: Uint8Array, at: number): string {
  return String.fromCharCode(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!);
}

function children(body: Uint8Array): { type: string; body: Uint8Array }[] {
  const out: { type: string; body: Uint8Array }[] = [];
  for (let at = 0; at + 8 <= body.length;) {
    const h = boxHeader(body, at);
    if (!h || h === 'partial' || at + h.size > body.length) break;
    out.push({ type: h.type, body: body.subarray(at + h.headerSize, at + h.size) });
    at += h.size;
  }
  return out;
}

function findPath(body: Uint8Array, path: string[]): Uint8Array | null {
  let level: Uint8Array = body;
  for (const type of path) {
    const next = children(level).find((c) => c.type === type);
    if (!next) return null;
    level = next.body;
  }
  return level;
}

function readMdhdTimescale(b: Uint8Array): number {
  if (b.length < 4) return 0;
  const version = b[0];
  const at = version === 1 ? 4 + 16 : 4 + 8;
  return b.length >= at + 4 ? view(b).getUint32(at) : 0;
}

function readTfdt(b: Uint8Array): number | null {
  if (b.length < 8) return null;
  return b[0] === 1 ? (b.length >= 12 ? Number(view(b).getBigUint64(4)) : null) : view(b).getUint32(4);
}

function readTfhdDefaultDuration(b: Uint8Array): number {
  if (b.length < 8) return 0;
  const flags = (b[1]! << 16) | (b[2]! << 8) | b[3]!;
  let at = 8; // version+flags, track_ID
  if (flags & 0x01) at += 8; // base-data-offset
  if (flags & 0x02) at += 4; // sample-description-index
  if (!(flags & 0x08) || b.length < at + 4) return 0;
  return view(b).getUint32(at);
}

function readTrunDuration(b: Uint8Array, defaultDuration: number): number {
  if (b.length < 8) return 0;
  const v = view(b);
  const flags = (b[1]! << 16) | (b[2]! << 8) | b[3]!;
  const count = v.getUint32(4);
  let at = 8;
  if (flags & 0x01) at += 4; // data-offset
  if (flags & 0x04) at += 4; // first-sample-flags
  if (!(flags & 0x100)) return count * defaultDuration;
  const entry = 4 * [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
  let total = 0;
  for (let i = 0; i < count && at + 4 <= b.length; i++, at += entry) total += v.getUint32(at);
  return total;
}
