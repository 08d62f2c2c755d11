/**
 * The find-document search: the ids matching a term, each field read through its own index
 * (migration 0011: trigram on reference, patient name and MRN; btree on NHS number, clinic code and
 * department; English full-text on the letter), united, then narrowed to what the viewer may see with
 * the work queues' own rule (worklist.scope.sql.ts `visibleTo`), so a search shows exactly what the lists
 * would, never more.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { ParsedSearch, SearchField, SearchSortKey } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { visibleTo, type Viewer } from '../worklist/worklist.scope.sql';
import type { DictationRowBase } from '../worklist/worklist.repository';
import { orderBy, orderTerms, sortJoins } from '../worklist/worklist.order.sql';
import type { SortableColumn } from '../../../src/domain/list-query';

/** LIKE's wildcards in a user's term are characters to find, not patterns. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The patient's name as migration 0011's `dictations_search_patient_name` indexes it: keep both identical. */
const PATIENT_NAME = sql`(coalesce(d.patient->>'patient_first_name', '') || ' ' || coalesce(d.patient->>'patient_last_name', ''))`;

/** One field's matching live dictations in the trust, as `SELECT d.id`. */
function fieldIds(field: SearchField, q: ParsedSearch, trustId: number): SQL {
  const live = sql`d.trust_id = ${trustId} AND d.deleted_at IS NULL`;
  const contains = `%${escapeLike(q.text)}%`;
  const ids = (where: SQL) => sql`SELECT d.id FROM dictations d WHERE ${live} AND ${where}`;
  switch (field) {
    case 'reference':
      return ids(sql`d.reference LIKE ${contains}`);
    case 'nhs':
      return ids(sql`(d.patient->>'patient_nhs_id') = ${q.nhs}`);
    case 'mrn':
      return ids(sql`(d.patient->>'patient_mrn_id') ILIKE ${contains}`);
    case 'patient_name':
      return ids(sql`${PATIENT_NAME} ILIKE ${contains}`);
    case 'author':
      return ids(sql`d.author_id IN (SELECT u.id FROM users u WHERE u.trust_id = ${trustId}
        AND (u.first_name || ' ' || u.last_name) ILIKE ${contains})`);
    case 'department':
      return ids(sql`d.department_id IN (SELECT dep.id FROM departments dep WHERE dep.trust_id = ${trustId}
        AND (dep.name ILIKE ${contains} OR dep.code ILIKE ${contains}))`);
    case 'clinic_code':
      return ids(sql`d.appointment IS NOT NULL AND lower(d.appointment->>'clinic_code') LIKE ${`${escapeLike(q.text.toLowerCase())}%`}`);
    case 'letter_text':
      return sql`SELECT l.dictation_id AS id FROM letters l
        WHERE l.trust_id = ${trustId} AND to_tsvector('english', l.text) @@ plainto_tsquery('english', ${q.text})`;
  }
}

export interface SearchRowRaw extends DictationRowBase {
  total_n: number;
}

export async function searchPage(
  db: Db,
  v: Viewer,
  q: ParsedSearch,
  opts: { sortKey: SearchSortKey; sort: 'asc' | 'desc'; page: number; perPage: number },
): Promise<{ rows: SearchRowRaw[]; total: number }> {
  if (!q.fields.length) return { rows: [], total: 0 };
  const matching = sql.join(
    q.fields.map((f) => fieldIds(f, q, v.trustId)),
    sql` UNION `,
  );
  // The list's own order for each sortable column of spec §9 (worklist.order.sql.ts); created_at is the dictation date.
  const key: SortableColumn = opts.sortKey === 'created_at' ? 'dictation_date' : opts.sortKey;
  const order = { terms: orderBy(orderTerms({ key, dir: opts.sort, tab: '' })), joins: sortJoins(key) };
  const offset = Math.min((opts.page - 1) * opts.perPage, Number.MAX_SAFE_INTEGER - opts.perPage);
  // One prepared query, no transaction: migration 0019's statistics let the planner see how rare an NHS
  // number or MRN is (it once took one for thousands of rows and started parallel workers for a 0.2 ms
  // search); planning the page costs more than running it, so each connection plans it once.
  return pageOfMatches(db, v, matching, order, offset, opts.perPage);
}

async function pageOfMatches(db: Db, v: Viewer, matching: SQL, order: { terms: SQL; joins: SQL }, offset: number, perPage: number) {
  const found = await executePrepared<SearchRowRaw>(
    db,
    sql`
      WITH hits AS (
        SELECT d.id FROM dictations d
        WHERE d.id IN (${matching}) AND ${visibleTo(v)}
      ), page AS (
        SELECT d.id, (SELECT count(*) FROM hits)::int AS total_n, row_number() OVER (ORDER BY ${order.terms}) AS rn
        FROM hits h JOIN dictations d ON d.id = h.id ${order.joins}
        ORDER BY ${order.terms} LIMIT ${perPage} OFFSET ${offset}
      )
      SELECT p.total_n,
        d.id, d.reference, d.status, d.urgent, d.is_confidential, d.is_mobile, d.secretarial_cover,
        d.author_id, au.first_name AS author_first, au.last_name AS author_last,
        d.department_id, dep.name AS department_name, dep.code AS department_code,
        d.assigned_to, asg.first_name AS assigned_first, asg.last_name AS assigned_last,
        d.patient, d.created_at
      FROM page p
      JOIN dictations d ON d.id = p.id
      JOIN users au ON au.id = d.author_id
      LEFT JOIN departments dep ON dep.id = d.department_id
      LEFT JOIN users asg ON asg.id = d.assigned_to
      ORDER BY p.rn`,
  );
  if (found.length) return { rows: found, total: Number(found[0]!.total_n) };
  const counted = await executePrepared<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM dictations d WHERE d.id IN (${matching}) AND ${visibleTo(v)}`,
  );
  return { rows: [], total: Number(counted[0]?.n ?? 0) };
}
