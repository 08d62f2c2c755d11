/**
 * The engine smoke suite (issue 9): the app's main path on Firefox ESR (WebDriver BiDi) and WebKitGTK
 * (WebKitWebDriver under xvfb-run) against the production build — sign in, the offline shell after one
 * visit, record 6 s with a fake microphone, stop, seek, submit during an outage, the foreground drain
 * once the server is back, and the server's measured length matching the browser's own copy within 0.25 s
 * (nothing lost on the way) and our clock within less than one recorder slice short (no slice dropped) and
 * at most one MP4 fragment long on WebKit.
 * An engine that cannot be had here is reported and skipped, not failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { TEST_AUDIO_CACHE_DIR } from '../e2e/audio-cache';
import { SLICE_MS } from '../../src/features/recording/recorder';
import { firefox, FIREFOX, MINIBROWSER, WEBKIT_DRIVER, webkit, type Driver } from './drivers';

const PORT = Number(process.env.ENGINES_PORT ?? 8295);
const PASSWORD = 'Wardnote-demo-1';
const SHORT_TOLERANCE_MS = 250;
const CLOCK_SHORT_TOLERANCE_MS = SLICE_MS - 750;

/** Each engine's own server (port, data folder): the engines run side by side and each stops its server mid-flow. */
interface EngineServer {
  base: string;
  start(fresh: boolean): Promise<void>;
  stop(): Promise<void>;
}

function engineServer(port: number, dataDir: string): EngineServer {
  const base = `http://localhost:${port}`;
  let server: ChildProcess | null = null;
  return {
    base,
    async start(fresh) {
      if (fresh) rmSync(dataDir, { recursive: true, force: true });
      server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
        // The demo audio converted by the browser tests' servers is reused (tests/e2e/audio-cache.ts).
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', HOST: '127.0.0.1', TEST_AUDIO_CACHE_DIR },
        stdio: 'ignore',
      });
      await until(async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true, 120_000, 'the server to start');
    },
    async stop() {
      const s = server;
      server = null;
      if (!s || s.exitCode !== null) return;
      const exited = new Promise((r) => s.once('exit', r));
      s.kill('SIGTERM');
      await exited;
    },
  };
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

async function serverDictation(base: string, clientId: string) {
  const login = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'author@wardnote.test', password: PASSWORD }),
  });
  const { access_token } = (await login.json()) as { access_token: string };
  const res = await fetch(`${base}/api/dictation/by-client/${clientId}`, { headers: { authorization: `Bearer ${access_token}` } });
  if (res.status !== 200) return null;
  return ((await res.json()) as { data: { status: string; audio: { state: string; duration_ms: number | null } } }).data;
}

async function flow(d: Driver, server: EngineServer, log: (s: string) => void, longToleranceMs: number): Promise<void> {
  await d.goto(`${server.base}/login`);
  await until(() => d.step('text', 'input[type=email]').then((t) => t !== null), 30_000, 'the sign-in page');
  await d.step('fill', 'input[type=email]', 'author@wardnote.test');
  await d.step('fill', 'input[type=password]', PASSWORD);
  await d.step('clickButton', 'Sign in');
  await until(async () => (await d.step<string>('path')) !== '/login', 30_000, 'sign-in');
  log('signed in');

  await d.goto(`${server.base}/record/1`);
  await until(() => d.step<boolean>('controlled').then((c) => c || d.reload().then(() => false)), 60_000, 'the service worker');
  // As long as after the outage below: WebKitGTK beside Firefox once took more than 20 s to open the recorder here.
  await waitText(d, '[data-testid=recorder-state]', 'Ready', 30_000);

  // Outage: the server goes away; the shell still opens from the worker's cache.
  await server.stop();
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
  await server.start(false);
  await d.reload();
  const done = await until(
    async () => {
      const dict = await serverDictation(server.base, rec.id);
      return dict?.audio.state === 'ready' ? dict : null;
    },
    120_000,
    'the server to have the recording ready',
  );
  const serverMs = done.audio.duration_ms!;
  const localMs = Math.round(seek.duration * 1000);
  log(`server measured ${serverMs} ms, the browser's own copy ${localMs} ms, clock ${rec.durationMs} ms`);
  // Nothing lost between the recorder and the server: the server's file is as long as the copy the browser plays.
  if (Math.abs(serverMs - localMs) > SHORT_TOLERANCE_MS)
    throw new Error(`the server measured ${serverMs} ms, the browser's own copy is ${localMs} ms`);
  // No slice dropped by the recorder. Under CPU starvation the engines' fake microphone makes fewer samples
  // than the wall clock passes (Firefox on a loaded 2-core CI: 5.77 s of audio in 6.27 s, 5.8 s in 6.8 s),
  // so the clock allows less than one slice short; a dropped slice is a whole SLICE_MS.
  if (serverMs < rec.durationMs - CLOCK_SHORT_TOLERANCE_MS || serverMs > rec.durationMs + longToleranceMs)
    throw new Error(`the server measured ${serverMs} ms, the clock said ${rec.durationMs} ms`);
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
if (!existsSync('dist/index.html') && !process.env.STATIC_DIR) throw new Error('Build the app first (npm run build).');

/** One engine's whole run; its lines carry its name, as the engines run side by side. */
async function runEngine(engine: Engine, index: number): Promise<boolean> {
  const missing = engine.missing();
  if (missing) {
    console.log(`- ${engine.name}: skipped, the engine cannot be had here: ${missing}`);
    return true;
  }
  const started = Date.now();
  const server = engineServer(PORT + index, `.tmp/engines-data-${index}`);
  let driver: Driver | null = null;
  try {
    await server.start(true);
    driver = await engine.open();
    await flow(driver, server, (s) => console.log(`  ${engine.name}: ${s}`), engine.longToleranceMs);
    console.log(`✓ ${engine.name} (${Math.round((Date.now() - started) / 1000)} s)`);
    return true;
  } catch (err) {
    console.error(`✗ ${engine.name}: ${(err as Error).message}`);
    const page = await driver?.step<string>('bodyText').catch(() => null);
    if (page) console.error(`  the page said:\n${page.replace(/^/gm, '    ')}`);
    return false;
  } finally {
    await driver?.close().catch(() => {});
    await server.stop();
  }
}

const chosen = ENGINES.filter((e) => !only || only.some((o) => e.name.toLowerCase().includes(o.toLowerCase())));
const passed = await Promise.all(chosen.map((engine, i) => runEngine(engine, i)));
process.exit(passed.every(Boolean) ? 0 : 1);
