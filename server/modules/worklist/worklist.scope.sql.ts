/**
 * Who sees which dictations in the work queues: the SQL twin of `canViewDictation`
 * (src/domain/dictation-access.ts) for a dictation aliased `d`, and an author's own rows read from
 * their own indexes. An external typist of an outsourcing pool has the 'own' scope too, whose rows
 * are their pool's OUTSOURCED dictations (index dictations_outsourcing_pool) and nothing else.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AccessSubject } from '../../../src/domain/access';
import { dictationScope } from '../../../src/domain/dictation-access';

export interface Viewer {
  userId: number;
  trustId: number;
  subject: AccessSubject;
}

/** How much of the trust a viewer sees: all of it, all but others' confidential rows, or only their own. */
export type Scope = 'all' | 'trust' | 'own';

const poolOf = (v: Viewer): number | null => v.subject.outsourcingPoolId ?? null;

/** dictationScope (src/domain/dictation-access.ts); a pool's rows are read like one's own, from their index. */
export function scopeOf(v: Viewer): Scope {
  const scope = dictationScope(v.subject);
  return scope === 'pool' ? 'own' : scope;
}

/** An external typist's rows: allocated to their pool and waiting for them (outsourcedMaySee). */
const pooled = (pool: number) => sql`(d.outsourcing_pool_id = ${pool} AND d.status = 'OUTSOURCED')`;

/** The viewer dictated it, recorded it or is assigned to it. */
const involved = (v: Viewer) => sql`(d.author_id = ${v.userId} OR d.created_by = ${v.userId} OR d.assigned_to = ${v.userId})`;

/** Not a draft, or the viewer's own: a draft is seen only by its author and whoever recorded it (issue 22 point 8). */
const notOthersDraft = (v: Viewer) => sql`(d.status <> 'DRAFT' OR d.author_id = ${v.userId} OR d.created_by = ${v.userId})`;

export function visibleTo(v: Viewer): SQL {
  const base = sql`d.trust_id = ${v.trustId} AND d.deleted_at IS NULL`;
  const pool = poolOf(v);
  if (pool !== null) return sql`${base} AND ${pooled(pool)}`;
  const scope = scopeOf(v);
  if (scope === 'own') return sql`${base} AND ${involved(v)} AND ${notOthersDraft(v)}`;
  if (scope === 'all') return sql`${base} AND ${notOthersDraft(v)}`;
  return sql`${base} AND (NOT d.is_confidential OR ${involved(v)}) AND ${notOthersDraft(v)}`;
}

/**
 * The viewer's own live rows matching `where` (over `d`), as a subquery aliased `d` with `columns`:
 * the rows they dictated, then those they recorded for someone else, then those assigned to them
 * alone (never a draft: a draft is only its author's and recorder's), so each row comes once. Each part is one range of its index (dictations_own_*), which holds
 * every column the lists filter and sort an author's rows by: counted and ordered without reading
 * the table, a few thousand index entries instead of the trust's million rows.
 */
export function ownRows(v: Viewer, columns: SQL, where: SQL): SQL {
  const u = v.userId;
  const pool = poolOf(v);
  if (pool !== null)
    return sql`(SELECT ${columns} FROM dictations d
      WHERE ${pooled(pool)} AND d.trust_id = ${v.trustId} AND d.deleted_at IS NULL AND ${where}) d`;
  const part = (who: SQL) => sql`SELECT ${columns} FROM dictations d
    WHERE ${who} AND d.trust_id = ${v.trustId} AND d.deleted_at IS NULL AND ${where}`;
  return sql`(${part(sql`d.author_id = ${u}`)}
    UNION ALL ${part(sql`d.created_by = ${u} AND d.author_id <> ${u}`)}
    UNION ALL ${part(sql`d.assigned_to = ${u} AND d.author_id <> ${u} AND d.created_by <> ${u} AND d.status <> 'DRAFT'`)}) d`;
}
