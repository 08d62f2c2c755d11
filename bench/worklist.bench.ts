/**
 * Work queues at scale, on PostgreSQL filled by `npm run seed:bulk` (a million dictations):
 * 100 concurrent clients (autocannon) against the list and counts endpoints of the real app, for a
 * secretary (trust-wide) and an author (own rows), each printed next to its floor measured in the
 * same run: the same page fetched by one indexed SQL query through `pg` without the API, with the
 * same concurrency and duration (in two halves, floor, API, API, floor, so a drifting load from other
 * work weighs on both alike). Goal printed beside it: p95 at most 3x the floor, and no error.
 *
 * Scenarios: the typists' default tab, SENT (700k rows) sorted by author, by department and by length
 * (trust-wide only: the sorts that used to sort the whole tab), SENT filtered by department and
 * document type, and the tab counts.
 *
 * The app runs in a child process (this file with BENCH_ROLE=server) so the load generator does not
 * share its event loop. Under each scenario (Linux, database on this machine): the CPU a request cost,
 * the API's (app process + its database backends) beside the floor's (client + its backends), which
 * other work on the machine hardly changes; and how long the app's event loop ran and waited for a CPU.
 * On a machine loaded by other work the single event loop waits while the floor's ten PostgreSQL
 * backends each get a share of the CPUs, which the latency ratio then reflects more than the code does. BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/wardnote_bench), BENCH_SECONDS per measurement (default 10),
 * BENCH_CONNECTIONS (default 100).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/wardnote_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const POOL_SIZE = 10; // as server/db/client.ts gives the app
const GOAL = 3;
const PASSWORD = 'Wardnote-demo-1';
/** Session names that tell the floor's database backends from the app's. */
const FLOOR_APP = 'wardnote-bench-floor';
const PROBE_APP = 'wardnote-bench-probe';

/** The real app on 127.0.0.1, a random port, logging silenced; prints its port and waits. */
async function serve() {
  const { loadConfig } = await import('../server/config');
  const { openDatabase } = await import('../server/db/client');
  const { buildApp } = await import('../server/app');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wardnote-bench-'));
  const config = loadConfig({ ...process.env, DATABASE_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RUN_JOBS: '0', SEED_DEMO: '0' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp({ config, db: database.db, serveClient: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ port: (app.server.address() as { port: number }).port })}\n`);
  const stop = () =>
    void app
      .close()
      .then(() => database.close())
      .finally(() => {
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      });
  process.on('SIGTERM', stop);
  // The bench ended without stopping it (killed, or its output closed): stop too.
  process.on('disconnect', stop);
}

interface Stats {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** What one load run saw: every answer's latency, and the failures. */
interface Sample {
  latencies: number[];
  errors: number;
}

function stats(...samples: Sample[]): Stats {
  const s = samples.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const errors = samples.reduce((n, x) => n + x.errors, 0);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]! : NaN);
  return { n: s.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), errors };
}

/** `CONNECTIONS` clients for `SECONDS` against one API path; latencies from every response. */
async function loadApi(
  base: string,
  urlPath: string,
  token: string,
  opts = { connections: CONNECTIONS, seconds: SECONDS },
): Promise<Sample> {
  const latencies: number[] = [];
  let bad = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}${urlPath}`,
        connections: opts.connections,
        duration: opts.seconds,
        headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
      },
      (err, res) => (err ? reject(err as Error) : resolve(res)),
    );
    instance.on('response', (_client, status, _bytes, took) => {
      latencies.push(took);
      if (status !== 200) bad++;
    });
  });
  return { latencies, errors: bad + result.errors + result.timeouts };
}

/** The floor: the same concurrency and duration, each client running one SQL query through a pg pool. */
async function loadSql(pool: pg.Pool, text: string, values: unknown[], seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        await pool.query(text, values);
        latencies.push(performance.now() - t0);
      } catch {
        errors++;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, client));
  return { latencies, errors };
}

/** The page query as a hand-written floor: the columns the list shows, one indexed scan, LIMIT 10. */
const PAGE_SELECT = `SELECT d.id, d.reference, d.status, d.urgent, d.is_confidential, d.is_mobile, d.is_resend, d.secretarial_cover,
  d.author_id, au.first_name, au.last_name, d.department_id, dep.name, dep.code, d.job_type_id, jt.name,
  d.assigned_to, asg.first_name, asg.last_name, d.patient, a.original_filename, a.duration_ms, a.state, d.created_at, d.updated_at
FROM dictations d
JOIN users au ON au.id = d.author_id
LEFT JOIN departments dep ON dep.id = d.department_id
LEFT JOIN job_types jt ON jt.id = d.job_type_id
LEFT JOIN users asg ON asg.id = d.assigned_to
LEFT JOIN dictation_audio a ON a.dictation_id = d.id`;

/** The tab a row lists under, as the queue indexes key it (server/db/schema.ts): one index range per tab. */
const TAB = `(CASE d.status WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE d.status END)`;

interface Viewer {
  email: string;
  label: string;
  trustWide: boolean;
  /** The visibility predicate for `d` ($1 trust, $2 user), as the API must apply it. */
  visible: string;
}

const VIEWERS: Viewer[] = [
  {
    email: 'secretary@wardnote.test',
    label: 'secretary (trust-wide)',
    trustWide: true,
    visible: `d.trust_id = $1 AND d.deleted_at IS NULL AND (NOT d.is_confidential OR d.author_id = $2 OR d.created_by = $2 OR d.assigned_to = $2)`,
  },
  {
    email: 'author@wardnote.test',
    label: 'author (own rows)',
    trustWide: false,
    visible: `d.trust_id = $1 AND d.deleted_at IS NULL AND (d.author_id = $2 OR d.created_by = $2 OR d.assigned_to = $2)`,
  },
];

interface Scenario {
  name: string;
  path: string;
  sql: (visible: string) => string;
  extra: unknown[];
  /** Measured for the trust-wide viewer only (the whole-tab sorts it walks in order). */
  trustWideOnly?: boolean;
}

/**
 * One page of SENT in the order of a trust's departments (by code) walked one at a time, each
 * department's rows by id (dictations_queue_department), the rows with none last: the indexed way to
 * sort by department (server/modules/worklist/worklist.order.sql.ts).
 */
const DEPARTMENT_WALK = (v: string) => `SELECT w.id FROM (
  SELECT 0 AS grp, g.code, g.id AS gid, x.id FROM departments g CROSS JOIN LATERAL (
    SELECT d.id FROM dictations d WHERE ${v} AND ${TAB} = 'SENT' AND d.department_id = g.id ORDER BY d.id LIMIT 10) x
  WHERE g.trust_id = $1
  UNION ALL
  SELECT 1, NULL, NULL, x.id FROM (
    SELECT d.id FROM dictations d WHERE ${v} AND ${TAB} = 'SENT' AND d.department_id IS NULL ORDER BY d.id LIMIT 10) x
) w ORDER BY w.grp, w.code, w.gid, w.id LIMIT 10`;

/** One page of SENT, longest first: the audio walked by length (dictation_audio_duration). */
const LENGTH_WALK = (v: string) => `SELECT d.id FROM dictation_audio a JOIN dictations d ON d.id = a.dictation_id
  WHERE a.duration_ms IS NOT NULL AND ${v} AND ${TAB} = 'SENT' ORDER BY a.duration_ms DESC, a.dictation_id DESC LIMIT 10`;

function scenarios(ids: { department: number; jobType: number }): Scenario[] {
  return [
    {
      name: 'READY_FOR_TYPING, default order',
      path: '/api/dictation?status=READY_FOR_TYPING&page=1&paginate=10',
      sql: (v) => `${PAGE_SELECT} WHERE ${v} AND ${TAB} = 'READY_FOR_TYPING' ORDER BY d.urgent, d.created_at, d.id LIMIT 10`,
      extra: [],
    },
    {
      name: 'SENT sorted by author',
      path: '/api/dictation?status=SENT&page=1&paginate=10&sort_key=author&sort=asc',
      sql: (v) => `${PAGE_SELECT} WHERE ${v} AND ${TAB} = 'SENT' ORDER BY au.last_name, au.first_name, d.author_id, d.id LIMIT 10`,
      extra: [],
    },
    {
      name: 'SENT filtered (department + document type)',
      path: `/api/dictation?status=SENT&page=1&paginate=10&department=${ids.department}&document_type=${ids.jobType}`,
      sql: (v) =>
        `${PAGE_SELECT} WHERE ${v} AND ${TAB} = 'SENT' AND d.department_id = $3 AND d.job_type_id = $4 ORDER BY d.created_at DESC, d.id DESC LIMIT 10`,
      extra: [ids.department, ids.jobType],
    },
    {
      name: 'SENT sorted by department',
      path: '/api/dictation?status=SENT&page=1&paginate=10&sort_key=department&sort=asc',
      sql: (v) => `${PAGE_SELECT} WHERE d.id IN (${DEPARTMENT_WALK(v)}) ORDER BY dep.code NULLS LAST, d.department_id, d.id`,
      extra: [],
      trustWideOnly: true,
    },
    {
      name: 'SENT sorted by length, longest first',
      path: '/api/dictation?status=SENT&page=1&paginate=10&sort_key=audio_duration&sort=desc',
      sql: (v) => `${PAGE_SELECT} WHERE d.id IN (${LENGTH_WALK(v)}) ORDER BY a.duration_ms DESC NULLS LAST, d.id DESC`,
      extra: [],
      trustWideOnly: true,
    },
    {
      name: 'counts',
      path: '/api/dictation/counts',
      sql: (v) => `SELECT d.status, count(*)::int FROM dictations d WHERE ${v} GROUP BY d.status`,
      extra: [],
    },
  ];
}

interface ProcessTimes {
  /** CPU time of all the process's threads. */
  cpuMs: number;
  /** The main (event loop) thread: time on a CPU, and time runnable but waiting for one. */
  runMs: number;
  waitMs: number;
}

/**
 * Linux scheduler statistics of the app process (/proc/<pid>/task/<tid>/schedstat: ns on a CPU, ns
 * waiting on a run queue), since `since`. On a machine loaded by other work the single event loop
 * waits for a CPU while the floor's ten PostgreSQL backends each get their own share: the wait shows it.
 */
function processTimes(pid: number | undefined, since?: ProcessTimes): ProcessTimes | undefined {
  if (!pid) return undefined;
  try {
    const read = (tid: string) => readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ').map(Number);
    const cpuNs = readdirSync(`/proc/${pid}/task`).reduce((sum, tid) => sum + read(tid)[0]!, 0);
    const [runNs, waitNs] = read(String(pid));
    const now = { cpuMs: cpuNs / 1e6, runMs: runNs! / 1e6, waitMs: waitNs! / 1e6 };
    return since ? { cpuMs: now.cpuMs - since.cpuMs, runMs: now.runMs - since.runMs, waitMs: now.waitMs - since.waitMs } : now;
  } catch {
    return undefined; // not Linux, or no schedstat
  }
}

/**
 * CPU time (ms, Linux /proc) used by the database backends serving the floor's pool, or the app's
 * (every other session on the bench database): a snapshot per backend, or with `since` the time used
 * since that snapshot (a backend opened meanwhile counts from its start). The database must run on
 * this machine; parallel query workers are not counted.
 */
async function backendCpu(probe: pg.Pool, whose: 'floor' | 'app'): Promise<Map<number, number>>;
async function backendCpu(probe: pg.Pool, whose: 'floor' | 'app', since: Map<number, number>): Promise<number>;
async function backendCpu(probe: pg.Pool, whose: 'floor' | 'app', since?: Map<number, number>): Promise<Map<number, number> | number> {
  const { rows } = await probe.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend'
       AND application_name ${whose === 'floor' ? '= $1' : 'NOT IN ($1, $2)'}`,
    whose === 'floor' ? [FLOOR_APP] : [FLOOR_APP, PROBE_APP],
  );
  const now = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      now.set(pid, Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6);
    } catch {
      // gone, or the database is on another machine
    }
  }
  if (!since) return now;
  let used = 0;
  for (const [pid, ms] of now) used += ms - (since.get(pid) ?? 0);
  return used;
}

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ['--import', 'tsx', self], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const line = buf.split('\n')[0];
      if (buf.includes('\n')) resolve((JSON.parse(line!) as { port: number }).port);
    });
    child.on('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

async function login(base: string, email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`sign-in as ${email} answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(9);

async function main() {
  const seedHint = `Seed it first: DATABASE_URL=${DATABASE_URL} npm run seed:bulk -- --dictations 1000000`;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE, application_name: FLOOR_APP });
  pool.on('error', () => {});
  const probe = new pg.Pool({ connectionString: DATABASE_URL, max: 1, application_name: PROBE_APP });
  probe.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    console.log(`worklist bench skipped: PostgreSQL at ${DATABASE_URL} is not reachable (${(err as Error).message}).`);
    console.log(`Set BENCH_DATABASE_URL, or create the database. ${seedHint}`);
    await pool.end();
    return;
  }
  let child: ChildProcess | undefined;
  try {
    const seeded = await pool
      .query<{ n: string }>(`SELECT count(*) AS n FROM (SELECT 1 FROM dictations WHERE client_id LIKE 'bulk-%' LIMIT 1000) s`)
      .then((r) => Number(r.rows[0]!.n))
      .catch(() => 0);
    if (seeded < 1000) {
      console.log(`worklist bench skipped: ${DATABASE_URL} has no bulk dictations. ${seedHint}`);
      return;
    }
    const { rows: ctx } = await pool.query<{ trust: number; department: number; job_type: number; total: string }>(`
      SELECT t.id AS trust, (SELECT min(id) FROM departments WHERE trust_id = t.id) AS department,
        (SELECT min(id) FROM job_types WHERE trust_id = t.id) AS job_type,
        (SELECT reltuples::bigint FROM pg_class WHERE relname = 'dictations') AS total
      FROM trusts t WHERE t.name = 'Demo NHS Foundation Trust'`);
    const { trust, department, job_type: jobType, total } = ctx[0]!;
    const server = await startServer();
    child = server.child;
    console.log(
      `Work queues on PostgreSQL, ~${Number(total).toLocaleString('en-GB')} dictations; ${CONNECTIONS} concurrent clients, ${SECONDS} s each; floor: one SQL query through pg (pool of ${POOL_SIZE}).`,
    );
    console.log(`goal: p95 ≤ ${GOAL}× floor, no errors\n`);
    console.log(
      `${'viewer / query'.padEnd(60)} ${'what'.padEnd(6)} ${'reqs'.padStart(7)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'p99'.padStart(9)} ${'errors'.padStart(6)}   p95/floor`,
    );
    let worst = 0;
    let anyErrors = false;
    for (const viewer of VIEWERS) {
      const token = await login(server.base, viewer.email);
      const { rows: me } = await pool.query<{ id: number }>('SELECT id FROM users WHERE lower(email) = $1', [viewer.email]);
      const userId = me[0]!.id;
      for (const s of scenarios({ department, jobType }).filter((x) => viewer.trustWide || !x.trustWideOnly)) {
        const values = [trust, userId, ...s.extra];
        const text = s.sql(viewer.visible);
        // Warm both paths (caches, the JIT of the app's code path, plans) before measuring.
        for (let i = 0; i < 3; i++) await pool.query(text, values);
        await loadApi(server.base, s.path, token, { connections: 10, seconds: 2 });
        // Floor, API, API, floor, each half the time: a load that other work puts on the machine and
        // that drifts during the scenario weighs on both alike.
        const half = SECONDS / 2;
        const floorCpu = { client: 0, db: 0 };
        const floorHalf = async () => {
          const [c0, d0] = [process.cpuUsage(), await backendCpu(probe, 'floor')];
          const run = await loadSql(pool, text, values, half);
          const c = process.cpuUsage(c0);
          floorCpu.client += (c.user + c.system) / 1000;
          floorCpu.db += await backendCpu(probe, 'floor', d0);
          return run;
        };
        const floorRuns = [await floorHalf()];
        const [before, appDb0] = [processTimes(server.child.pid), await backendCpu(probe, 'app')];
        const apiRuns = [await loadApi(server.base, s.path, token, { connections: CONNECTIONS, seconds: half })];
        apiRuns.push(await loadApi(server.base, s.path, token, { connections: CONNECTIONS, seconds: half }));
        const [used, apiDbMs] = [processTimes(server.child.pid, before), await backendCpu(probe, 'app', appDb0)];
        floorRuns.push(await floorHalf());
        const [floor, api] = [stats(...floorRuns), stats(...apiRuns)];
        // No answer at all within the time counts as failing the goal, not as NaN.
        const ratio = api.n ? api.p95 / floor.p95 : Infinity;
        worst = Math.max(worst, ratio);
        anyErrors ||= api.errors > 0 || floor.errors > 0;
        const label = `${viewer.label}: ${s.name}`.padEnd(60);
        const line = (what: string, r: Stats, tail: string) =>
          console.log(
            `${what === 'API' ? label : ''.padEnd(60)} ${what.padEnd(6)} ${String(r.n).padStart(7)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${String(r.errors).padStart(6)}   ${tail}`,
          );
        line('API', api, `${ratio.toFixed(2)}× (goal ≤ ${GOAL}×${ratio <= GOAL && api.errors === 0 ? ', met' : ', NOT met'})`);
        line('floor', floor, '');
        if (used && api.n && floor.n) {
          const [a, b] = [(used.cpuMs + apiDbMs) / api.n, (floorCpu.client + floorCpu.db) / floor.n];
          console.log(
            `${''.padEnd(60)} CPU a request: API ${a.toFixed(2)} ms (app ${(used.cpuMs / api.n).toFixed(2)} + database ${(apiDbMs / api.n).toFixed(2)}), floor ${b.toFixed(2)} ms (client ${(floorCpu.client / floor.n).toFixed(2)} + database ${(floorCpu.db / floor.n).toFixed(2)}): ${(a / b).toFixed(2)}×`,
          );
          console.log(
            `${''.padEnd(60)} the app's event loop ran ${(used.runMs / 1000).toFixed(1)} s and waited ${(used.waitMs / 1000).toFixed(1)} s for a CPU`,
          );
        }
      }
    }
    console.log(
      `\nworst p95/floor ${worst.toFixed(2)}× — goal: p95 ≤ ${GOAL}× floor, no errors: ${worst <= GOAL && !anyErrors ? 'met' : 'NOT met'}`,
    );
  } finally {
    child?.kill('SIGTERM');
    await pool.end();
    await probe.end();
  }
}

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();
