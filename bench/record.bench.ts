/**
 * Time from pressing Record to the first slice stored in IndexedDB, against the bare browser: the time
 * from MediaRecorder.start() to its first slice on the same page (same timeslice), measured in the
 * same run. Needs the built app (`npm run build`) and Debian's Chromium.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/chromium';
import globalSetup from '../tests/e2e/global-setup';

if (!existsSync('dist/index.html')) throw new Error('Build the app first: npm run build');
globalSetup();
const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-bench-rec-'));
const port = 19_000 + Math.floor(Math.random() * 1000);
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
const base = `http://localhost:${port}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  for (
    let i = 0;
    i < 100 &&
    !(await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false));
    i++
  )
    await new Promise((r) => setTimeout(r, 200));
  const page = await browser.newPage({ permissions: ['microphone'] } as never);
  await page.context().grantPermissions(['microphone']);
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill('author@wardnote.test');
  await page.getByLabel('Password').fill('Wardnote-demo-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/AUTHOR_APPROVAL/);

  const bare = await page.evaluate(async () => {
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const t0 = performance.now();
      const first = await new Promise<number>((resolve) => {
        const mr = new MediaRecorder(stream);
        mr.ondataavailable = () => {
          resolve(performance.now() - t0);
          mr.stop();
        };
        mr.start(2000);
      });
      stream.getTracks().forEach((t) => t.stop());
      runs.push(first);
    }
    return runs.sort((a, b) => a - b)[1]!;
  });

  const ours: number[] = [];
  for (let tab = 1; tab <= 3; tab++) {
    await page.goto(`${base}/record/${tab}`);
    await page.getByRole('button', { name: 'Record', exact: true }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { t0: number }).t0 = 0;
      document.addEventListener('pointerdown', () => ((window as unknown as { t0: number }).t0 = performance.now()), {
        capture: true,
        once: true,
      });
    });
    await page.getByRole('button', { name: 'Record', exact: true }).click();
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    const ms = (await page.evaluate(`(async () => {
      const countChunks = () => new Promise((resolve) => {
        const req = indexedDB.open('wardnote');
        req.onsuccess = () => {
          const c = req.result.transaction('chunks').objectStore('chunks').count();
          c.onsuccess = () => { resolve(c.result); req.result.close(); };
        };
      });
      const before = await countChunks();
      for (;;) {
        if ((await countChunks()) > before) return performance.now() - window.t0;
        await new Promise((r) => setTimeout(r, 20));
      }
    })()`)) as number;
    ours.push(ms);
    await page.getByRole('button', { name: 'Stop' }).click();
  }
  const median = ours.sort((a, b) => a - b)[1]!;
  console.log(
    `Record pressed → first slice stored: ${median.toFixed(0)} ms; bare MediaRecorder first slice: ${bare.toFixed(0)} ms; ratio ${(median / bare).toFixed(2)}`,
  );
} finally {
  await browser.close();
  server.kill('SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
}
