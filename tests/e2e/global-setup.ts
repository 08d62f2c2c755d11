import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { writeTone } from '../api/audio-fixtures';
import { FAKE_MIC_WAV } from './chromium';

/** The fake microphone: a modulated tone, fed to Chromium as the capture device. */
export default function globalSetup() {
  mkdirSync(path.dirname(FAKE_MIC_WAV), { recursive: true });
  writeTone(FAKE_MIC_WAV, { seconds: 90, frequency: 300, rate: 48000, filter: 'volume=0.8,tremolo=f=3:d=0.7' });
}
