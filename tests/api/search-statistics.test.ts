// On PostgreSQL too: the planner's row estimates after ANALYZE are asserted; the server's version, settings and statistics decide them.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness';
import { AUTHOR, makeDictation } from './worklist-fixtures';

/**
 * The find-document search's plan (issue 14): the planner must see that an NHS number or an MRN matches a
 * row or two. Its search indexes are partial, whose statistics PostgreSQL does not use for the table's
 * clauses; without migration 0019's statistics an NHS number was estimated at 0.5 % of the table (thousands
 * of rows at a million dictations) and searched with parallel workers, 50 times slower than the lookup.
 */

let t: TestApp;
const COPIES = 4000;

const estimatedRows = async (where: string): Promise<number> => {
  const res = (await t.db.execute(
    sql.raw(`EXPLAIN (FORMAT JSON) SELECT d.id FROM dictations d WHERE d.deleted_at IS NULL AND ${where}`),
  )) as unknown as {
    rows: { 'QUERY PLAN': unknown }[];
  };
  const raw = res.rows[0]!['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Plan Rows': number } }[];
  return plan[0]!.Plan['Plan Rows'];
};

beforeAll(async () => {
  t = await startTestApp();
  const { id } = await makeDictation(t.db, { author: AUTHOR, status: 'SENT' });
  // Copies of one dictation, each with its own patient, as a trust's list holds them.
  const columns = (
    (await t.db.execute(sql`SELECT column_name FROM information_schema.columns
      WHERE table_name = 'dictations' AND table_schema = current_schema() AND column_name NOT IN ('id', 'client_id', 'reference', 'patient')`)) as unknown as {
      rows: { column_name: string }[];
    }
  ).rows.map((r) => `"${r.column_name}"`);
  await t.db.execute(
    sql.raw(`INSERT INTO dictations (${columns.join(', ')}, client_id, reference, patient)
      SELECT ${columns.map((c) => `d.${c}`).join(', ')}, 'stats-' || g, 'STATS' || g,
        jsonb_build_object('patient_first_name', 'Ann', 'patient_last_name', 'ROWE' || g,
          'patient_nhs_id', (9000000000 + g)::text, 'patient_mrn_id', 'MRN' || (500000 + g))
      FROM dictations d, generate_series(1, ${COPIES}) g WHERE d.id = ${id}`),
  );
  await t.db.execute(sql`ANALYZE dictations`);
});

afterAll(() => t.close());

it('an NHS number and an MRN are estimated at a row or two, not a share of the table', async () => {
  expect(await estimatedRows(`(d.patient->>'patient_nhs_id') = '9000001234'`)).toBeLessThanOrEqual(3);
  expect(await estimatedRows(`(d.patient->>'patient_mrn_id') = 'MRN501234'`)).toBeLessThanOrEqual(3);
});
