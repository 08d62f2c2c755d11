import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { resolveFfmpeg } from '../../server/adapters/audio';

/** Audio files made at test time with ffmpeg: a tone of known length in each format a hospital sends. */
export function makeAudioFixtures(seconds = 3): Record<'wav' | 'mp3' | 'm4a' | 'wma' | 'webm', string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'wardnote-audio-'));
  const ffmpeg = resolveFfmpeg(process.env.FFMPEG_PATH);
  const codecs = {
    wav: ['-c:a', 'pcm_s16le'],
    mp3: ['-c:a', 'libmp3lame'],
    m4a: ['-c:a', 'aac'],
    wma: ['-c:a', 'wmav2'],
    webm: ['-c:a', 'libopus'],
  };
  const out = {} as Record<keyof typeof codecs, string>;
  for (const [ext, codec] of Object.entries(codecs) as [keyof typeof codecs, string[]][]) {
    out[ext] = path.join(dir, `tone.${ext}`);
    execFileSync(ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      '-ac',
      '1',
      ...codec,
      out[ext],
    ]);
  }
  return out;
}

export const RECORDER_FILES = {
  ds2: path.resolve('tests/fixtures/audio/olympus-encrypted-aes128-password-1234.ds2'),
  dss: path.resolve('tests/fixtures/audio/grundig-digta-sp.dss'),
};
