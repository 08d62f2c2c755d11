/**
 * `npm run seed:bulk -- --dictations 1000000 [--force]`: fills the demo trust with a large, realistic work
 * load for the work-queue benchmark (bench/worklist.bench.ts). PostgreSQL when DATABASE_URL is set, else
 * the embedded PGlite in DATA_DIR, as `npm start` uses. Set-based SQL (generate_series + random()) in
 * batches, so a million rows load in minutes.
 *
 * What it makes: 200 authors and 40 typists (placeholder password hash: they cannot sign in), dictations
 * spread over two years (SENT ~70 %, a few % in every working status, ~15 % urgent, ~2 % confidential,
 * a few soft-deleted), synthetic patients with NHS numbers from the 999 test range (valid modulus 11),
 * and one `dictation_audio` row each in state 'ready' whose storage keys point nowhere (no audio file
 * exists: playing one answers an error). No dictation_logs rows. Refuses to run twice unless --force.
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, type Db } from '../db/client';
import { seedDemoData, seedReferenceData } from '../db/seed';

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

function parseArgs(argv: string[]) {
  let dictations = 1_000_000;
  let batch = 50_000;
  let force = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--force') force = true;
    else if (a === '--dictations' || a === '--batch') {
      const n = Number(argv[++i]);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${a} needs a positive whole number`);
      if (a === '--dictations') dictations = n;
      else batch = n;
    } else throw new Error(`Unknown option ${a}. Usage: npm run seed:bulk -- --dictations 1000000 [--batch 50000] [--force]`);
  }
  return { dictations, batch: Math.min(batch, dictations), force };
}

/** Share of each status (SENT takes the rest). */
const STATUS_SHARE: [string, number][] = [
  ['DRAFT', 0.03],
  ['READY_FOR_TYPING', 0.06],
  ['RECEIVED', 0.01],
  ['BEING_TYPED', 0.05],
  ['OUTSOURCED', 0.02],
  ['OUTSOURCED_REVIEW', 0.02],
  ['QA_REVIEW', 0.02],
  ['AUTHOR_APPROVAL', 0.06],
  ['MANUAL_DISTRIBUTION', 0.03],
  ['SENT', 0.7],
];

const FIRST = [
  'Margaret',
  'John',
  'Aisha',
  'Peter',
  'Fatima',
  'George',
  'Olivia',
  'Harry',
  'Chloe',
  'Ravi',
  'Eleanor',
  'Samuel',
  'Nia',
  'Tomasz',
  'Grace',
  'Ibrahim',
];
const LAST = [
  'SMITH',
  'JONES',
  'KHAN',
  'WILLIAMS',
  'BROWN',
  'TAYLOR',
  'DAVIES',
  'EVANS',
  'THOMAS',
  'ROBERTS',
  'HUGHES',
  'PATEL',
  'WALKER',
  'WRIGHT',
  'GREEN',
  'HALL',
  'WOOD',
  'CLARKE',
  'LEWIS',
  'JACKSON',
  'HARRIS',
  'MARTIN',
  'COOPER',
  'KING',
  'WARD',
  'MORRIS',
  'OWEN',
  'BAKER',
];
const STAFF_LAST = [
  'Adams',
  'Bennett',
  'Chowdhury',
  'Doyle',
  'Edwards',
  'Fletcher',
  'Gill',
  'Hart',
  'Iqbal',
  'Jenkins',
  'Kaur',
  'Lloyd',
  'Murphy',
  'Nowak',
  'Osei',
  'Price',
  'Quinn',
  'Rahman',
  'Stone',
  'Turner',
];
const STAFF_FIRST = ['Anna', 'Ben', 'Carys', 'David', 'Emma', 'Femi', 'Gareth', 'Helen', 'Imran', 'Joanna'];

const textArray = (list: string[]) => sql.raw(`ARRAY[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]::text[]`);
const intArray = (list: number[]) => sql.raw(`ARRAY[${list.map((n) => Math.trunc(n)).join(',')}]::int[]`);

async function one<T>(db: Db, query: ReturnType<typeof sql>): Promise<T | undefined> {
  return rows<T>(await db.execute(query))[0];
}

/** 200 authors over both sites and 40 typists (Secretary), created once. */
async function ensureStaff(db: Db, trustId: number, siteIds: number[]) {
  const staff = [
    { kind: 'author', count: 200, role: 'Author' },
    { kind: 'typist', count: 40, role: 'Secretary' },
  ];
  for (const s of staff) {
    await db.execute(sql`
      INSERT INTO users (trust_id, site_id, email, username, first_name, last_name, password_hash, application_types)
      SELECT ${trustId}, (${intArray(siteIds)})[1 + g % ${siteIds.length}],
        'bulk.' || ${s.kind} || '.' || g || '@wardnote.test', 'bulk.' || ${s.kind} || '.' || g,
        (${textArray(STAFF_FIRST)})[1 + g % ${STAFF_FIRST.length}],
        (${textArray(STAFF_LAST)})[1 + (g / ${STAFF_FIRST.length}) % ${STAFF_LAST.length}],
        'bulk-placeholder-no-sign-in', '["amplify"]'::jsonb
      FROM generate_series(0, ${s.count - 1}::int) g
      ON CONFLICT DO NOTHING`);
    await db.execute(sql`
      INSERT INTO user_roles (user_id, role_id)
      SELECT u.id, r.id FROM users u, roles r
      WHERE u.email LIKE ${`bulk.${s.kind}.%`} AND r.name = ${s.role}
      ON CONFLICT DO NOTHING`);
  }
  const people = async (pattern: string, demo: string[]) =>
    rows<{ id: number; site_id: number }>(
      await db.execute(sql`SELECT id, site_id FROM users WHERE trust_id = ${trustId}
        AND (email LIKE ${pattern} OR email IN (${sql.join(
          demo.map((e) => sql`${e}`),
          sql`, `,
        )})) ORDER BY id`),
    ).map((r) => ({ id: Number(r.id), siteId: Number(r.site_id) }));
  // The demo accounts take their share, so the bench's author and secretary see a realistic load.
  return {
    authors: await people('bulk.author.%', ['author@wardnote.test', 'pin.author@wardnote.test']),
    typists: await people('bulk.typist.%', ['secretary@wardnote.test', 'manager@wardnote.test']),
  };
}

/** One batch: `n` dictations and their audio rows, in one statement. Returns how many were inserted. */
async function insertBatch(
  db: Db,
  p: {
    trustId: number;
    run: string;
    offset: number;
    n: number;
    authors: { id: number; siteId: number }[];
    typists: number[];
    departments: number[];
    jobTypes: number[];
  },
): Promise<number> {
  let cumulative = sql``;
  let upTo = 0;
  for (const [status, share] of STATUS_SHARE) {
    upTo += share;
    cumulative = sql`${cumulative} WHEN r_status < ${Math.min(upTo, 1)} THEN ${status}`;
  }
  const res = await db.execute(sql`
    WITH src AS (
      SELECT g, r_status, ak, r_urgent, r_conf, r_age, r_upd, r_mobile, r_del, k0, r_dur,
        CASE ${cumulative} ELSE 'SENT' END AS status
      FROM (
        SELECT g, random() AS r_status, 1 + floor(random() * ${p.authors.length})::int AS ak, random() AS r_urgent,
          random() AS r_conf, random() AS r_age, random() AS r_upd, random() AS r_mobile, random() AS r_del,
          floor(random() * 1000000)::int AS k0, random() AS r_dur
        FROM generate_series(${p.offset + 1}::int, ${p.offset + p.n}::int) g
      ) r
    ), shaped AS (
      SELECT s.*,
        -- SENT letters span two years; drafts are days old; working statuses weeks, mostly recent.
        now() - CASE
          WHEN status = 'SENT' THEN r_age * interval '730 days'
          WHEN status = 'DRAFT' THEN r_age * interval '7 days'
          ELSE r_age * r_age * interval '60 days' END - (g % 60) * interval '1 second' AS created,
        -- A 999 test-range NHS number valid modulus 11: change the last digit when the check would be 10.
        CASE WHEN (11 - (243 + 7 * (k0 / 100000 % 10) + 6 * (k0 / 10000 % 10) + 5 * (k0 / 1000 % 10) + 4 * (k0 / 100 % 10)
                   + 3 * (k0 / 10 % 10) + 2 * (k0 % 10)) % 11) = 10
             THEN k0 - k0 % 10 + (k0 % 10 + 1) % 10 ELSE k0 END AS k
      FROM src s
    ), made AS (
      INSERT INTO dictations (trust_id, site_id, author_id, created_by, client_id, reference, status, urgent, is_confidential,
        is_mobile, department_id, job_type_id, assigned_to, secretarial_cover, secretarial_cover_by, secretarial_cover_at, deleted_at, deleted_by, patient, created_at, updated_at)
      SELECT ${p.trustId}, (${intArray(p.authors.map((a) => a.siteId))})[ak], (${intArray(p.authors.map((a) => a.id))})[ak],
        (${intArray(p.authors.map((a) => a.id))})[ak], ${`bulk-${p.run}-`} || g,
        to_char(created AT TIME ZONE 'Europe/London', 'YYMMDDHH24MISS') || lpad((10 + g % 90)::text, 2, '0'),
        status, CASE WHEN r_urgent < 0.15 THEN 'HIGH' ELSE 'STANDARD' END, r_conf < 0.02, r_mobile < 0.6,
        (${intArray(p.departments)})[1 + g % ${p.departments.length}], (${intArray(p.jobTypes)})[1 + (g / 7) % ${p.jobTypes.length}],
        CASE WHEN status IN ('BEING_TYPED', 'OUTSOURCED_REVIEW', 'QA_REVIEW', 'AUTHOR_APPROVAL', 'MANUAL_DISTRIBUTION', 'SENT')
          THEN (${intArray(p.typists)})[1 + (g * 7 + ak) % ${p.typists.length}] END,
        status = 'AUTHOR_APPROVAL' AND r_del > 0.9,
        -- Secretarial cover is the author's grant (issue 22): who gave it and when.
        CASE WHEN status = 'AUTHOR_APPROVAL' AND r_del > 0.9 THEN (${intArray(p.authors.map((a) => a.id))})[ak] END,
        CASE WHEN status = 'AUTHOR_APPROVAL' AND r_del > 0.9 THEN created END,
        CASE WHEN status IN ('AUTHOR_APPROVAL', 'READY_FOR_TYPING', 'BEING_TYPED') AND r_del < 0.02 THEN created + interval '1 day' END,
        CASE WHEN status IN ('AUTHOR_APPROVAL', 'READY_FOR_TYPING', 'BEING_TYPED') AND r_del < 0.02 THEN (${intArray(p.authors.map((a) => a.id))})[ak] END,
        jsonb_build_object(
          'patient_first_name', (${textArray(FIRST)})[1 + g % ${FIRST.length}],
          'patient_last_name', (${textArray(LAST)})[1 + (g / 3) % ${LAST.length}],
          'patient_mrn_id', 'RDG' || lpad((g % 10000000)::text, 7, '0'),
          'patient_nhs_id', '999' || lpad(k::text, 6, '0') || ((11 - (243 + 7 * (k / 100000 % 10) + 6 * (k / 10000 % 10) + 5 * (k / 1000 % 10)
            + 4 * (k / 100 % 10) + 3 * (k / 10 % 10) + 2 * (k % 10)) % 11) % 11)::text,
          'patient_birthdate', to_char(date '1935-01-01' + (k0 % 25000), 'YYYY-MM-DD'),
          'patient_gender', CASE WHEN g % 2 = 1 THEN 'female' ELSE 'male' END),
        created,
        CASE WHEN status = 'SENT' THEN least(now(), created + r_upd * interval '10 days') ELSE created + r_upd * (now() - created) END
      FROM shaped
      ON CONFLICT DO NOTHING
      RETURNING id
    )
    INSERT INTO dictation_audio (dictation_id, original_filename, mime_type, filesize, original_key, playable_key, state, duration_ms)
    SELECT id, 'dictation-' || id || '.ogg', 'audio/ogg', dur / 1000 * 4000, 'originals/bulk-missing.ogg', 'playable/bulk-missing.m4a', 'ready', dur
    FROM (SELECT id, 20000 + floor(power(random(), 2) * 460000)::int AS dur FROM made) m`);
  return Number((res as { rowCount?: number; affectedRows?: number }).rowCount ?? (res as { affectedRows?: number }).affectedRows ?? 0);
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { db } = database;
  try {
    console.log(`Database: ${database.kind}${database.kind === 'pglite' ? ` in ${config.dataDir}` : ''}`);
    await seedReferenceData(db);
    await seedDemoData(db);
    const trust = await one<{ id: number }>(db, sql`SELECT id FROM trusts WHERE name = 'Demo NHS Foundation Trust'`);
    if (!trust) throw new Error('The demo trust is missing: this script fills the demo trust of an existing or new Wardnote database.');
    const trustId = Number(trust.id);

    const already = await one<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM dictations WHERE client_id LIKE 'bulk-%'`);
    if (Number(already?.n ?? 0) > 0 && !args.force) {
      console.error(`This database already has ${already!.n} bulk dictations. Run again with --force to add ${args.dictations} more.`);
      process.exitCode = 1;
      return;
    }

    const siteIds = rows<{ id: number }>(await db.execute(sql`SELECT id FROM sites WHERE trust_id = ${trustId} ORDER BY id`)).map((r) =>
      Number(r.id),
    );
    const { authors, typists } = await ensureStaff(db, trustId, siteIds);
    const departments = rows<{ id: number }>(await db.execute(sql`SELECT id FROM departments WHERE trust_id = ${trustId} ORDER BY id`)).map(
      (r) => Number(r.id),
    );
    const jobTypes = rows<{ id: number }>(await db.execute(sql`SELECT id FROM job_types WHERE trust_id = ${trustId} ORDER BY id`)).map(
      (r) => Number(r.id),
    );
    console.log(`${authors.length} authors, ${typists.length} typists, ${departments.length} departments, ${jobTypes.length} job types`);

    const run = Date.now().toString(36);
    const t0 = performance.now();
    let made = 0;
    let offset = 0;
    // Two dictations in one trust-local second with the same suffix collide on the reference and are
    // skipped (ON CONFLICT DO NOTHING); the loop tops up until the count is reached.
    while (made < args.dictations) {
      const n = Math.min(args.batch, args.dictations - made);
      made += await insertBatch(db, { trustId, run, offset, n, authors, typists: typists.map((t) => t.id), departments, jobTypes });
      offset += n;
      const s = (performance.now() - t0) / 1000;
      console.log(
        `${made.toLocaleString('en-GB')} / ${args.dictations.toLocaleString('en-GB')} dictations (${s.toFixed(0)} s, ${Math.round(made / s).toLocaleString('en-GB')}/s)`,
      );
    }
    // As autovacuum would on a live database: statistics for the planner, and the visibility map that
    // lets counts be answered from an index alone.
    console.log('VACUUM ANALYZE…');
    for (const table of ['dictations', 'dictation_audio', 'dictation_counts', 'dictation_filter_counts', 'users'])
      await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
    console.log(`Done: ${made.toLocaleString('en-GB')} dictations in ${((performance.now() - t0) / 1000).toFixed(0)} s.`);
  } finally {
    await database.close();
  }
}

await main();
