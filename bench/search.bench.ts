/**
 * Find-document search at scale (issue 14), on PostgreSQL filled by `npm run seed:bulk` (a million
 * dictations): CONNECTIONS concurrent clients (autocannon) against GET /api/dictation/document of the
 * real app (a child process, as bench/worklist.bench.ts runs it) for a secretary (trust-wide), each
 * printed next to its floor measured in the same run: one indexed query through `pg` returning the
 * same page (trigram, btree or full match, newest first, LIMIT 10), same concurrency and duration, in
 * halves (floor, API, API, floor). Goal printed beside: p95 at most 3x the floor, no errors.
 * The API also counts every match (the envelope's total) and unites the fields a term may be in, which
 * the floor does not.
 *
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/wardnote_bench), BENCH_SECONDS per
 * measurement (default 10), BENCH_CONNECTIONS (default 100).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
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
const SECRETARY = 'secretary@wardnote.test';

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
  process.on('disconnect', stop);
}

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_ROLE: 'server' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      if (buf.includes('\n')) resolve((JSON.parse(buf.split('\n')[0]!) as { port: number }).port);
    });
    child.on('exit', (code) => reject(new Error(`the app exited (${code}) before listening`)));
  });
  return { base: `http://127.0.0.1:${port}`, child };
}

interface Sample {
  latencies: number[];
  errors: number;
}

function stats(...samples: Sample[]) {
  const s = samples.flatMap((x) => x.latencies).sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]! : NaN);
  return { n: s.length, p50: at(0.5), p95: at(0.95), errors: samples.reduce((n, x) => n + x.errors, 0) };
}

async function loadApi(url: string, token: string, connections: number, seconds: number): Promise<Sample> {
  const latencies: number[] = [];
  let bad = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } }, (err, res) =>
      err ? reject(err as Error) : resolve(res),
    );
    instance.on('response', (_client, status, _bytes, took) => {
      latencies.push(took);
      if (status !== 200) bad++;
    });
  });
  return { latencies, errors: bad + result.errors + result.timeouts };
}

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

/**
 * Waits until the database runs nothing for anyone else: a load that ends leaves the app's queries queued
 * (a client that gives up does not cancel them), and the next measurement must not start behind them.
 */
async function settle(pool: pg.Pool): Promise<void> {
  for (let i = 0; i < 600; i++) {
    const { rows } = await pool.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
    );
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The floor's page: the card's columns, one indexed match, newest first, LIMIT 10. */
const floorSql = (match: string) => `SELECT d.id, d.reference, d.status, d.urgent, d.is_confidential, d.is_mobile, d.secretarial_cover,
  d.author_id, au.first_name, au.last_name, d.department_id, dep.name, dep.code, d.assigned_to, d.patient, d.created_at
FROM dictations d JOIN users au ON au.id = d.author_id LEFT JOIN departments dep ON dep.id = d.department_id
WHERE d.trust_id = $1 AND d.deleted_at IS NULL AND ${match}
ORDER BY d.created_at DESC, d.id DESC LIMIT 10`;

const NAME = `(coalesce(d.patient->>'patient_first_name', '') || ' ' || coalesce(d.patient->>'patient_last_name', ''))`;

async function main() {
  const seedHint = `Seed it first: DATABASE_URL=${DATABASE_URL} npm run seed:bulk -- --dictations 1000000`;
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: POOL_SIZE });
  pool.on('error', () => {});
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    console.log(`search bench skipped: PostgreSQL at ${DATABASE_URL} is not reachable (${(err as Error).message}). ${seedHint}`);
    await pool.end();
    return;
  }
  let child: ChildProcess | undefined;
  try {
    const probe = await pool
      .query<{ reference: string; nhs: string; trust: number; total: string }>(
        `SELECT d.reference, d.patient->>'patient_nhs_id' AS nhs, d.trust_id AS trust,
          (SELECT reltuples::bigint FROM pg_class WHERE relname = 'dictations') AS total
        FROM dictations d WHERE d.client_id LIKE 'bulk-%' AND d.deleted_at IS NULL AND NOT d.is_confidential ORDER BY d.id DESC LIMIT 1`,
      )
      .catch(() => ({ rows: [] }));
    const sample = probe.rows[0];
    if (!sample) {
      console.log(`search bench skipped: ${DATABASE_URL} has no bulk dictations. ${seedHint}`);
      return;
    }
    const scenarios = [
      {
        name: 'patient: "margaret smith"',
        path: '/api/dictation/document?search=margaret%20smith&search_key=patient',
        sql: floorSql(`${NAME} ILIKE $2`),
        values: ['%margaret smith%'],
      },
      { name: 'all: "smith"', path: '/api/dictation/document?search=smith', sql: floorSql(`${NAME} ILIKE $2`), values: ['%smith%'] },
      {
        name: 'NHS number (with spaces)',
        path: `/api/dictation/document?search=${encodeURIComponent(`${sample.nhs.slice(0, 3)} ${sample.nhs.slice(3, 6)} ${sample.nhs.slice(6)}`)}&search_key=patient`,
        sql: floorSql(`(d.patient->>'patient_nhs_id') = $2`),
        values: [sample.nhs],
      },
      {
        name: 'reference',
        path: `/api/dictation/document?search=${sample.reference}`,
        sql: floorSql(`d.reference LIKE $2`),
        values: [`%${sample.reference}%`],
      },
    ];
    const server = await startServer();
    child = server.child;
    const login = await fetch(`${server.base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: SECRETARY, password: PASSWORD }),
    });
    if (login.status !== 200) throw new Error(`sign-in answered ${login.status}`);
    const token = ((await login.json()) as { access_token: string }).access_token;
    console.log(
      `Find-document search on PostgreSQL, ~${Number(sample.total).toLocaleString('en-GB')} dictations; ${CONNECTIONS} concurrent clients, ${SECONDS} s each; secretary (trust-wide); floor: one indexed SQL query through pg (pool of ${POOL_SIZE}).`,
    );
    console.log(`goal: p95 ≤ ${GOAL}× floor, no errors\n`);
    console.log(
      `${'search'.padEnd(32)} ${'what'.padEnd(6)} ${'reqs'.padStart(7)} ${'p50'.padStart(10)} ${'p95'.padStart(10)} ${'errors'.padStart(6)}   p95/floor`,
    );
    const ms = (n: number) => `${n.toFixed(1)} ms`.padStart(10);
    let worst = 0;
    let anyErrors = false;
    for (const s of scenarios) {
      const values = [sample.trust, ...s.values];
      const url = `${server.base}${s.path}`;
      for (let i = 0; i < 3; i++) await pool.query(s.sql, values);
      await loadApi(url, token, 10, 2);
      await settle(pool);
      const half = SECONDS / 2;
      const floorRuns = [await loadSql(pool, s.sql, values, half)];
      const apiRuns = [await loadApi(url, token, CONNECTIONS, half)];
      await settle(pool);
      apiRuns.push(await loadApi(url, token, CONNECTIONS, half));
      await settle(pool);
      floorRuns.push(await loadSql(pool, s.sql, values, half));
      const [floor, api] = [stats(...floorRuns), stats(...apiRuns)];
      const ratio = api.n ? api.p95 / floor.p95 : Infinity;
      worst = Math.max(worst, ratio);
      anyErrors ||= api.errors > 0 || floor.errors > 0;
      const met = ratio <= GOAL && api.errors === 0 ? 'met' : 'NOT met';
      console.log(
        `${s.name.padEnd(32)} ${'API'.padEnd(6)} ${String(api.n).padStart(7)} ${ms(api.p50)} ${ms(api.p95)} ${String(api.errors).padStart(6)}   ${ratio.toFixed(2)}× (goal ≤ ${GOAL}×, ${met})`,
      );
      console.log(
        `${''.padEnd(32)} ${'floor'.padEnd(6)} ${String(floor.n).padStart(7)} ${ms(floor.p50)} ${ms(floor.p95)} ${String(floor.errors).padStart(6)}`,
      );
    }
    console.log(
      `\nworst p95/floor ${worst.toFixed(2)}× — goal: p95 ≤ ${GOAL}× floor, no errors: ${worst <= GOAL && !anyErrors ? 'met' : 'NOT met'}`,
    );
  } finally {
    child?.kill('SIGTERM');
    await pool.end();
  }
}

if (process.env.BENCH_ROLE === 'server') await serve();
else await main();
