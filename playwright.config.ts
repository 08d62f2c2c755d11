import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/e2e/chromium';
import { MESH_URL, MESH_WORKFLOW, PRACTICE } from './tests/e2e/mesh-mailboxes';
import { E2E_PORT, MESH_APP_PORT, S3_PORT } from './tests/e2e/ports';

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
      // The same app sending GP copies over MESH to the in-test MESH server (same process): tests/e2e/mesh.spec.ts.
      // Ready as soon as the MESH server answers (the endpoint lookup needs no sign-in), so the app behind it
      // boots alongside the other two instead of after them; mesh.spec.ts waits for the app's health itself.
      command: 'rm -rf .tmp/e2e-mesh-data && node --import tsx tests/e2e/mesh-app-server.ts',
      url: `${MESH_URL}/messageexchange/endpointlookup/${PRACTICE.odsCode}/${MESH_WORKFLOW}`,
      env: { PORT: String(MESH_APP_PORT), DATA_DIR: '.tmp/e2e-mesh-data', LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
    },
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
