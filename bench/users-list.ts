/**
 * The users list at scale (issue 25): a trust of 10,000 users on PostgreSQL, seeded here with
 * generate_series (most Authors, some Secretaries and Managers, one in a hundred invited, one in two
 * hundred locked, one in fifty deactivated), read through the real API (GET /api/users) by one
 * administrator at a time, as the list is used. Each scenario's p95 is printed as a ratio of the floor
 * measured in the same run: one indexed single-row query through `pg` (SELECT … FROM users WHERE id = $1),
 * sampled the same way, before, between and after the scenarios.
 *
 * Goal (set before measuring): every scenario's p95 at most 20× the floor (a request is the session and
 * user lookups, then one statement for the page, its admin fields and its total), and the last page
 * within 3× the first (offset paging over the (trust, last name, first name, id) index).
 *
 * BENCH_ADMIN_URL (default postgres://postgres@127.0.0.1:5432/test: where the bench creates its database),
 * BENCH_DB (default wardnote_users_bench; reused when already seeded), BENCH_USERS (default 10,000),
 * BENCH_SAMPLES per scenario (default 200). Run: node --import tsx bench/users-list.ts
 */
import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { openBenchApp } from './bench-app';

const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = process.env.BENCH_DB ?? 'wardnote_users_bench';
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const WARMUP = 20;
const GOAL = 20;
const LAST_PAGE_GOAL = 3;
const PASSWORD = 'Wardnote-demo-1';

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

const SURNAMES = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Khan',
  'Clarke',
  'Nguyen',
  'Okafor',
  'Murphy',
];

/** 10,000 people of the demo trust across its two sites, with roles, invitations, locks and deactivations. */
async function seed(pool: pg.Pool): Promise<void> {
  const q = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows;
  const [demo] = await q<{ id: number }>(`SELECT id FROM trusts WHERE name = 'Demo NHS Foundation Trust'`);
  const sites = await q<{ id: number }>('SELECT id FROM sites WHERE trust_id = $1 ORDER BY id', [demo!.id]);
  const [{ n }] = (await q<{ n: string }>(`SELECT count(*) AS n FROM users WHERE email LIKE 'bench.%'`)) as [{ n: string }];
  if (Number(n) >= USERS) return;
  console.log(`seeding ${USERS.toLocaleString('en-GB')} users (generate_series)…`);
  const t0 = performance.now();
  await q(
    `INSERT INTO users (trust_id, site_id, email, username, first_name, last_name, password_hash, active, invited_at)
     SELECT $1, (ARRAY[$2::int, $3::int])[1 + g % 2], 'bench.' || g || '@wardnote.test', 'bench.' || g,
       'Person', ($4::text[])[1 + g % cardinality($4::text[])] || '-' || g,
       'invited', g % 50 <> 0, CASE WHEN g % 100 = 1 THEN now() END
     FROM generate_series(1, $5) g ON CONFLICT DO NOTHING`,
    [demo!.id, sites[0]!.id, sites[1]!.id, SURNAMES, USERS],
  );
  await q(
    `INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, r.id FROM users u JOIN roles r ON r.name = CASE WHEN u.id % 10 = 0 THEN 'Secretary' WHEN u.id % 10 = 1 THEN 'Manager' ELSE 'Author' END
     WHERE u.email LIKE 'bench.%' ON CONFLICT DO NOTHING`,
  );
  await q(
    `INSERT INTO password_resets (token_hash, user_id, expires_at, purpose)
     SELECT md5(random()::text || u.id), u.id, now() + interval '7 days', 'invite' FROM users u WHERE u.email LIKE 'bench.%' AND u.invited_at IS NOT NULL
     ON CONFLICT DO NOTHING`,
  );
  await q(
    `INSERT INTO auth_failures (key, failures, locked_until)
     SELECT 'login:' || lower(u.email), 5, now() + interval '1 year' FROM users u WHERE u.email LIKE 'bench.%' AND u.id % 200 = 7
     ON CONFLICT DO NOTHING`,
  );
  await q('VACUUM ANALYZE');
  console.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
}

async function main() {
  try {
    await ensureDatabase();
  } catch (err) {
    console.log(`users list bench skipped: PostgreSQL at ${ADMIN_URL} is not reachable (${(err as Error).message}).`);
    return;
  }
  const { database, pool, serve, close } = await openBenchApp(databaseUrl, 'users');
  try {
    await seed(pool);
    const { base, login } = await serve(PASSWORD);
    const trustAdmin = await login('trustadmin@wardnote.test');
    const siteAdmin = await login('siteadmin@wardnote.test');
    const secretary = await login('secretary@wardnote.test');
    const one = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows[0]!;
    const { id: trustId } = await one<{ id: number }>(`SELECT id FROM trusts WHERE name = 'Demo NHS Foundation Trust'`);
    const { total } = await one<{ total: string }>('SELECT count(*) AS total FROM users WHERE trust_id = $1', [trustId]);
    const lastPage = Math.ceil(Number(total) / 25);

    const scenarios: { name: string; path: string; token: string; first?: boolean; last?: boolean }[] = [
      { name: 'first page (every state)', path: '/api/users?active=all&paginate=25', token: trustAdmin, first: true },
      {
        name: `last page by number (${lastPage})`,
        path: `/api/users?active=all&paginate=25&page=${lastPage}`,
        token: trustAdmin,
        last: true,
      },
      { name: 'search: last name prefix (common)', path: '/api/users?active=all&paginate=25&search=smi', token: trustAdmin },
      { name: 'search: one e-mail', path: '/api/users?active=all&paginate=25&search=bench.4242%40', token: trustAdmin },
      { name: 'filter: role Secretary', path: '/api/users?active=all&paginate=25&filter_role=Secretary', token: trustAdmin },
      { name: 'filter: locked', path: '/api/users?active=all&paginate=25&locked=true', token: trustAdmin },
      { name: 'filter: deactivated', path: '/api/users?active=false&paginate=25', token: trustAdmin },
      { name: 'SiteAdmin: first page (their site)', path: '/api/users?active=all&paginate=25', token: siteAdmin },
      { name: 'authors list (Secretary, 100 a page)', path: '/api/users?filter_role=Author', token: secretary },
      // Not the list's: what any signed-in call costs before its own work (the session and user lookups).
      { name: '(reference: GET /api/user)', path: '/api/user', token: trustAdmin },
    ];

    const ids = (await pool.query<{ id: number }>('SELECT id FROM users WHERE trust_id = $1', [trustId])).rows.map((r) => r.id);
    const floorSql = 'SELECT id, trust_id, site_id, email, first_name, last_name, active FROM users WHERE id = $1';
    const floorSamples = async (n: number) => {
      const out: number[] = [];
      for (let i = 0; i < n; i++) {
        const t0 = performance.now();
        await pool.query(floorSql, [ids[Math.floor(Math.random() * ids.length)]]);
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

    // Two rounds, the second in reverse order, with the floor before, between and after.
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
    const floor = quantiles(floorRuns);

    console.log(
      `\nUsers list on PostgreSQL: ${Number(total).toLocaleString('en-GB')} users in the trust (${DB_NAME}); one administrator, ${SAMPLES} requests per scenario after ${WARMUP} to warm up.`,
    );
    console.log(
      `floor: one indexed single-row query through pg (users by id): p50 ${floor.p50.toFixed(2)} ms, p95 ${floor.p95.toFixed(2)} ms`,
    );
    console.log(`goal: every p95 ≤ ${GOAL}× floor, no errors; the last page's p95 ≤ ${LAST_PAGE_GOAL}× the first page's`);
    console.log(
      `machine: ${cpus().length} cores, load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );
    console.log(`${'scenario'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)} ${'errors'.padStart(6)}   p50/floor  p95/floor`);
    let first = 0;
    let last = 0;
    for (const s of scenarios) {
      const r = { ...quantiles(samples.get(s.name)!.out), errors: samples.get(s.name)!.errors };
      if (s.first) first = r.p95;
      if (s.last) last = r.p95;
      const ratio = r.p95 / floor.p95;
      const met = ratio <= GOAL && r.errors === 0 ? 'met' : 'NOT met';
      console.log(
        `${s.name.padEnd(40)} ${`${r.p50.toFixed(1)} ms`.padStart(9)} ${`${r.p95.toFixed(1)} ms`.padStart(9)} ${String(r.errors).padStart(6)}   ${`${(r.p50 / floor.p50).toFixed(1)}×`.padStart(8)}  ${ratio.toFixed(1)}× (${met})`,
      );
    }
    console.log(`\nlast page / first page (p95): ${(last / first).toFixed(2)}× (${last / first <= LAST_PAGE_GOAL ? 'met' : 'NOT met'})`);

    // Where the time goes: the list's own statement, as the service runs it, without HTTP or sign-in.
    const { listUsers } = await import('../server/modules/admin-users/admin-users.repository');
    const statements: { name: string; run: () => Promise<unknown> }[] = [
      { name: 'first page', run: () => listUsers(database.db, { trustId, active: 'all' }, 1, 25, true) },
      { name: 'last page', run: () => listUsers(database.db, { trustId, active: 'all' }, lastPage, 25, true) },
      { name: 'search (common prefix)', run: () => listUsers(database.db, { trustId, active: 'all', search: 'smi' }, 1, 25, true) },
      { name: 'locked', run: () => listUsers(database.db, { trustId, active: 'all', locked: true }, 1, 25, true) },
    ];
    console.log(`\n${'statement alone'.padEnd(40)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}   p95/floor`);
    for (const s of statements) {
      for (let i = 0; i < WARMUP; i++) await s.run();
      const out: number[] = [];
      for (let i = 0; i < SAMPLES; i++) {
        const t0 = performance.now();
        await s.run();
        out.push(performance.now() - t0);
      }
      const r = quantiles(out);
      console.log(
        `${s.name.padEnd(40)} ${`${r.p50.toFixed(1)} ms`.padStart(9)} ${`${r.p95.toFixed(1)} ms`.padStart(9)}   ${(r.p95 / floor.p95).toFixed(1)}×`,
      );
    }
  } finally {
    await close();
  }
}

await main();
