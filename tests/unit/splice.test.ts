import { describe, expect, it } from 'vitest';
import { encodeWav, splice } from '../../src/features/recording/edit/splice';

const seq = (from: number, n: number) => Float32Array.from({ length: n }, (_, i) => (from + i) / 100);

describe('insert and overwrite from a position', () => {
  const original = seq(0, 10);
  const take = Float32Array.from([0.9, 0.9, 0.9]);
  it('insert keeps everything and pushes the rest back', () => {
    expect([...splice(original, take, 4, 'insert')].map((v) => Math.round(v * 100))).toEqual([0, 1, 2, 3, 90, 90, 90, 4, 5, 6, 7, 8, 9]);
  });
  it('overwrite replaces as much as the take lasts', () => {
    expect([...splice(original, take, 4, 'overwrite')].map((v) => Math.round(v * 100))).toEqual([0, 1, 2, 3, 90, 90, 90, 7, 8, 9]);
  });
  it('overwrite near the end lengthens the recording', () => {
    expect(splice(original, take, 9, 'overwrite').length).toBe(12);
  });
  it('positions outside the recording are clamped to its start and end', () => {
    expect(splice(original, take, -5, 'insert')[0]).toBeCloseTo(0.9);
    expect(splice(original, take, 99, 'insert').length).toBe(13);
  });
});

describe('WAV encoding', () => {
  it('writes a 16-bit mono PCM file of the right size and header', () => {
    const wav = encodeWav(Float32Array.from([0, 1, -1, 0.5]), 16000);
    const view = new DataView(wav);
    expect(new TextDecoder().decode(new Uint8Array(wav, 0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(new Uint8Array(wav, 8, 4))).toBe('WAVE');
    expect(view.getUint32(24, true)).toBe(16000);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(40, true)).toBe(8);
    expect(wav.byteLength).toBe(52);
    expect(view.getInt16(46, true)).toBe(32767);
    expect(view.getInt16(48, true)).toBe(-32768);
  });
});
