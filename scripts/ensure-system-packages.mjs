// Finds the Debian packages the tests need, or installs them when running as root (DESIGN §6):
// chromium for the browser tests, and ffmpeg, the maintained build the server prefers to the bundled 2018 one.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const wanted = [
  { pkg: 'chromium', path: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', env: 'CHROMIUM_PATH', why: 'the browser tests' },
  { pkg: 'ffmpeg', path: process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg', env: 'FFMPEG_PATH', why: 'audio conversion' },
];

// The engine smoke suite's Firefox and WebKit (tests/engines/smoke.ts): installed when possible, and
// where they cannot be had the suite says so and skips that engine, so they never fail this step.
const engines = [
  // Chromium's headless shell runs the browser tests on less CPU (tests/e2e/chromium.ts); without it they use chromium.
  { pkg: 'chromium-headless-shell', path: '/usr/bin/chromium-headless-shell' },
  { pkg: 'firefox-esr', path: '/usr/bin/firefox-esr' },
  { pkg: 'webkit2gtk-driver', path: '/usr/bin/WebKitWebDriver' },
  { pkg: 'xvfb', path: '/usr/bin/xvfb-run' },
].filter((e) => !existsSync(e.path));
if (engines.length > 0 && typeof process.getuid === 'function' && process.getuid() === 0) {
  const list = engines.map((e) => e.pkg).join(' ');
  console.log(`Installing Debian ${list} for the engine smoke suite…`);
  try {
    execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${list}`, { stdio: 'inherit' });
  } catch {
    console.warn(`Could not install ${list}: the smoke suite will skip those engines.`);
  }
}

const missing = wanted.filter((w) => !existsSync(w.path));
if (missing.length === 0) process.exit(0);
const names = missing.map((m) => m.pkg).join(' ');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  for (const m of missing)
    console.error(`${m.pkg} (for ${m.why}) is missing at ${m.path}. Install Debian's "${m.pkg}" package or set ${m.env}.`);
  console.error(`sudo apt-get install ${names}`);
  process.exit(1);
}
console.log(`Installing Debian ${names} for the tests…`);
try {
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${names}`, { stdio: 'inherit' });
} catch {
  console.error(`Could not install ${names} with apt-get. Install by hand: apt-get install ${names}`);
  process.exit(1);
}
const still = missing.filter((m) => !existsSync(m.path));
if (still.length > 0) {
  console.error(`apt-get finished but ${still.map((m) => m.path).join(', ')} ${still.length === 1 ? 'is' : 'are'} still missing.`);
  process.exit(1);
}
