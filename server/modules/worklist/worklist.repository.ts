/**
 * The work-queue queries: one page of a status tab and the per-tab counts, scoped exactly as
 * `canViewDictation` (trust, role, confidential) so a row the caller may not open never appears,
 * not even in a count. Pages walk one index range of the tab in order (schema.ts, dictations_queue*);
 * counts for trust-wide viewers read the trigger-kept `dictation_counts` (plus, for a viewer who may
 * not see every confidential row, the few confidential ones they are involved in), so a refresh never
 * scans the trust's rows. Measured at a million dictations: docs/decisions.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AccessSubject } from '../../../src/domain/access';
import type { SortableColumn } from '../../../src/domain/list-columns';
import type { DictationStatus, HomeTab } from '../../../src/domain/statuses';
import { normaliseNhsNumber } from '../../../src/domain/nhs-number';
import { statusesOfTab } from '../../../src/domain/workflow';
import type { Db } from '../../db/client';

export interface Viewer {
  userId: number;
  trustId: number;
  subject: AccessSubject;
}

/** How much of the trust a viewer sees: all of it, all but others' confidential rows, or only their own. */
type Scope = 'all' | 'trust' | 'own';

function scopeOf(v: Viewer): Scope {
  const roles = v.subject.roles;
  const seesTrust =
    roles.includes('Secretary') ||
    roles.includes('Manager') ||
    roles.includes('SuperAdmin') ||
    v.subject.permissions.includes('dictation.view');
  if (!seesTrust) return 'own';
  return roles.includes('Manager') ? 'all' : 'trust';
}

const involved = (v: Viewer) => sql`(d.author_id = ${v.userId} OR d.created_by = ${v.userId} OR d.assigned_to = ${v.userId})`;

/** The SQL twin of canViewDictation (src/domain/dictation-access.ts), for a dictation aliased `d`. */
export function visibleTo(v: Viewer): SQL {
  const base = sql`d.trust_id = ${v.trustId} AND d.deleted_at IS NULL`;
  const scope = scopeOf(v);
  if (scope === 'own') return sql`${base} AND ${involved(v)}`;
  if (scope === 'all') return base;
  return sql`${base} AND (NOT d.is_confidential OR ${involved(v)})`;
}

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

function filterSql(f: ListFilters): SQL {
  const parts: SQL[] = [sql`${queueTab} = ${f.tab}`];
  if (f.statuses.length < statusesOfTab(f.tab).length) {
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

/** ORDER BY for a sort key; without one, urgent first then oldest first ('HIGH' < 'STANDARD'), newest first on SENT and DRAFT. */
function orderSql(key: SortableColumn | undefined, dir: 'asc' | 'desc', tab: string): SQL {
  const d = dir === 'desc' ? sql`DESC` : sql`ASC`;
  // TAT grows as the creation date goes back: ascending TAT is newest first.
  const reverse = dir === 'desc' ? sql`ASC` : sql`DESC`;
  switch (key) {
    case 'author':
      // One author at a time in name order (same-named authors kept apart), each author's rows by id:
      // a walk over the users joined to dictations_queue_author, not a sort of the whole tab.
      return sql`au.last_name ${d}, au.first_name ${d}, d.author_id ${d}, d.id ${d}`;
    case 'dictation_date':
      return sql`d.created_at ${d}, d.id ${d}`;
    case 'reference':
      return sql`d.reference ${d}, d.id ${d}`;
    case 'department':
      return sql`dep.code ${d} NULLS LAST, d.id ${d}`;
    case 'document_type':
      return sql`jt.name ${d} NULLS LAST, d.id ${d}`;
    case 'audio_duration':
      return sql`a.duration_ms ${d} NULLS LAST, d.id ${d}`;
    case 'tat':
      return sql`d.created_at ${reverse}, d.id ${reverse}`;
    default:
      return tab === 'SENT' || tab === 'DRAFT' ? sql`d.created_at DESC, d.id DESC` : sql`d.urgent ASC, d.created_at ASC, d.id ASC`;
  }
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
}

const rows = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function listPage(
  db: Db,
  v: Viewer,
  f: ListFilters,
  opts: { sortKey?: SortableColumn; sort: 'asc' | 'desc'; page: number; perPage: number },
): Promise<{ rows: ListRow[]; total: number }> {
  const where = sql`${visibleTo(v)} AND ${filterSql(f)}`;
  const offset = Math.min((opts.page - 1) * opts.perPage, Number.MAX_SAFE_INTEGER);
  const total = async () => {
    if (!narrowsBeyondStatus(f) && scopeOf(v) !== 'own') {
      const counts = await countByStatus(db, v);
      return f.statuses.reduce((n, s) => n + (counts.get(s) ?? 0), 0);
    }
    const res = await db.execute(sql`SELECT count(*)::int AS n FROM dictations d WHERE ${where}`);
    return Number(rows<{ n: number }>(res)[0]?.n ?? 0);
  };
  // An author's own rows are few (thousands) but spread over the trust's queue indexes: they are
  // picked first through the author/creator/assignee indexes (OFFSET 0 keeps the planner from walking
  // a trust-wide index in list order and filtering), then joined, ordered and paged.
  const source = scopeOf(v) === 'own' ? sql`(SELECT d.* FROM dictations d WHERE ${where} OFFSET 0) d` : sql`dictations d`;
  const [page, n] = await Promise.all([
    db.execute(sql`
      SELECT d.id, d.reference, d.status, d.urgent, d.is_confidential, d.is_mobile, d.is_resend, d.secretarial_cover,
        d.author_id, au.first_name AS author_first, au.last_name AS author_last,
        d.department_id, dep.name AS department_name, dep.code AS department_code,
        d.job_type_id, jt.name AS job_type_name,
        d.assigned_to, asg.first_name AS assigned_first, asg.last_name AS assigned_last,
        d.patient, a.original_filename, a.duration_ms, a.state AS audio_state, d.created_at, d.updated_at
      FROM ${source}
      JOIN users au ON au.id = d.author_id
      LEFT JOIN departments dep ON dep.id = d.department_id
      LEFT JOIN job_types jt ON jt.id = d.job_type_id
      LEFT JOIN users asg ON asg.id = d.assigned_to
      LEFT JOIN dictation_audio a ON a.dictation_id = d.id
      WHERE ${scopeOf(v) === 'own' ? sql`true` : where}
      ORDER BY ${orderSql(opts.sortKey, opts.sort, f.tab)}
      LIMIT ${opts.perPage} OFFSET ${offset}`),
    total(),
  ]);
  return { rows: rows<ListRow>(page), total: n };
}

/**
 * Dictations per status the viewer may see. Trust-wide viewers: the trust's live rows per status from
 * dictation_counts; a viewer who may not open every confidential row counts the non-confidential ones
 * there and adds the confidential ones they are involved in (three small partial indexes). An author's
 * own rows are counted directly.
 */
export async function countByStatus(db: Db, v: Viewer): Promise<Map<DictationStatus, number>> {
  const scope = scopeOf(v);
  const res = await db.execute(
    scope === 'own'
      ? sql`SELECT d.status, count(*)::int AS n FROM dictations d WHERE ${visibleTo(v)} GROUP BY d.status`
      : scope === 'all'
        ? sql`SELECT status, sum(n)::int AS n FROM dictation_counts WHERE trust_id = ${v.trustId} GROUP BY status`
        : sql`SELECT status, sum(n)::int AS n FROM (
            SELECT status, n FROM dictation_counts WHERE trust_id = ${v.trustId} AND NOT is_confidential
            UNION ALL
            SELECT d.status, 1 FROM dictations d
            WHERE d.trust_id = ${v.trustId} AND d.is_confidential AND d.deleted_at IS NULL AND ${involved(v)}
          ) visible GROUP BY status`,
  );
  return new Map(rows<{ status: DictationStatus; n: number }>(res).map((r) => [r.status, Number(r.n)]));
}
