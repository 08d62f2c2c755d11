import { existsSync } from 'node:fs';
import path from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's chromium-headless-shell: the same engine without the browser's UI layer (Playwright's own default for
 * headless Chromium), a quarter less CPU per test on the 2-core CI machine (issue 21). It has no Web Push or
 * notifications, so push.spec.ts runs on the full browser (playwright.config.ts). The full browser where it is missing.
 */
const SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';
export const CHROMIUM_SHELL_PATH = existsSync(SHELL) ? SHELL : CHROMIUM_PATH;
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
