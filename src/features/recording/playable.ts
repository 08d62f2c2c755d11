import { decodeToMono, EDIT_SAMPLE_RATE } from './edit/decode';
import { encodeWav } from './edit/splice';

/**
 * Local playback that seeks on every engine (issue 9 §2, PITFALLS 10). MediaRecorder's WebM has no
 * duration or cues: Firefox then reports `duration` Infinity, nothing seekable, and ignores
 * `currentTime`. A recording is decoded once and played as WAV, which every engine seeks in.
 * The length shown is our own clock's.
 */

/** Longer recordings play as recorded: decoding them would hold too much memory on a tablet. */
export const MAX_DECODED_MS = 30 * 60_000;

export interface Playable {
  blob: Blob;
  /** Loudness per bar (0..1) for the waveform, when the audio was decoded. */
  peaks: number[] | null;
}

/** The highest level in each of `bars` equal parts of the samples, rounded to 3 places. */
export function peaksOf(samples: Float32Array, bars: number): number[] {
  if (!samples.length || bars < 1) return [];
  const per = samples.length / bars;
  const out: number[] = [];
  for (let b = 0; b < bars; b++) {
    let max = 0;
    const end = Math.min(samples.length, Math.round((b + 1) * per));
    for (let i = Math.round(b * per); i < end; i++) max = Math.max(max, Math.abs(samples[i]!));
    out.push(Math.round(max * 1000) / 1000);
  }
  return out;
}

/** Bars for the waveform: about 10 a second, at most 2000. */
export function barsFor(durationMs: number): number {
  return Math.max(1, Math.min(2000, Math.round(durationMs / 100)));
}

export async function playableAudio(blob: Blob, durationMs: number): Promise<Playable> {
  if (durationMs > MAX_DECODED_MS) return { blob, peaks: null };
  try {
    const samples = await decodeToMono(blob);
    const peaks = peaksOf(samples, barsFor(durationMs));
    if (blob.type.startsWith('audio/wav')) return { blob, peaks };
    return { blob: new Blob([encodeWav(samples, EDIT_SAMPLE_RATE)], { type: 'audio/wav' }), peaks };
  } catch {
    // Not decodable here (an unusual codec): the browser's own player is the best there is.
    return { blob, peaks: null };
  }
}
