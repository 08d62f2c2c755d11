import { test as base } from '@playwright/test';
import { startAppServer, type AppServer } from './app-server';
import { WORKER_PORT_BASE } from './ports';

export { expect } from '@playwright/test';

/**
 * Every spec's `test`: each Playwright worker has its own server on its own copy of the seeded data, and
 * `baseURL` (hence `page.goto('/…')`, `request` and new contexts) points at it. Workers run side by side
 * without seeing each other's changes; the files a worker runs share its server, one after another, as
 * they did when the suite had one worker. A worker that restarts after a failure gets a fresh server on a new port.
 */
export const test = base.extend<object, { appServer: AppServer }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
    async ({}, use, workerInfo) => {
      // workerIndex, not parallelIndex: the worker that replaces a failed one must not wait for (or, worse,
      // find answering) the server of the one it replaces on the same port.
      const server = await startAppServer(WORKER_PORT_BASE + workerInfo.workerIndex);
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ appServer }, use) => use(appServer.url),
});
