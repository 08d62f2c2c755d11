/**
 * The audit viewer at scale (issue 25): a trust's audit log of a million rows on PostgreSQL, seeded here
 * with generate_series, read through the real API (GET /api/audit, /api/audit/actions, and one export) by
 * one administrator at a time, as the viewer is used. Each scenario's p95 is printed as a ratio of the
 * floor measured in the same run: one indexed single-row query through `pg` (SELECT … FROM audit_log
 * WHERE id = $1), sampled the same way, half before and half after the scenarios.
 *
 * Goal (set before measuring): every scenario's p95 at most 20× the floor (a request is about ten
 * statements: the session and user lookups, the capped count, the page, the names and references, and on
 * a first page the audit row of the opening itself, each at least one floor), and a page ten thousand
 * pages deep as fast as the first (p95 within 1.5×): the time does not grow with the log or the depth.
 *
 * BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test: where the bench creates its database),
 * BENCH_DB (default wardnote_audit_bench; reused when already seeded), BENCH_AUDIT_ROWS (default 1,000,000),
 * BENCH_SAMPLES per scenario (default 200). Run: node --import tsx bench/audit-viewer.ts
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openBenchApp } from './bench-app';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = process.env.BENCH_DB ?? 'wardnote_audit_bench';
const ROWS = Number(process.env.BENCH_AUDIT_ROWS ?? 1_000_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 20;
const GOAL = 20;
const DEEP_GOAL = 1.5;
const PASSWORD = 'Wardnote-demo-1';
const EXTRA_USERS = 300;
const DICTATIONS = 50_000;
/** Every 10,000th row: an action a filter finds rarely. */
const RARE = 'bench.rare_action';
const ACTIONS = [
  'letter.saved',
  'dictation.status',
  'dictation.assigned',
  'auth.login',
  'auth.pin_verified',
  'auth.logout',
  'dictation.created',
  'dictation.submitted',
  'dictation.commented',
  'letter.approved',
  'letter.printed',
  'delivery.sent',
  'delivery.delivered',
  'dictation.attachment_downloaded',
  'patients.search',
  'user.preferences_changed',
  'dictation.viewed_confidential',
  'auth.login_failed',
  'letter.print_link',
  'autotext.import',
];

const databaseUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

function quantiles(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))]!;
  return { p50: at(0.5), p95: at(0.95) };
}

async function ensureDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
    if (!rows.length) await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(DB_NAME)}`);
  } finally {
    await admin.end();
  }
}

/** People, dictations and a million audit rows in the demo trust, a tenth as many in the other trust. */
async function seed(pool: pg.Pool): Promise<void> {
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;
  const counted = async (text: string, values: unknown[] = []) => Number((await q<{ n: string }>(text, values))[0]!.n);
  const [demo] = await q<{ id: number }>(`SELECT id FROM trusts WHERE name = 'Demo NHS Foundation Trust'`);
  const [other] = await q<{ id: number }>(`SELECT id FROM trusts WHERE name = 'Other NHS Trust'`);
  const sites = await q<{ id: number }>('SELECT id FROM sites WHERE trust_id = $1 ORDER BY id', [demo!.id]);
  const [model] = await q<{ id: number; password_hash: string }>(
    `SELECT id, password_hash FROM users WHERE email = 'author@wardnote.test'`,
  );
  const people = await counted(`SELECT count(*) AS n FROM users WHERE email LIKE 'bench.%'`);
  if (people < EXTRA_USERS) {
    await q(
      `INSERT INTO users (trust_id, site_id, email, username, first_name, last_name, password_hash)
       SELECT $1, (ARRAY[$2::int, $3::int])[1 + g % 2], 'bench.' || g || '@wardnote.test', 'bench.' || g, 'Bench', 'Person ' || g, $4
       FROM generate_series(1, $5) g ON CONFLICT DO NOTHING`,
      [demo!.id, sites[0]!.id, sites[1]!.id, model!.password_hash, EXTRA_USERS],
    );
  }
  const made = await counted(`SELECT count(*) AS n FROM dictations WHERE client_id LIKE 'bench-audit-%'`);
  if (made < DICTATIONS) {
    await q(
      `INSERT INTO dictations (trust_id, site_id, author_id, created_by, client_id, reference, status, created_at, updated_at)
       SELECT $1, (ARRAY[$2::int, $3::int])[1 + g % 2], $4, $4, 'bench-audit-' || g, 'BA' || lpad(g::text, 8, '0'), 'SENT',
         now() - g * interval '10 minutes', now() - g * interval '10 minutes'
       FROM generate_series(1, $5) g ON CONFLICT DO NOTHING`,
      [demo!.id, sites[0]!.id, sites[1]!.id, model!.id, DICTATIONS],
    );
  }
  const rows = await counted(`SELECT count(*) AS n FROM audit_log WHERE trust_id = $1`, [demo!.id]);
  if (rows >= ROWS) return;
  console.log(`seeding ${ROWS.toLocaleString('en-GB')} audit rows (generate_series)…`);
  const t0 = performance.now();
  await q('TRUNCATE audit_log');
  const userIds = (await q<{ id: number }>('SELECT id FROM users WHERE trust_id = $1 ORDER BY id', [demo!.id])).map((r) => r.id);
  const [span] = await q<{ lo: number; hi: number }>(
    `SELECT min(id) AS lo, max(id) AS hi FROM dictations WHERE client_id LIKE 'bench-audit-%'`,
  );
  // One row in every 30 seconds back from now (about a year), spread over the trust's people, twenty
  // actions and a rare one, seven in ten about a dictation, one in ten about a user's account.
  const insert = (trustId: number, n: number, users: number[]) =>
    q(
      `INSERT INTO audit_log (trust_id, user_id, action, entity_type, entity_id, details, ip, created_at)
       SELECT $1,
         ($2::int[])[(1 + (g * 7919) % cardinality($2::int[]))::int],
         CASE WHEN g % 10000 = 0 THEN $3 ELSE ($4::text[])[(1 + (g * 31) % cardinality($4::text[]))::int] END,
         CASE WHEN g % 10 < 7 THEN 'dictation' WHEN g % 10 = 7 THEN 'user' END,
         CASE WHEN g % 10 < 7 THEN ($5::bigint + (g * 104729) % ($6::bigint - $5::bigint + 1))::text
              WHEN g % 10 = 7 THEN (($2::int[])[(1 + (g * 13) % cardinality($2::int[]))::int])::text END,
         jsonb_build_object('version', g % 7, 'to', 'AUTHOR_APPROVAL'),
         '10.' || (g % 200) || '.' || (g % 250) || '.1',
         now() - g * interval '30 seconds' - (g % 1000) * interval '1 microsecond'
       FROM generate_series(1::bigint, $7::bigint) g`,
      [trustId, users, RARE, ACTIONS, span!.lo, span!.hi, n],
    );
  await insert(demo!.id, ROWS, userIds);
  const otherUsers = (await q<{ id: number }>('SELECT id FROM users WHERE trust_id = $1', [other!.id])).map((r) => r.id);
  await insert(other!.id, Math.round(ROWS / 10), otherUsers);
  // As autovacuum leaves a table in steady use: statistics, and the visibility map index-only scans rely on.
  await q('VACUUM ANALYZE');
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function main() {
  try {
    await ensureDatabase();
  } catch (err) {
    console.log(`audit viewer bench skipped: PostgreSQL at ${ADMIN_URL} is not reachable (${(err as Error).message}).`);
    return;
  }
  const { database, pool, serve, close } = await openBenchApp(databaseUrl, 'audit');
  try {
    await seed(pool);
    const { base, login } = await serve(PASSWORD);
    const trustAdmin = await login('trustadmin@wardnote.test');
    const siteAdmin = await login('siteadmin@wardnote.test');

    const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows[0]!;
    const { id: trustId } = await one<{ id: number }>(`SELECT id FROM trusts WHERE name = 'Demo NHS Foundation Trust'`);
    const busy = await one<{ user_id: number }>(
      `SELECT user_id FROM audit_log WHERE trust_id = $1 AND user_id IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
      [trustId],
    );
    const dictation = await one<{ reference: string }>(
      `SELECT d.reference FROM audit_log a JOIN dictations d ON d.id::text = a.entity_id
       WHERE a.trust_id = $1 AND a.entity_type = 'dictation' ORDER BY a.created_at DESC LIMIT 1`,
      [trustId],
    );
    const DEPTH = 250_000;
    const DEEP_TEXT = `${DEPTH.toLocaleString('en-GB')} rows in`;
    const deep = await one<{ micros: string; id: string }>(
      `SELECT ((extract(epoch FROM created_at) * 1000000)::bigint)::text AS micros, id::text AS id
       FROM audit_log WHERE trust_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT 1`,
      [trustId, DEPTH],
    );
    const day = await one<{ day: string }>(`SELECT to_char(now() - interval '180 days', 'YYYY-MM-DD') AS day`);
    const { total } = await one<{ total: string }>('SELECT count(*) AS total FROM audit_log WHERE trust_id = $1', [trustId]);
    const idRange = await one<{ lo: string; hi: string }>('SELECT min(id) AS lo, max(id) AS hi FROM audit_log');

    const scenarios: { name: string; path: string; token: string; first?: boolean; deep?: boolean }[] = [
      { name: 'first page', path: '/api/audit', token: trustAdmin, first: true },
      {
        name: `deep page (cursor, ${DEPTH.toLocaleString('en-GB')} rows in)`,
        path: `/api/audit?before=${deep.micros}_${deep.id}&page=${DEPTH / 25 + 1}`,
        token: trustAdmin,
        deep: true,
      },
      { name: 'page 400 by number (10,000 in)', path: '/api/audit?page=400', token: trustAdmin },
      { name: 'filter: user', path: `/api/audit?user_id=${busy.user_id}`, token: trustAdmin },
      { name: 'filter: dictation reference', path: `/api/audit?reference=${dictation.reference}`, token: trustAdmin },
      { name: 'filter: action (common)', path: '/api/audit?action=letter.saved', token: trustAdmin },
      { name: 'filter: action (1 in 10,000)', path: `/api/audit?action=${RARE}`, token: trustAdmin },
      { name: 'filter: one day', path: `/api/audit?from=${day.day}&to=${day.day}`, token: trustAdmin },
      {
        name: 'filter: user + action + 30 days',
        path: `/api/audit?user_id=${busy.user_id}&action=letter.saved&from=${day.day}`,
        token: trustAdmin,
      },
      { name: 'SiteAdmin: first page (their site)', path: '/api/audit', token: siteAdmin },
      { name: 'SiteAdmin: action (common)', path: '/api/audit?action=letter.saved', token: siteAdmin },
      { name: 'SiteAdmin: one day', path: `/api/audit?from=${day.day}&to=${day.day}`, token: siteAdmin },
      { name: 'actions for the filter', path: '/api/audit/actions', token: trustAdmin },
      // Not the viewer's: what any signed-in call costs before its own work (the session and user lookups).
      { name: '(reference: GET /api/user)', path: '/api/user', token: trustAdmin },
    ];

    const lo = Number(idRange.lo);
    const hi = Number(idRange.hi);
    const floorSql = 'SELECT id, trust_id, user_id, action, entity_type, entity_id, details, ip, created_at FROM audit_log WHERE id = $1';
    const floorSamples = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const id = lo + Math.floor(Math.random() * (hi - lo + 1));
        const t0 = performance.now();
        await pool.query(floorSql, [id]);
        out.push(performance.now() - t0);
      }
      return out;
    };
    const apiSamples = async (url: string, token: string, n: number) => {
      const out: number[] = [];
      let errors = 0;
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        out.push(performance.now() - t0);
        if (res.status !== 200) errors++;
      }
      return { out, errors };
    };

    // Two rounds, the second in reverse order, with the floor before, between and after: a load that
    // drifts (other work on the machine) weighs on every scenario and on the floor alike.
    await floorSamples(WARMUP);
    for (const s of scenarios) await apiSamples(`${base}${s.path}`, s.token, WARMUP);
    const floorRuns = await floorSamples(Math.ceil(SAMPLES / 3));
    const samples = new Map<string, { out: number[]; errors: number }>(scenarios.map((s) => [s.name, { out: [], errors: 0 }]));
    for (const round of [scenarios, [...scenarios].reverse()]) {
      for (const s of round) {
        const { out, errors } = await apiSamples(`${base}${s.path}`, s.token, Math.ceil(SAMPLES / 2));
        samples.get(s.name)!.out.push(...out);
        samples.get(s.name)!.errors += errors;
      }
      floorRuns.push(...(await floorSamples(Math.ceil(SAMPLES / 3))));
    }
    const results = scenarios.map((s) => ({
      name: s.name,
      ...quantiles(samples.get(s.name)!.out),
      errors: samples.get(s.name)!.errors,
      first: s.first,
      deep: s.deep,
    }));
    const floor = quantiles(floorRuns);

    console.log(
      `\nAudit viewer on PostgreSQL: ${Number(total).toLocaleString('en-GB')} audit rows in the trust (${DB_NAME}); one administrator, ${SAMPLES} requests per scenario after ${WARMUP} to warm up.`,
    );
    console.log(
      `floor: one indexed single-row query through pg (audit_log by id): p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms`,
    );
    console.log(`goal: every p95 ≤ ${GOAL}× floor, no errors; the deep page's p95 ≤ ${DEEP_GOAL}× the first page's\n`);
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} (other work weighs on the floor's p95 as much as on the API's)\n`,
    );
    console.log(`${'scenario'.padEnd(44)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'errors'.padStart(6)}   p50/floor  p95/floor`);
    let worst = 0;
    let anyErrors = false;
    for (const r of results) {
      const ratio = r.p95 / floor.p95;
      worst = Math.max(worst, ratio);
      anyErrors ||= r.errors > 0;
      const met = ratio <= GOAL && r.errors === 0 ? 'met' : 'NOT met';
      console.log(
        `${r.name.padEnd(44)} ${`${r.p50.toFixed(1)} ms`.padStart(9)} ${`${r.p95.toFixed(1)} ms`.padStart(9)} ${String(r.errors).padStart(6)}   ${`${(r.p50 / floor.p50).toFixed(1)}×`.padStart(8)}  ${ratio.toFixed(1)}× (${met})`,
      );
    }

    // Where the time goes: each page's own statement (the rows, names, references and the capped count),
    // as the service runs it through the app's pool, without HTTP, sign-in or serialising.
    const { listAuditRows } = await import('../server/modules/audit/audit.repository');
    const { id: dictationId } = await one<{ id: number }>('SELECT id FROM dictations WHERE trust_id = $1 AND reference = $2', [
      trustId,
      dictation.reference,
    ]);
    const { site_id: siteId } = await one<{ site_id: number }>(`SELECT site_id FROM users WHERE email = 'siteadmin@wardnote.test'`);
    const timezone = 'Europe/London';
    const statements: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'first page', run: () => listAuditRows(database.db, { trustId }, { timezone }, { offset: 0 }, 26, 1000) },
      {
        name: `deep page (cursor, ${DEEP_TEXT})`,
        run: () => listAuditRows(database.db, { trustId }, { timezone }, { before: { micros: deep.micros, id: deep.id } }, 26, 1000),
      },
      {
        name: 'filter: user',
        run: () => listAuditRows(database.db, { trustId }, { timezone, userId: busy.user_id }, { offset: 0 }, 26, 1000),
      },
      {
        name: 'filter: dictation reference',
        run: () => listAuditRows(database.db, { trustId }, { timezone, dictationId }, { offset: 0 }, 26, 1000),
      },
      {
        name: 'filter: action (common)',
        run: () => listAuditRows(database.db, { trustId }, { timezone, action: 'letter.saved' }, { offset: 0 }, 26, 1000),
      },
      {
        name: 'filter: one day',
        run: () => listAuditRows(database.db, { trustId }, { timezone, from: day.day, to: day.day }, { offset: 0 }, 26, 1000),
      },
      { name: 'SiteAdmin: first page', run: () => listAuditRows(database.db, { trustId, siteId }, { timezone }, { offset: 0 }, 26, 1000) },
      {
        name: 'SiteAdmin: action (common)',
        run: () => listAuditRows(database.db, { trustId, siteId }, { timezone, action: 'letter.saved' }, { offset: 0 }, 26, 1000),
      },
    ];
    console.log(`\nthe page's own statement (rows, names, references, count to 1,000), through the app's pool:`);
    for (const st of statements) {
      for (let i = 0; i < WARMUP; i++) await st.run();
      const out: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t = performance.now();
        await st.run();
        out.push(performance.now() - t);
      }
      const q = quantiles(out);
      console.log(
        `${st.name.padEnd(44)} ${`${q.p50.toFixed(1)} ms`.padStart(9)} ${`${q.p95.toFixed(1)} ms`.padStart(9)} ${''.padStart(6)}   ${`${(q.p50 / floor.p50).toFixed(1)}×`.padStart(8)}  ${(q.p95 / floor.p95).toFixed(1)}×`,
      );
    }

    const first = results.find((r) => r.first)!;
    const deepest = results.find((r) => r.deep)!;
    const depthRatio = deepest.p95 / first.p95;

    // One export of the whole trust: the bound (100,000 rows) is reached; its time against the limit.
    const t0 = performance.now();
    const res = await fetch(`${base}/api/audit/export.csv`, { headers: { authorization: `Bearer ${trustAdmin}` } });
    const body = await res.text();
    const seconds = (performance.now() - t0) / 1000;
    const lines = body.split('\r\n').length - 2;
    console.log(
      `\nexport.csv of the whole trust: ${res.status}, ${lines.toLocaleString('en-GB')} lines (${(body.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(1)} s (limit 60 s), last line: ${body.trimEnd().split('\r\n').at(-1)!.slice(0, 60)}…`,
    );
    console.log(
      `\nworst p95/floor ${worst.toFixed(1)}× (goal ≤ ${GOAL}×), deep page/first page ${depthRatio.toFixed(2)}× (goal ≤ ${DEEP_GOAL}×): ${
        worst <= GOAL && !anyErrors && depthRatio <= DEEP_GOAL ? 'met' : 'NOT met'
      }`,
    );
  } finally {
    await close();
  }
}

await main();
