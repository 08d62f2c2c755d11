/** One MP4 box for tests: 32-bit size, type, then `fill` repeated for the payload. */
export function box(type: string, payloadBytes: number, fill = 0): Uint8Array {
  const out = new Uint8Array(8 + payloadBytes).fill(fill);
  new DataView(out.buffer).setUint32(0, out.length);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  return out;
}

export const join = (...parts: Uint8Array[]) => new Uint8Array(parts.flatMap((p) => [...p]));
