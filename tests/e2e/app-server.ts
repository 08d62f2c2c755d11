import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, createWriteStream, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { TEST_AUDIO_CACHE_DIR } from './audio-cache';

/** The seeded data folder global-setup.ts builds once per run (build-seeded-data.ts). */
export const SEEDED_DATA_DIR = path.resolve('.tmp/e2e-seeded');

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

async function answers(url: string): Promise<boolean> {
  return fetch(url).then(
    (res) => res.ok,
    () => false,
  );
}

/**
 * The production server (server/main.ts serving dist/) on `port`, on a fresh copy of the seeded data: one per
 * Playwright worker, so workers never see each other's changes. Its log goes to .tmp/e2e-server-<port>.log.
 */
export async function startAppServer(port: number, timeoutMs = 120_000, env: Record<string, string> = {}): Promise<AppServer> {
  // A server left over from an interrupted run would answer for this one, with other data: refuse.
  if (await answers(`http://localhost:${port}/api/health`))
    throw new Error(`port ${port} already has a server (left over from an interrupted run?): stop it, or set E2E_PORT`);
  const dataDir = path.resolve(`.tmp/e2e-data-${port}`);
  const logFile = path.resolve(`.tmp/e2e-server-${port}.log`);
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(SEEDED_DATA_DIR, dataDir, { recursive: true });
  const log = createWriteStream(logFile);
  const child: ChildProcess = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      TEST_AUDIO_CACHE_DIR,
      // push.spec.ts's subscriptions point at a loopback address the server may not otherwise send to
      // (issue 22 point 5); only the tests set it, never `npm start`.
      PUSH_TEST_ORIGINS: 'http://127.0.0.1:9',
      // One worker's tests sign in far more often than a ward: 30 a minute from one address (the default)
      // turned a test away with 429 in CI.
      SIGN_IN_LIMIT_PER_MINUTE: '600',
      // A spec's own settings (admin-users.spec.ts: SMTP_URL pointing at its in-test mail server).
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A worker stopped without its teardown (a test over its time) must not leave its server running.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const url = `http://localhost:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = Date.now() + timeoutMs;
  while (!(await answers(`${url}/api/health`))) {
    if (child.exitCode !== null || Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the test server on port ${port} did not start:\n${readFileSync(logFile, 'utf8')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      process.off('exit', killChild);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
