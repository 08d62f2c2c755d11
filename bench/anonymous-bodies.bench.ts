/**
 * Issue 22 point 6: what anonymous 2 MB bodies cost everyone else. A signed-in secretary's work-queue
 * call (GET /api/dictation?status=READY_FOR_TYPING) is timed alone, then while 48 anonymous 2 MB
 * (1.95 MB, well-formed) `PUT /api/dictation/1/letter` run 8 at a time (the probe's flood), and printed as a ratio of its time
 * alone, beside the floor of the same run (GET /api/health alone and during the flood). Before the fix
 * each such body was read, parsed and validated before its 401; now the 401 comes from onRequest and
 * the body is never parsed. The server runs in its own process (server/main.ts, a fresh PGlite), and so
 * does the flood.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { waitHealthy } from './wait-healthy';

const SAMPLES = 30;
const FLOOD = 48;
const AT_ONCE = 8;
/** A well-formed letter of 31,000 paragraphs: 1.95 MB, under the route's limit, so the old code read and validated it. */
const BODY_SOURCE = `JSON.stringify({
  doc: { type: 'doc', content: Array.from({ length: 31000 }, () => ({ type: 'paragraph', content: [{ type: 'text', text: 'word' }] })) },
  base_version: 0,
  final: false,
})`;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const max = (xs: number[]) => Math.max(...xs);

const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-bench-anon-'));
const port = 19_000 + Math.floor(Math.random() * 1000);
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', STATIC_DIR: dataDir },
  stdio: 'ignore',
});

async function timed(url: string, token?: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return performance.now() - t0;
}

async function series(url: string, token?: string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) out.push(await timed(url, token));
  return out;
}

/**
 * 48 anonymous letters, 8 at a time, sent from a process of their own (so sending 2 MB bodies does not
 * slow this process's timer); resolves with the statuses they got once all have been answered.
 */
function flood(): Promise<{ statuses: number[]; bytes: number }> {
  const code = `
    const body = ${BODY_SOURCE};
    const statuses = [];
    let next = 0;
    await Promise.all(Array.from({ length: ${AT_ONCE} }, async () => {
      while (next < ${FLOOD}) {
        next++;
        const res = await fetch(process.env.TARGET, { method: 'PUT', headers: { 'content-type': 'application/json' }, body }).catch(() => null);
        statuses.push(res ? res.status : 0);
        await res?.arrayBuffer().catch(() => null);
      }
    }));
    console.log(JSON.stringify({ statuses, bytes: body.length }));`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    env: { ...process.env, TARGET: `${base}/api/dictation/1/letter` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (status) =>
      status === 0 ? resolve(JSON.parse(out) as { statuses: number[]; bytes: number }) : reject(new Error(`flood exited ${status}`)),
    ),
  );
}

/** `url`'s times while the flood runs (as many samples as fit, at least one). */
async function during(url: string, token?: string): Promise<{ times: number[]; statuses: number[]; bytes: number }> {
  const times: number[] = [];
  let done = false;
  const flooding = flood().then((s) => {
    done = true;
    return s;
  });
  while (!done || !times.length) times.push(await timed(url, token));
  return { times, ...(await flooding) };
}

try {
  await waitHealthy(base);
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'secretary@wardnote.test', password: 'Wardnote-demo-1' }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const queue = `${base}/api/dictation?status=READY_FOR_TYPING`;
  const health = `${base}/api/health`;
  // Warm both paths, then measure alone and during the flood, the floor each time just before.
  await series(queue, token);
  const floorAlone = await series(health);
  const alone = await series(queue, token);
  const floorDuring = await during(health);
  const flooded = await during(queue, token);
  const answers = [...new Set([...floorDuring.statuses, ...flooded.statuses])].join(', ');
  const row = (name: string, a: number[], d: number[]) =>
    `${name.padEnd(28)} alone median ${median(a).toFixed(1)} ms · during median ${median(d).toFixed(1)} ms, max ${max(d).toFixed(1)} ms · ratio ${(median(d) / median(a)).toFixed(2)}x (max ${(max(d) / median(a)).toFixed(2)}x)`;
  console.log(`anonymous letters of ${(flooded.bytes / 1e6).toFixed(2)} MB: ${FLOOD}, ${AT_ONCE} at a time, answered ${answers}`);
  console.log(row('work queue (secretary)', alone, flooded.times));
  console.log(row('floor: GET /api/health', floorAlone, floorDuring.times));
} finally {
  server.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
