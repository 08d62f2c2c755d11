import { describe, expect, it } from 'vitest';
import { barsFor, peaksOf } from '../../src/features/recording/playable';

describe('local playback waveform (issue 9 §2)', () => {
  it('takes the loudest sample of each equal part, either polarity', () => {
    const samples = Float32Array.from([0.1, -0.5, 0.2, 0.3, -0.05, 0.9, 0, 0]);
    expect(peaksOf(samples, 4)).toEqual([0.5, 0.3, 0.9, 0]);
  });

  it('covers every sample when the parts do not divide evenly', () => {
    const samples = Float32Array.from([0, 0, 0, 0, 0, 0, 0.7]);
    const peaks = peaksOf(samples, 3);
    expect(peaks).toHaveLength(3);
    expect(peaks[2]).toBe(0.7);
  });

  it('has nothing to draw for no audio', () => {
    expect(peaksOf(new Float32Array(0), 10)).toEqual([]);
  });

  it('draws about ten bars a second, at least one and at most 2000', () => {
    expect(barsFor(6_500)).toBe(65);
    expect(barsFor(0)).toBe(1);
    expect(barsFor(3_600_000)).toBe(2000);
  });
});
