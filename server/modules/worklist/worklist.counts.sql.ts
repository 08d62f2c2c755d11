/**
 * How many dictations a viewer may see: per status for the tab counts, and as one list's total. Both
 * are scoped exactly as `canViewDictation` (trust, role, confidential, not deleted), so a row the
 * caller may not open never counts. Trust-wide viewers read counts the database keeps in the writer's
 * transaction (migrations 0005 and 0015) instead of counting the trust's rows; a viewer who may not
 * open every confidential row reads the non-confidential ones there and counts the few confidential
 * ones they are involved in. An author's own rows are counted from their own indexes. Measured at a
 * million dictations: docs/decisions.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DictationStatus } from '../../../src/domain/statuses';
import type { Db } from '../../db/client';
import { filterSql, statusList, type ListFilters } from './worklist.filters.sql';
import { ownRows, scopeOf, visibleTo, type Viewer } from './worklist.scope.sql';
import { executeRows } from '../../db/execute-rows';

/**
 * Where a list's total comes from: the per-status counts (`dictation_counts`) when only the tab and
 * its statuses narrow it; the per-department, job type and web/mobile counts
 * (`dictation_filter_counts`) when those narrow it too; else (an author's own rows, or a filter no
 * kept count holds: assignee, author, search, or any filter added later) by counting the rows.
 */
export type TotalSource = 'tab counts' | 'filter counts' | 'rows';

/** The filters the kept counts hold; anything else narrowing the list is counted row by row. */
const KEPT: ReadonlySet<keyof ListFilters> = new Set<keyof ListFilters>(['department', 'documentType', 'dictationType']);

export function totalSource(v: Viewer, f: ListFilters): TotalSource {
  if (scopeOf(v) === 'own') return 'rows';
  const narrowing = (Object.keys(f) as (keyof ListFilters)[]).filter(
    (k) => k !== 'tab' && k !== 'statuses' && f[k] !== undefined && f[k] !== '',
  );
  if (narrowing.some((k) => !KEPT.has(k))) return 'rows';
  return narrowing.length ? 'filter counts' : 'tab counts';
}

/** The list's total as one SQL scalar (int), from the source `totalSource` picks. */
export function totalSql(v: Viewer, f: ListFilters): SQL {
  const source = totalSource(v, f);
  if (source === 'rows') {
    if (scopeOf(v) === 'own') return sql`SELECT count(*)::int FROM ${ownRows(v, sql`1`, filterSql(f, true))}`;
    return sql`SELECT count(*)::int FROM dictations d WHERE ${visibleTo(v)} AND ${filterSql(f, false)}`;
  }
  const table = source === 'tab counts' ? sql`dictation_counts` : sql`dictation_filter_counts`;
  const kept: SQL[] = [sql`c.trust_id = ${v.trustId}`, sql`c.status IN (${statusList(f)})`];
  if (f.department !== undefined) kept.push(sql`c.department_id = ${f.department}`);
  if (f.documentType !== undefined) kept.push(sql`c.job_type_id = ${f.documentType}`);
  if (f.dictationType) kept.push(sql`c.is_mobile = ${f.dictationType === 'mobile'}`);
  // Drafts are counted only where they are the viewer's own (a draft is its author's until submitted).
  const drafts = f.statuses.includes('DRAFT');
  if (drafts) kept.push(sql`c.status <> 'DRAFT'`);
  const where = sql.join(kept, sql` AND `);
  const all = scopeOf(v) === 'all';
  // The rows the kept counts leave out and the viewer may see: their own confidential ones, their own drafts.
  const own = [...(all ? [] : [sql`d.is_confidential`]), ...(drafts ? [sql`d.status = 'DRAFT'`] : [])];
  const keptSum = sql`coalesce((SELECT sum(c.n) FROM ${table} c WHERE ${where}${all ? sql`` : sql` AND NOT c.is_confidential`}), 0)`;
  if (!own.length) return sql`SELECT ${keptSum}::int`;
  return sql`SELECT (${keptSum}
    + (SELECT count(*) FROM ${ownRows(v, sql`1`, sql`(${sql.join(own, sql` OR `)}) AND ${filterSql(f, true)}`)}))::int`;
}

/**
 * Dictations per status the viewer may see. Trust-wide viewers: the trust's live rows per status from
 * dictation_counts; a viewer who may not open every confidential row counts the non-confidential ones
 * there and adds the confidential ones they are involved in (three small partial indexes, index-only).
 * Drafts are never read from the kept counts: only the viewer's own are counted (a draft is its author's
 * until submitted). An author's own rows are counted from their own indexes.
 */
function byStatusSql(v: Viewer): SQL {
  switch (scopeOf(v)) {
    case 'own':
      return sql`SELECT d.status, count(*)::int AS n FROM ${ownRows(v, sql`d.status`, sql`true`)} GROUP BY d.status`;
    case 'all':
      return sql`SELECT status, sum(n)::int AS n FROM (
          SELECT status, n FROM dictation_counts WHERE trust_id = ${v.trustId} AND status <> 'DRAFT'
          UNION ALL
          SELECT d.status, 1 FROM ${ownRows(v, sql`d.status`, sql`d.status = 'DRAFT'`)}
        ) visible GROUP BY status`;
    default:
      return sql`SELECT status, sum(n)::int AS n FROM (
          SELECT status, n FROM dictation_counts WHERE trust_id = ${v.trustId} AND NOT is_confidential AND status <> 'DRAFT'
          UNION ALL
          SELECT d.status, 1 FROM ${ownRows(v, sql`d.status`, sql`(d.is_confidential OR d.status = 'DRAFT')`)}
        ) visible GROUP BY status`;
  }
}

export async function countByStatus(db: Db, v: Viewer): Promise<Map<DictationStatus, number>> {
  const rows = await executeRows<{ status: DictationStatus; n: number }>(db, byStatusSql(v));
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}
