import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeTone } from '../api/audio-fixtures';
import { SEEDED_DATA_DIR } from './app-server';
import { TEST_AUDIO_CACHE_DIR } from './audio-cache';
import { FAKE_MIC_WAV } from './chromium';

/** Once per run: the fake microphone, and the seeded data every worker's server starts from (fixtures.ts). */
export default function globalSetup() {
  mkdirSync(path.dirname(FAKE_MIC_WAV), { recursive: true });
  // The fake microphone: a modulated tone, fed to Chromium as the capture device.
  writeTone(FAKE_MIC_WAV, { seconds: 90, frequency: 300, rate: 48000, filter: 'volume=0.8,tremolo=f=3:d=0.7' });
  const built = spawnSync('node', ['--import', 'tsx', 'tests/e2e/build-seeded-data.ts', SEEDED_DATA_DIR], {
    env: { ...process.env, TEST_AUDIO_CACHE_DIR },
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`could not build the seeded data for the browser tests:\n${built.stdout}\n${built.stderr}`);
}
