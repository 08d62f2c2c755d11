import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { resolveFfmpeg } from '../../server/adapters/audio';
import { FAKE_MIC_WAV } from './chromium';

/** The fake microphone: a minute of a modulated tone, fed to Chromium as the capture device. */
export default function globalSetup() {
  mkdirSync(path.dirname(FAKE_MIC_WAV), { recursive: true });
  execFileSync(resolveFfmpeg(process.env.FFMPEG_PATH), [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=300:duration=90',
    '-af',
    'volume=0.8,tremolo=f=3:d=0.7',
    '-ac',
    '1',
    '-ar',
    '48000',
    FAKE_MIC_WAV,
  ]);
}
