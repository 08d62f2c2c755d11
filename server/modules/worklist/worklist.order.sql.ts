/**
 * The order of a work-queue page, and how one page of ids is found in that order without sorting the
 * whole tab (a tab holds up to hundreds of thousands of rows at a million dictations):
 * - the typists' default order, date, TAT and reference walk a tab-keyed index in order (schema.ts);
 * - author, department and document type walk the trust's users, departments or job types in name
 *   order and take at most a page's worth from each through an index keyed by tab then that column,
 *   so only a few dozen rows are sorted;
 * - audio duration walks the audio by length (dictation_audio_duration) and keeps the tab's rows;
 *   the rows with no length yet (still converting, or a manual letter with no recording) come last;
 * - an author's own rows (a few thousand) are read from their own indexes and sorted.
 * Every strategy yields the ids in the order `orderTerms` gives; the page query sorts its rows by them.
 * Measured at a million dictations: docs/decisions.md.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { SortableColumn } from '../../../src/domain/list-columns';
import { ownRows, scopeOf, type Viewer } from './worklist.scope.sql';

export interface OrderTerm {
  expr: SQL;
  desc: boolean;
  /** Rows without a value (no department, no job type, no length yet) come last either way. */
  nullsLast?: boolean;
}

export interface PageOrder {
  key?: SortableColumn;
  dir: 'asc' | 'desc';
  tab: string;
}

/** ORDER BY terms over `d` and the joins of `sortJoins`. Without a key: urgent first then oldest ('HIGH' < 'STANDARD'); SENT and DRAFT newest first. */
export function orderTerms({ key, dir, tab }: PageOrder): OrderTerm[] {
  const desc = dir === 'desc';
  const by = (...exprs: SQL[]) => exprs.map((expr) => ({ expr, desc }));
  switch (key) {
    case 'author':
      // Same-named authors are kept apart (author id), each author's rows by id.
      return by(sql`au.last_name`, sql`au.first_name`, sql`d.author_id`, sql`d.id`);
    case 'dictation_date':
      return by(sql`d.created_at`, sql`d.id`);
    case 'reference':
      return by(sql`d.reference`, sql`d.id`);
    case 'department':
      return [{ expr: sql`dep.code`, desc, nullsLast: true }, ...by(sql`d.department_id`, sql`d.id`)];
    case 'document_type':
      return [{ expr: sql`jt.name`, desc, nullsLast: true }, ...by(sql`d.job_type_id`, sql`d.id`)];
    case 'audio_duration':
      return [{ expr: sql`a.duration_ms`, desc, nullsLast: true }, ...by(sql`d.id`)];
    case 'tat':
      // TAT grows as the creation date goes back: ascending TAT is newest first.
      return [sql`d.created_at`, sql`d.id`].map((expr) => ({ expr, desc: !desc }));
    default:
      return tab === 'SENT' || tab === 'DRAFT'
        ? [sql`d.created_at`, sql`d.id`].map((expr) => ({ expr, desc: true }))
        : [sql`d.urgent`, sql`d.created_at`, sql`d.id`].map((expr) => ({ expr, desc: false }));
  }
}

/** The joins the sort key's terms read. */
export function sortJoins(key: SortableColumn | undefined): SQL {
  switch (key) {
    case 'author':
      return sql`JOIN users au ON au.id = d.author_id`;
    case 'department':
      return sql`LEFT JOIN departments dep ON dep.id = d.department_id`;
    case 'document_type':
      return sql`LEFT JOIN job_types jt ON jt.id = d.job_type_id`;
    case 'audio_duration':
      return sql`LEFT JOIN dictation_audio a ON a.dictation_id = d.id`;
    default:
      return sql``;
  }
}

const direction = (t: OrderTerm) => sql.raw(`${t.desc ? 'DESC' : 'ASC'}${t.nullsLast ? ' NULLS LAST' : ''}`);

export function orderBy(terms: OrderTerm[]): SQL {
  return sql.join(
    terms.map((t) => sql`${t.expr} ${direction(t)}`),
    sql`, `,
  );
}

export interface PageWindow {
  limit: number;
  offset: number;
}

/**
 * The ids of one page, in any order (the page query sorts them): `where` is the viewer's visibility
 * and the list's filters over `d`; `filters` the filters alone (an author's own rows add their own
 * visibility).
 */
export function pageIds(v: Viewer, where: SQL, filters: SQL, order: PageOrder, w: PageWindow): SQL {
  const terms = orderTerms(order);
  const page = sql`LIMIT ${w.limit} OFFSET ${w.offset}`;
  if (scopeOf(v) === 'own') {
    // The sort keys are computed over the own rows first (OFFSET 0 keeps the planner from walking the
    // users' name index into them for the author sort), then sorted: a few thousand small rows.
    const columns = sql`d.id, d.status, d.urgent, d.created_at, d.author_id, d.department_id, d.job_type_id${order.key === 'reference' ? sql`, d.reference` : sql``}`;
    const keys = sql.join(
      terms.map((t, i) => sql`${t.expr} AS ${sql.raw(`s${i}`)}`),
      sql`, `,
    );
    const sorted = orderBy(terms.map((t, i) => ({ ...t, expr: sql.raw(`k.s${i}`) })));
    return sql`SELECT k.s_id AS id FROM (SELECT d.id AS s_id, ${keys} FROM ${ownRows(v, columns, filters)} ${sortJoins(order.key)} OFFSET 0) k
      ORDER BY ${sorted} ${page}`;
  }
  const dir = sql.raw(order.dir === 'desc' ? 'DESC' : 'ASC');
  const enough = w.offset + w.limit;
  switch (order.key) {
    case 'author':
      return groupWalk({ table: sql`users`, keys: [sql`last_name`, sql`first_name`], column: sql`d.author_id`, nullable: false });
    case 'department':
      return groupWalk({ table: sql`departments`, keys: [sql`code`], column: sql`d.department_id`, nullable: true });
    case 'document_type':
      return groupWalk({ table: sql`job_types`, keys: [sql`name`], column: sql`d.job_type_id`, nullable: true });
    case 'audio_duration':
      // Lengths from the audio index in order, each kept if its dictation is in the list; only a page
      // that reaches past the last measured row looks for the rows without one.
      return sql`SELECT w.id FROM (
        WITH measured AS (
          SELECT d.id, a.duration_ms FROM dictation_audio a JOIN dictations d ON d.id = a.dictation_id
          WHERE a.duration_ms IS NOT NULL AND ${where}
          ORDER BY a.duration_ms ${dir}, a.dictation_id ${dir} LIMIT ${enough})
        SELECT 0 AS grp, m.duration_ms, m.id FROM measured m
        UNION ALL
        SELECT 1, NULL, x.id FROM (
          SELECT d.id FROM dictations d
          WHERE ${where} AND NOT EXISTS (SELECT 1 FROM dictation_audio a WHERE a.dictation_id = d.id AND a.duration_ms IS NOT NULL)
          ORDER BY d.id ${dir} LIMIT ${enough}) x
        WHERE (SELECT count(*) FROM measured) < ${enough}
      ) w ORDER BY w.grp, w.duration_ms ${dir}, w.id ${dir} ${page}`;
    default:
      return sql`SELECT d.id FROM dictations d WHERE ${where} ORDER BY ${orderBy(terms)} ${page}`;
  }

  /**
   * The trust's users, departments or job types in name order, each contributing at most `enough` of its
   * rows by id (one range of dictations_queue_author, _department or _job_type); the rows with none
   * (nullable columns) come last. Departments, job types and authors are always of the dictation's
   * trust (checked when a dictation is made or edited).
   */
  function groupWalk(g: { table: SQL; keys: SQL[]; column: SQL; nullable: boolean }): SQL {
    const keys = sql.join(
      g.keys.map((k, i) => sql`g.${k} AS ${sql.raw(`k${i}`)}`),
      sql`, `,
    );
    const noKeys = sql.join(
      g.keys.map(() => sql`NULL`),
      sql`, `,
    );
    const rowsOf = (match: SQL) => sql`SELECT d.id FROM dictations d WHERE ${where} AND ${match} ORDER BY d.id ${dir} LIMIT ${enough}`;
    const sorted = sql.join(
      [...g.keys.map((_, i) => sql.raw(`w.k${i}`)), sql`w.gid`, sql`w.id`].map((k) => sql`${k} ${dir}`),
      sql`, `,
    );
    return sql`SELECT w.id FROM (
      SELECT 0 AS grp, ${keys}, g.id AS gid, x.id FROM ${g.table} g CROSS JOIN LATERAL (${rowsOf(sql`${g.column} = g.id`)}) x
      WHERE g.trust_id = ${v.trustId}
      ${g.nullable ? sql`UNION ALL SELECT 1, ${noKeys}, NULL, x.id FROM (${rowsOf(sql`${g.column} IS NULL`)}) x` : sql``}
    ) w ORDER BY w.grp, ${sorted} ${page}`;
  }
}
