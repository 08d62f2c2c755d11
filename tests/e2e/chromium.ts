import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FAKE_MIC_WAV = path.resolve('.tmp/e2e-fake-mic.wav');

/** DESIGN §6: Debian's Chromium with no background traffic, and a WAV file as the microphone. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${FAKE_MIC_WAV}`,
  '--autoplay-policy=no-user-gesture-required',
];
