/**
 * The work-queue queries: one page of a status tab and the per-tab counts, scoped exactly as
 * `canViewDictation` (trust, role, confidential) so a row the caller may not open never appears,
 * not even in a count. Pages find their ids in order without sorting the tab (worklist.order.ts);
 * counts for trust-wide viewers read the trigger-kept `dictation_counts` (plus, for a viewer who may
 * not see every confidential row, the few confidential ones they are involved in), and an author's
 * from their own indexes, so a refresh never scans the trust's rows. Measured at a million
 * dictations: docs/decisions.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SortableColumn } from '../../../src/domain/list-columns';
import type { DictationStatus, HomeTab } from '../../../src/domain/statuses';
import { normaliseNhsNumber } from '../../../src/domain/nhs-number';
import { statusesOfTab } from '../../../src/domain/workflow';
import type { Db } from '../../db/client';
import { ownRows, scopeOf, visibleTo, type Viewer } from './worklist.scope';
import { orderBy, orderTerms, pageIds } from './worklist.order';

export type { Viewer } from './worklist.scope';

/** The Home tab a row lists under, as the queue indexes key it (schema.ts `queueTab`). */
const queueTab = sql`(CASE d.status WHEN 'RECEIVED' THEN 'READY_FOR_TYPING' ELSE d.status END)`;

export interface ListFilters {
  /** The tab, and which of its statuses (READY_FOR_TYPING also lists RECEIVED). */
  tab: HomeTab;
  statuses: DictationStatus[];
  assignedTo?: number | 'none';
  author?: number;
  department?: number;
  documentType?: number;
  dictationType?: 'mobile' | 'web';
  search?: string;
}

/** Only the tab's statuses: its counts can then be read from dictation_counts. */
function narrowsBeyondStatus(f: ListFilters): boolean {
  return [f.assignedTo, f.author, f.department, f.documentType, f.dictationType, f.search].some((x) => x !== undefined && x !== '');
}

/**
 * The tab and filters over `d`. Trust-wide lists name the tab as the queue indexes key it; an author's
 * own rows by their statuses, as their indexes hold them.
 */
function filterSql(f: ListFilters, byStatus: boolean): SQL {
  const parts: SQL[] = [];
  if (!byStatus) parts.push(sql`${queueTab} = ${f.tab}`);
  if (byStatus || f.statuses.length < statusesOfTab(f.tab).length) {
    parts.push(
      sql`d.status IN (${sql.join(
        f.statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  }
  if (f.assignedTo === 'none') parts.push(sql`d.assigned_to IS NULL`);
  else if (f.assignedTo !== undefined) parts.push(sql`d.assigned_to = ${f.assignedTo}`);
  if (f.author !== undefined) parts.push(sql`d.author_id = ${f.author}`);
  if (f.department !== undefined) parts.push(sql`d.department_id = ${f.department}`);
  if (f.documentType !== undefined) parts.push(sql`d.job_type_id = ${f.documentType}`);
  if (f.dictationType) parts.push(sql`d.is_mobile = ${f.dictationType === 'mobile'}`);
  if (f.search) {
    const term = f.search.trim();
    const digits = normaliseNhsNumber(term);
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(d.reference LIKE ${`${term}%`}
      OR d.patient->>'patient_last_name' ILIKE ${like}
      OR d.patient->>'patient_first_name' ILIKE ${like}
      OR d.patient->>'patient_mrn_id' ILIKE ${like}
      ${/^\d{10}$/.test(digits) ? sql`OR d.patient->>'patient_nhs_id' = ${digits}` : sql``})`);
  }
  return sql.join(parts, sql` AND `);
}

export interface ListRow {
  id: number;
  reference: string;
  status: DictationStatus;
  urgent: 'HIGH' | 'STANDARD';
  is_confidential: boolean;
  is_mobile: boolean;
  is_resend: boolean;
  secretarial_cover: boolean;
  author_id: number;
  author_first: string;
  author_last: string;
  department_id: number | null;
  department_name: string | null;
  department_code: string | null;
  job_type_id: number | null;
  job_type_name: string | null;
  assigned_to: number | null;
  assigned_first: string | null;
  assigned_last: string | null;
  patient: Record<string, string>;
  original_filename: string | null;
  duration_ms: number | null;
  audio_state: string | null;
  created_at: Date | string;
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

/** How many rows the list has, as one number: from the kept counts when only the tab narrows it. */
function totalSql(v: Viewer, f: ListFilters, filters: SQL, where: SQL): SQL {
  if (scopeOf(v) === 'own') return sql`SELECT count(*)::int FROM ${ownRows(v, sql`1`, filters)}`;
  if (narrowsBeyondStatus(f)) return sql`SELECT count(*)::int FROM dictations d WHERE ${where}`;
  const statuses = sql.join(
    f.statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  return sql`SELECT coalesce(sum(n), 0)::int FROM (${byStatusSql(v)}) c WHERE c.status IN (${statuses})`;
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
  const count = totalSql(v, f, filters, where);
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

/**
 * Dictations per status the viewer may see. Trust-wide viewers: the trust's live rows per status from
 * dictation_counts; a viewer who may not open every confidential row counts the non-confidential ones
 * there and adds the confidential ones they are involved in (three small partial indexes, index-only).
 * An author's own rows are counted from their own indexes.
 */
function byStatusSql(v: Viewer): SQL {
  switch (scopeOf(v)) {
    case 'own':
      return sql`SELECT d.status, count(*)::int AS n FROM ${ownRows(v, sql`d.status`, sql`true`)} GROUP BY d.status`;
    case 'all':
      return sql`SELECT status, sum(n)::int AS n FROM dictation_counts WHERE trust_id = ${v.trustId} GROUP BY status`;
    default:
      return sql`SELECT status, sum(n)::int AS n FROM (
          SELECT status, n FROM dictation_counts WHERE trust_id = ${v.trustId} AND NOT is_confidential
          UNION ALL
          SELECT d.status, 1 FROM ${ownRows(v, sql`d.status`, sql`d.is_confidential`)}
        ) visible GROUP BY status`;
  }
}

export async function countByStatus(db: Db, v: Viewer): Promise<Map<DictationStatus, number>> {
  const res = await db.execute(byStatusSql(v));
  return new Map(rows<{ status: DictationStatus; n: number }>(res).map((r) => [r.status, Number(r.n)]));
}
