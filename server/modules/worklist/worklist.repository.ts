/**
 * The work-queue page query: one page of a status tab with its total, scoped exactly as
 * `canViewDictation` (trust, role, confidential) so a row the caller may not open never appears.
 * Pages find their ids in order without sorting the tab (worklist.order.sql.ts); the total comes from
 * the counts the database keeps where they hold the list's filters (worklist.counts.sql.ts). Measured at a
 * million dictations: docs/decisions.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SortableColumn } from '../../../src/domain/list-columns';
import type { DictationStatus } from '../../../src/domain/statuses';
import type { Db } from '../../db/client';
import { scopeOf, visibleTo, type Viewer } from './worklist.scope.sql';
import { orderBy, orderTerms, pageIds } from './worklist.order.sql';
import { filterSql, type ListFilters } from './worklist.filters.sql';
import { totalSql } from './worklist.counts.sql';

export type { Viewer } from './worklist.scope.sql';

/** The columns a dictation row of a list or of a search shares (toListedDictation in worklist.service.ts). */
export interface DictationRowBase {
  id: number;
  reference: string;
  status: DictationStatus;
  urgent: 'HIGH' | 'STANDARD';
  is_confidential: boolean;
  is_mobile: boolean;
  secretarial_cover: boolean;
  author_id: number;
  author_first: string;
  author_last: string;
  department_id: number | null;
  department_name: string | null;
  department_code: string | null;
  assigned_to: number | null;
  assigned_first: string | null;
  assigned_last: string | null;
  patient: Record<string, string> | null;
  created_at: Date | string;
}

export interface ListRow extends DictationRowBase {
  is_resend: boolean;
  job_type_id: number | null;
  job_type_name: string | null;
  patient: Record<string, string>;
  original_filename: string | null;
  duration_ms: number | null;
  audio_state: string | null;
  updated_at: Date | string;
  return_reason: string | null;
  /** Whether the viewer has opened the letter: asked on the AUTHOR_APPROVAL tab only, else null. */
  opened: boolean | null;
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

const DEEP_OFFSET = 10_000;

/**
 * Batch approval needs to know which letters the viewer has opened: one primary-key probe of
 * dictation_views (dictation_id, user_id) per row of the page (a LATERAL with LIMIT, which the planner
 * cannot turn into a hash of all the viewer's views), on the AUTHOR_APPROVAL tab only.
 */
function openedJoin(v: Viewer, f: ListFilters): { column: SQL; join: SQL } {
  if (f.tab !== 'AUTHOR_APPROVAL') return { column: sql`NULL::boolean`, join: sql`` };
  return {
    column: sql`(ov.seen IS NOT NULL)`,
    join: sql`LEFT JOIN LATERAL (SELECT true AS seen FROM dictation_views dv
        WHERE dv.dictation_id = d.id AND dv.user_id = ${v.userId} LIMIT 1) ov ON true`,
  };
}

export async function listPage(
  db: Db,
  v: Viewer,
  f: ListFilters,
  opts: { sortKey?: SortableColumn; sort: 'asc' | 'desc'; page: number; perPage: number },
): Promise<{ rows: ListRow[]; total: number }> {
  const filters = filterSql(f, scopeOf(v) === 'own');
  const where = sql`${visibleTo(v)} AND ${filters}`;
  const offset = Math.min((opts.page - 1) * opts.perPage, Number.MAX_SAFE_INTEGER - opts.perPage);
  const order = { key: opts.sortKey, dir: opts.sort, tab: f.tab };
  const count = totalSql(v, f);
  const opened = openedJoin(v, f);
  const total = async () => Number(rows<{ n: number }>(await db.execute(sql`SELECT (${count}) AS n`))[0]?.n ?? 0);
  // A page far down the list walks that far in every strategy: past the end, answer the empty page
  // without walking.
  if (offset >= DEEP_OFFSET) {
    const n = await total();
    if (offset >= n) return { rows: [], total: n };
  }
  // The total comes with the page (one round trip); only an empty page asks for it on its own.
  const page = rows<ListRow & { total_n: number }>(
    await db.execute(sql`
      SELECT (${count}) AS total_n,
        d.id, d.reference, d.status, d.urgent, d.is_confidential, d.is_mobile, d.is_resend, d.secretarial_cover,
        d.author_id, au.first_name AS author_first, au.last_name AS author_last,
        d.department_id, dep.name AS department_name, dep.code AS department_code,
        d.job_type_id, jt.name AS job_type_name,
        d.assigned_to, asg.first_name AS assigned_first, asg.last_name AS assigned_last,
        d.patient, a.original_filename, a.duration_ms, a.state AS audio_state, d.created_at, d.updated_at,
        d.return_reason, ${opened.column} AS opened
      FROM (${pageIds(v, where, filters, order, { limit: opts.perPage, offset })}) p
      JOIN dictations d ON d.id = p.id
      JOIN users au ON au.id = d.author_id
      LEFT JOIN departments dep ON dep.id = d.department_id
      LEFT JOIN job_types jt ON jt.id = d.job_type_id
      LEFT JOIN users asg ON asg.id = d.assigned_to
      LEFT JOIN dictation_audio a ON a.dictation_id = d.id
      ${opened.join}
      ORDER BY ${orderBy(orderTerms(order))}`),
  );
  return { rows: page, total: page.length ? Number(page[0]!.total_n) : await total() };
}
