import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../../server/adapters/audio';

/** A test tone written with ffmpeg: `seconds` of `frequency` Hz, mono, with extra output arguments. */
export function writeTone(
  out: string,
  opts: { seconds: number; frequency?: number; rate?: number; filter?: string; codec?: string[] },
): string {
  execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${opts.frequency ?? 440}:duration=${opts.seconds}`,
    ...(opts.filter ? ['-af', opts.filter] : []),
    '-ac',
    '1',
    ...(opts.rate ? ['-ar', String(opts.rate)] : []),
    ...(opts.codec ?? []),
    out,
  ]);
  return out;
}

/** Audio files made at test time with ffmpeg: a tone of known length in each format a hospital sends. */
export function makeAudioFixtures(seconds = 3): Record<'wav' | 'mp3' | 'm4a' | 'wma' | 'webm', string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-audio-'));
  const codecs = {
    wav: ['-c:a', 'pcm_s16le'],
    mp3: ['-c:a', 'libmp3lame'],
    m4a: ['-c:a', 'aac'],
    wma: ['-c:a', 'wmav2'],
    webm: ['-c:a', 'libopus'],
  };
  const out = {} as Record<keyof typeof codecs, string>;
  for (const [ext, codec] of Object.entries(codecs) as [keyof typeof codecs, string[]][]) {
    out[ext] = writeTone(path.join(dir, `tone.${ext}`), { seconds, codec });
  }
  return out;
}

export const RECORDER_FILES = {
  ds2: path.resolve('tests/fixtures/audio/olympus-encrypted-aes128-password-1234.ds2'),
  dss: path.resolve('tests/fixtures/audio/grundig-digta-sp.dss'),
};
