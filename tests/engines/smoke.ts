/**
 * The engine smoke suite (issue 9): the app's main path on Firefox ESR (WebDriver BiDi) and WebKitGTK
 * (WebKitWebDriver under xvfb-run) against the production build — sign in, the offline shell after one
 * visit, record 6 s with a fake microphone, stop, seek, submit during an outage, the foreground drain
 * once the server is back, and the server's measured length matching our clock: never more than 0.25 s
 * short (nothing the clinician said is lost), and at most one MP4 fragment long on WebKit.
 * An engine that cannot be had here is reported and skipped, not failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { firefox, FIREFOX, MINIBROWSER, WEBKIT_DRIVER, webkit, type Driver } from './drivers';

const PORT = Number(process.env.ENGINES_PORT ?? 8195);
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = '.tmp/engines-data';
const PASSWORD = 'Wardnote-demo-1';
const SHORT_TOLERANCE_MS = 250;

let server: ChildProcess | null = null;

async function startServer(fresh: boolean): Promise<void> {
  if (fresh) rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn', HOST: '127.0.0.1' },
    stdio: 'ignore',
  });
  await until(async () => (await fetch(`${BASE}/api/health`).catch(() => null))?.ok === true, 120_000, 'the server to start');
}

async function stopServer(): Promise<void> {
  const s = server;
  server = null;
  if (!s || s.exitCode !== null) return;
  const exited = new Promise((r) => s.once('exit', r));
  s.kill('SIGTERM');
  await exited;
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe().catch(() => null);
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const waitText = (d: Driver, selector: string, want: string | RegExp, timeoutMs = 20_000) =>
  until(
    async () => {
      const t = await d.step<string | null>('text', selector);
      return t !== null && (typeof want === 'string' ? t === want : want.test(t)) ? t : null;
    },
    timeoutMs,
    `${selector} to say ${want}`,
  );

async function serverDictation(clientId: string) {
  const login = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'author@wardnote.test', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${BASE}/api/dictation/by-client/${clientId}`, { headers: { authorization: `Bearer ${access_token}` } });
  if (res.status !== 200) return null;
  return ((await res.json()) as { data: { status: string; audio: { state: string; duration_ms: number | null } } }).data;
}

async function flow(d: Driver, log: (s: string) => void, longToleranceMs: number): Promise<void> {
  await d.goto(`${BASE}/login`);
  await until(() => d.step('text', 'input[type=email]').then((t) => t !== null), 30_000, 'the sign-in page');
  await d.step('fill', 'input[type=email]', 'author@wardnote.test');
  await d.step('fill', 'input[type=password]', PASSWORD);
  await d.step('clickButton', 'Sign in');
  await until(async () => (await d.step<string>('path')) !== '/login', 30_000, 'sign-in');
  log('signed in');

  await d.goto(`${BASE}/record/1`);
  await until(() => d.step<boolean>('controlled').then((c) => c || d.reload().then(() => false)), 60_000, 'the service worker');
  await waitText(d, '[data-testid=recorder-state]', 'Ready');

  // Outage: the server goes away; the shell still opens from the worker's cache.
  await stopServer();
  await d.reload();
  await waitText(d, '[data-testid=recorder-state]', 'Ready', 30_000);
  log('offline shell after one visit');

  await d.step('clickButton', 'Record');
  await waitText(d, '[data-testid=recorder-state]', 'Recording');
  await d.step('sleep', 6000);
  await d.step('clickButton', 'Stop');
  await waitText(d, '[data-testid=recorder-state]', 'Recorded', 30_000);
  // "Recorded" shows at once; the clock's length is stored once every slice is written.
  const rec = await until(
    async () => {
      const r = await d.step<{ id: string; durationMs: number; mimeType: string; state: string } | null>('recording');
      return r?.state === 'stopped' ? r : null;
    },
    30_000,
    'the recording to be stored',
  );
  log(`recorded ${rec.durationMs} ms on the clock as ${rec.mimeType}`);

  const seek = await d.step<{ duration: number; currentTime: number; shown: string }>('seek', 3);
  if (Math.abs(seek.currentTime - 3) > 0.1 || !seek.shown.startsWith('00:03 /')) throw new Error(`seeking failed: ${JSON.stringify(seek)}`);
  log(`seeked to ${seek.currentTime.toFixed(2)} s of ${seek.duration.toFixed(2)} s`);

  // The services come from the copy saved at sign-in: the server is down.
  await until(() => d.step<string | null>('text', '#department_id option:nth-child(2)'), 20_000, 'the services offline');
  await d.step('choose', '#department_id', 'Cardiology');
  log('service chosen from the copy saved at sign-in');
  await d.step('clickButton', 'Submit');
  await until(async () => (await d.step<number>('outboxCount')) === 1 || null, 20_000, 'the submission to be queued');
  log('submitted and queued during the outage');

  // The server is back: the app drains in the foreground (no Background Sync on these engines).
  await startServer(false);
  await d.reload();
  const done = await until(
    async () => {
      const dict = await serverDictation(rec.id);
      return dict?.audio.state === 'ready' ? dict : null;
    },
    120_000,
    'the server to have the recording ready',
  );
  const diff = done.audio.duration_ms! - rec.durationMs;
  log(`server measured ${done.audio.duration_ms} ms, clock ${rec.durationMs} ms`);
  if (diff < -SHORT_TOLERANCE_MS || diff > longToleranceMs)
    throw new Error(`the server measured ${done.audio.duration_ms} ms, the clock said ${rec.durationMs} ms`);
}

interface Engine {
  name: string;
  /** How much longer than the clock the server may measure the recording. */
  longToleranceMs: number;
  missing: () => string | null;
  open: () => Promise<Driver>;
}

const ENGINES: Engine[] = [
  {
    name: 'Firefox ESR',
    longToleranceMs: 250,
    missing: () =>
      !existsSync(FIREFOX)
        ? `${FIREFOX} is not installed (apt-get install firefox-esr)`
        : !existsSync('node_modules/puppeteer-core')
          ? 'puppeteer-core is not installed (npm install)'
          : null,
    open: firefox,
  },
  {
    name: 'WebKitGTK',
    // WebKit writes whole 1 s fragments; the recorder captures past Stop to the end of the one holding
    // the Stop moment (src/features/recording/recorder.ts), so the file may run up to a second longer.
    longToleranceMs: 1250,
    missing: () =>
      !existsSync(WEBKIT_DRIVER) || !MINIBROWSER
        ? 'WebKitWebDriver/MiniBrowser are not installed (apt-get install webkit2gtk-driver)'
        : !existsSync('/usr/bin/xvfb-run')
          ? 'xvfb-run is not installed (apt-get install xvfb)'
          : null,
    open: () => webkit(PORT + 10),
  },
];

const only = process.env.ENGINES?.split(',');
let failed = 0;
if (!existsSync('dist/index.html') && !process.env.STATIC_DIR) throw new Error('Build the app first (npm run build).');
for (const engine of ENGINES.filter((e) => !only || only.some((o) => e.name.toLowerCase().includes(o.toLowerCase())))) {
  const missing = engine.missing();
  if (missing) {
    console.log(`- ${engine.name}: skipped, the engine cannot be had here: ${missing}`);
    continue;
  }
  const started = Date.now();
  let driver: Driver | null = null;
  try {
    await startServer(true);
    driver = await engine.open();
    await flow(driver, (s) => console.log(`  ${engine.name}: ${s}`), engine.longToleranceMs);
    console.log(`✓ ${engine.name} (${Math.round((Date.now() - started) / 1000)} s)`);
  } catch (err) {
    failed++;
    console.error(`✗ ${engine.name}: ${(err as Error).message}`);
    const page = await driver?.step<string>('bodyText').catch(() => null);
    if (page) console.error(`  the page said:\n${page.replace(/^/gm, '    ')}`);
  } finally {
    await driver?.close().catch(() => {});
    await stopServer();
  }
}
process.exit(failed ? 1 : 0);
