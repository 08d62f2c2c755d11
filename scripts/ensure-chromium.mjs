// Finds Debian's Chromium for the browser tests, or installs it when running as root (DESIGN §6).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(
    `Chromium is missing at ${path}. Install Debian's "chromium" package (sudo apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}
console.log('Installing Debian chromium for the browser tests…');
try {
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
} catch {
  console.error('Could not install chromium with apt-get. Install it by hand: apt-get install chromium');
  process.exit(1);
}
if (!existsSync(path)) {
  console.error(`apt-get finished but ${path} is still missing.`);
  process.exit(1);
}
