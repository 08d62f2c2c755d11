/**
 * What narrows a work-queue list (its tab, statuses and the filters of the list's query) and the same
 * as SQL over a dictation aliased `d`, for the page, its total and its count fallbacks alike.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DictationStatus, HomeTab } from '../../../src/domain/statuses';
import { normaliseNhsNumber } from '../../../src/domain/nhs-number';
import { statusesOfTab } from '../../../src/domain/workflow';

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

/** The statuses as an SQL list, for `status IN (…)`. */
export const statusList = (f: ListFilters): SQL =>
  sql.join(
    f.statuses.map((s) => sql`${s}`),
    sql`, `,
  );

/**
 * The tab and filters over `d`. Trust-wide lists name the tab as the queue indexes key it; an author's
 * own rows (and a viewer's confidential ones) by their statuses, as their indexes hold them.
 */
export function filterSql(f: ListFilters, byStatus: boolean): SQL {
  const parts: SQL[] = [];
  if (!byStatus) parts.push(sql`${queueTab} = ${f.tab}`);
  if (byStatus || f.statuses.length < statusesOfTab(f.tab).length) parts.push(sql`d.status IN (${statusList(f)})`);
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
