import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';
import { TEST_AUDIO_CACHE_DIR } from './tests/e2e/audio-cache';
import { CHROMIUM_ARGS, CHROMIUM_PATH, CHROMIUM_SHELL_PATH } from './tests/e2e/chromium';
import { MESH_URL, MESH_WORKFLOW, PRACTICE } from './tests/e2e/mesh-mailboxes';
import { MESH_APP_PORT, S3_PORT } from './tests/e2e/ports';

// Lets context.route and setOffline see the service worker's own requests (Chromium only; PITFALLS 21).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

// Files named on the command line (`playwright test tests/e2e/x.spec.ts`): the S3 and MESH servers start
// only for a run that includes their spec, so one spec run by a developer does not boot two extra apps.
const named = process.argv.slice(2).filter((a) => /\.spec\.ts|^tests\//.test(a));
const runs = (spec: string) => named.length === 0 || named.some((a) => spec.includes(a.replace(/^\.\//, '')) || a.includes(spec));

const PUSH = /push\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  // Each worker has its own server and data (tests/e2e/fixtures.ts); a file's tests run in order on one worker.
  fullyParallel: false,
  // A worker keeps about two cores busy (Chromium's processes and its server): two workers on two cores ran each
  // test twice as slowly as one worker did (issue 21), so one worker per two cores.
  workers: Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2))),
  // CI (.ci/run sets CI=true) tries a failed test once more and reports it as flaky, so one rare timing
  // failure on a loaded machine does not sink a whole run; locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    serviceWorkers: 'allow',
    permissions: ['microphone'],
    // Recording a trace costs a quarter of the browser tests' CPU (screencast and DOM snapshots at every step;
    // measured on 45 tests: 82 → 63 CPU-s, 121 → 107 s). CI traces the retry of a failed test; locally, every failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
  },
  // Every spec on Chromium's headless shell but Web Push's, which needs the full browser (tests/e2e/chromium.ts).
  projects: [
    { name: 'chromium', testIgnore: PUSH, use: { launchOptions: { executablePath: CHROMIUM_SHELL_PATH, args: CHROMIUM_ARGS } } },
    { name: 'chromium-full', testMatch: PUSH, use: { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } } },
  ],
  webServer: [
    runs('tests/e2e/mesh.spec.ts') && {
      // The same app sending GP copies over MESH to the in-test MESH server (same process): tests/e2e/mesh.spec.ts.
      // Ready as soon as the MESH server answers (the endpoint lookup needs no sign-in), so the app behind it
      // boots alongside the other two instead of after them; mesh.spec.ts waits for the app's health itself.
      command: 'rm -rf .tmp/e2e-mesh-data && exec node --import tsx tests/e2e/mesh-app-server.ts',
      url: `${MESH_URL}/messageexchange/endpointlookup/${PRACTICE.odsCode}/${MESH_WORKFLOW}`,
      env: { PORT: String(MESH_APP_PORT), DATA_DIR: '.tmp/e2e-mesh-data', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TEST_AUDIO_CACHE_DIR },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
    },
    runs('tests/e2e/s3.spec.ts') && {
      // The same app on S3 storage (an emulator in the same process): tests/e2e/s3.spec.ts.
      command: 'rm -rf .tmp/e2e-s3-data && exec node --import tsx tests/e2e/s3-server.ts',
      url: `http://localhost:${S3_PORT}/api/health`,
      env: { PORT: String(S3_PORT), DATA_DIR: '.tmp/e2e-s3-data', LOG_LEVEL: 'warn', HOST: '127.0.0.1', TEST_AUDIO_CACHE_DIR },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe' as const,
    },
  ].filter((server) => server !== false),
});
