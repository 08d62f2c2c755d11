import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';
import { E2E_PORT, S3_PORT } from './tests/e2e/ports';

const PORT = E2E_PORT;

// Lets context.route and setOffline see the service worker's own requests (Chromium only; PITFALLS 21).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  // CI (.ci/run sets CI=true) tries a failed test once more and reports it as flaky, so one rare timing
  // failure on a loaded machine does not sink a whole run; locally every failure shows at once.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${PORT}`,
    serviceWorkers: 'allow',
    permissions: ['microphone'],
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: [
    {
      // A fresh embedded database every run: the demo data is seeded on first start.
      command: 'rm -rf .tmp/e2e-data && node --import tsx server/main.ts',
      url: `http://localhost:${PORT}/api/health`,
      env: { PORT: String(PORT), DATA_DIR: '.tmp/e2e-data', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
    {
      // The same app on S3 storage (an emulator in the same process): tests/e2e/s3.spec.ts.
      command: 'rm -rf .tmp/e2e-s3-data && node --import tsx tests/e2e/s3-server.ts',
      url: `http://localhost:${S3_PORT}/api/health`,
      env: { PORT: String(S3_PORT), DATA_DIR: '.tmp/e2e-s3-data', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
  ],
});
