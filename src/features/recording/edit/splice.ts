/**
 * Editing as dictation devices do (pure, on mono samples): insert a new take at a position, or
 * overwrite from a position (the take replaces what was there and may run past the old end).
 */
export type EditMode = 'insert' | 'overwrite';

export function splice(original: Float32Array, take: Float32Array, at: number, mode: EditMode): Float32Array {
  const pos = Math.max(0, Math.min(Math.round(at), original.length));
  const tailStart = mode === 'insert' ? pos : Math.min(original.length, pos + take.length);
  const tail = original.subarray(tailStart);
  const out = new Float32Array(pos + take.length + tail.length);
  out.set(original.subarray(0, pos), 0);
  out.set(take, pos);
  out.set(tail, pos + take.length);
  return out;
}

/** 16-bit PCM WAV, mono: what an edited recording is stored and sent as. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const buffer = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(buffer);
  const text = (offset: number, s: string) => [...s].forEach((c, i) => view.setUint8(offset + i, c.charCodeAt(0)));
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) {
    const v = Math.max(-1, Math.min(1, samples[i]!));
    view.setInt16(44 + i * 2, v < 0 ? v * 0x8000 : v * 0x7fff, true);
  }
  return buffer;
}
