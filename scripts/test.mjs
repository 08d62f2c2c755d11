// `npm test`: every check and test suite, in two lanes that keep both cores busy from start to end (issue 21).
// The browser lane (build, then Chromium) needs about one core: a Playwright worker's browser and server wait on
// real time (recordings, debounces) as much as they compute. The checks lane (typecheck, lint, unit, the API
// suites on half the cores) takes the rest, at a lower priority; Firefox and WebKit follow Chromium in the browser lane. Each step writes a log,
// printed whole when it ends, with its seconds and the load average. The first failing step stops the run
// (the other lane's running step is stopped too). See tests/README.md for how the suites share their work.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';

const LOGS = '.tmp/test-logs';
const postgres = !!process.env.TEST_DATABASE_URL;
const BUILT = path.resolve('dist');
// Two lanes share the cores: each suite gets half of them (at least one worker).
const half = String(Math.max(1, Math.floor(availableParallelism() / 2)));
const hasNice = spawnSync('nice', ['true']).status === 0;

/** [name, command, args, extra environment, the step of the other lane it must wait for] */
const first = ['system packages (chromium, ffmpeg)', 'node', ['scripts/ensure-system-packages.mjs']];
const api = (name, env) => [
  name,
  'npx',
  ['vitest', 'run', '--project', 'api'],
  { ...env, WARDNOTE_BUILT_APP: BUILT, API_WORKERS: half },
  'build',
];
/** The checks lane yields the CPU to the browser lane (nice 10): a browser test waits on its page, a check only on itself. */
const yielding = (step) => (hasNice ? [step[0], 'nice', ['-n', '10', step[1], ...step[2]], ...step.slice(3)] : step);
const lanes = [
  [
    ['build', 'npm', ['run', '-s', 'build']],
    // Chromium: a worker per two cores, each with its own server.
    ['e2e', 'npx', ['playwright', 'test'], { E2E_WORKERS: process.env.E2E_WORKERS ?? half }],
    // Firefox ESR and WebKitGTK side by side (an engine that cannot be had is reported and skipped), at full priority
    // and after Chromium: beside the Chromium suite at nice 10, Firefox's recorder lost a second of a 7 s take.
    ['engines (Firefox, WebKit)', 'node', ['--import', 'tsx', 'tests/engines/smoke.ts']],
  ],
  [
    ['typecheck', 'npm', ['run', '-s', 'typecheck']],
    ['lint', 'npm', ['run', '-s', 'lint']],
    ['unit', 'npx', ['vitest', 'run', '--project', 'unit'], { UNIT_WORKERS: half }],
    // Each API file starts its own apps on its own copy of the seeded database. The static-serving test reads
    // the app the other lane built (WARDNOTE_BUILT_APP) instead of building its own.
    api('api (PGlite)', { TEST_DATABASE_URL: '', TEST_DB: '' }),
    ...(postgres ? [api('api (PostgreSQL)', { TEST_DB: 'postgres' })] : []),
  ].map(yielding),
];

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
/**
 * CPU seconds of the children this process has reaped so far (Linux: /proc/self/stat's cutime + cstime, which
 * include their own children's): read when a step ends, the growth since the last read is that step's CPU, so a
 * slow run says whether a step computed or waited. Null where /proc is missing.
 */
function childCpuSeconds() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return null;
  }
}
let cpuRead = childCpuSeconds();
function cpuSinceLastRead() {
  const now = childCpuSeconds();
  const used = now === null || cpuRead === null ? null : now - cpuRead;
  cpuRead = now;
  return used === null ? '' : `, ${Math.round(used)} s CPU`;
}
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const running = new Set();
// A step another lane's step waits for (the API suites read the built app): name -> whether it passed, once it ends.
const ends = new Map();
function end(name) {
  if (!ends.has(name)) {
    let resolve;
    const promise = new Promise((r) => (resolve = r));
    ends.set(name, { promise, resolve });
  }
  return ends.get(name);
}
let stopping = false;

/** Runs one step, its output to a log printed when it ends. */
function run([name, cmd, args, env]) {
  const started = Date.now();
  const logFile = path.join(LOGS, `${name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.log`);
  const fd = openSync(logFile, 'w');
  console.log(`→ ${name} started (load average ${load()})`);
  // Its own process group, so a failure in the other lane can stop it with everything it started.
  const child = spawn(cmd, args, { stdio: ['ignore', fd, fd], env: { ...process.env, ...env }, detached: true });
  running.add(child);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      running.delete(child);
      closeSync(fd);
      const ms = Date.now() - started;
      const cpu = cpuSinceLastRead();
      const ok = code === 0;
      if (!stopping || ok) {
        console.log(`\n--- ${name} ---`);
        process.stdout.write(readFileSync(logFile, 'utf8'));
        console.log(
          ok
            ? `✓ ${name} (${seconds(ms)}${cpu}, load average ${load()})`
            : `\n✗ ${name} failed (exit ${code ?? signal}) after ${seconds(ms)}.`,
        );
      }
      resolve({ name, ok, ms, cpu, code, stopped: stopping && !ok });
    });
  });
}

const summary = [];
let failed = null;

function stopAll() {
  stopping = true;
  for (const { resolve } of ends.values()) resolve(false);
  for (const child of running) {
    try {
      // SIGINT, as Ctrl+C: Playwright then stops the servers it started; whatever is left goes 10 s later.
      process.kill(-child.pid, 'SIGINT');
      setTimeout(() => {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // gone
        }
      }, 10_000).unref();
    } catch {
      // already gone
    }
  }
}

async function runLane(steps) {
  for (const step of steps) {
    if (step[4] && !(await end(step[4]).promise)) return;
    if (stopping) return;
    const result = await run(step);
    end(result.name).resolve(result.ok);
    if (result.stopped) {
      summary.push(`  - ${result.name}: stopped after ${seconds(result.ms)} (the other lane failed)`);
      return;
    }
    summary.push(`  ${result.ok ? '✓' : '✗'} ${result.name}: ${seconds(result.ms)}${result.cpu}`);
    if (!result.ok) {
      failed ??= result;
      stopAll();
      return;
    }
  }
}

mkdirSync(LOGS, { recursive: true });
// The test servers' converted demo audio (tests/e2e/audio-cache.ts): converted once per run, by the first server.
rmSync('.tmp/test-audio-cache', { recursive: true, force: true });
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});
const runStarted = Date.now();
const packages = await run(first);
summary.push(`  ${packages.ok ? '✓' : '✗'} ${packages.name}: ${seconds(packages.ms)}`);
if (!packages.ok) failed = packages;
else await Promise.all(lanes.map(runLane));
const lines = summary.join('\n');
if (failed) {
  console.error(`\n${lines}\n\nStopped: ${failed.name} failed.`);
  process.exit(failed.code || 1);
}
console.log(`\n${lines}\n\nAll test steps passed in ${seconds(Date.now() - runStarted)} (load average ${load()}).`);
