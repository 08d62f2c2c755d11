import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/db/seed';
import { DEMO_EXTRA_USERS } from '../../server/db/demo-dictations';
import { DEMO_STATE_USERS } from '../../server/db/demo-users';

/** The real server process on the embedded database: start, stop with Ctrl+C, start again. */
const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-lifecycle-'));
const port = 18_000 + Math.floor(Math.random() * 2000);
const base = `http://127.0.0.1:${port}`;
let child: ChildProcess | undefined;
let stderr = '';

function start(): ChildProcess {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // No background jobs: this test is about the process, not the demo audio's conversion.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', RUN_JOBS: '0' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  proc.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  return proc;
}

async function waitHealthy(): Promise<void> {
  // Generous: under a loaded CI machine the first start (migrations, demo seed) can take a while.
  for (let i = 0; i < 450; i++) {
    const ok = await fetch(`${base}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not become healthy:\n${stderr}`);
}

function stop(proc: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    proc.once('exit', (code) => resolve(code));
    proc.kill(signal);
  });
}

async function login(): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'author@wardnote.test', password: 'Wardnote-demo-1' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

afterAll(async () => {
  if (child && child.exitCode === null) await stop(child, 'SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB === 'postgres')('server process on the embedded database', () => {
  it('seeds on first start, exits cleanly on Ctrl+C, and reuses its data on the next start', async () => {
    child = start();
    await waitHealthy();
    const token = await login();
    const me = (await (await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      data: { id: number };
    };
    const saved = await fetch(`${base}/api/preference/${me.data.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ profile: { status: 'SENT' } }),
    });
    expect(saved.status).toBe(200);
    expect(await stop(child, 'SIGINT')).toBe(0);

    child = start();
    await waitHealthy();
    const again = await fetch(`${base}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { data: { preferences: { profile: { status: string } } } }).data.preferences.profile.status).toBe(
      'SENT',
    );
    const users = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'trustadmin@wardnote.test', password: 'Wardnote-demo-1' }),
    });
    const adminToken = ((await users.json()) as { access_token: string }).access_token;
    const list = (await (await fetch(`${base}/api/users?paginate=100`, { headers: { authorization: `Bearer ${adminToken}` } })).json()) as {
      users: { total: number };
    };
    // The demo trust's active people, once: a restart seeds nothing again (the list leaves out the deactivated).
    const active = DEMO_STATE_USERS.filter((u) => u.state !== 'inactive').length;
    expect(list.users.total).toBe(DEMO_USERS.filter((u) => u.site !== 'other').length + DEMO_EXTRA_USERS.length + active);
    expect(await stop(child, 'SIGTERM')).toBe(0);
  }, 240_000);
});
