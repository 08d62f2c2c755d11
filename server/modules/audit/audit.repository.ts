/**
 * The audit viewer's queries (issue 25) over `audit_log`, which server/lib/audit.ts writes: one row per
 * audited event with its trust, the user who did it, the action (`letter.saved`, `auth.login`, …), what it
 * was about (`entity_type` and `entity_id`: a dictation's rows carry the dictation's id), `details` and the
 * caller's IP address.
 *
 * What `details` may hold (audit() forbids patient data): ids (attachment, delivery, delegate and author
 * user ids), codes and statuses (from/to status, channel, recipient type, search kind), counts (found,
 * imported, skipped), versions, changed preference keys, and for administration the values before and
 * after a change to staff, sites or settings (names and e-mail addresses of staff, never of patients).
 * The viewer and its export show exactly what the row holds and join nothing else but the acting user's
 * name and a dictation's reference.
 *
 * Every list is newest first, in the order of (created_at, id), and served by one of the log's indexes,
 * all led by the trust: (trust_id, created_at), (trust_id, user_id, created_at), (trust_id, action,
 * created_at), and (entity_type, entity_id) for one dictation's trail. Deep pages go by keyset (`before` or
 * `after` an entry), never by a large OFFSET, and totals are counted only up to a cap: both stay as fast at
 * a million rows as at a hundred.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { executeRows } from '../../db/execute-rows';
import { dictations, trusts, users } from '../../db/schema';

/** Whose entries: a trust's, or (a SiteAdmin's reach) only those of one site within it. */
export interface AuditScope {
  trustId: number;
  /**
   * A site: only the entries of its users (who did it), and the entries about their accounts
   * (`entity_type` 'user') whoever did them. See `siteEntries` for why this and how it is indexed.
   */
  siteId?: number;
}

/** The filters, already resolved to ids; `from` and `to` are whole days in `timezone`. */
export interface AuditQuery {
  userId?: number;
  dictationId?: number;
  action?: string;
  from?: string;
  to?: string;
  timezone: string;
}

/** A page boundary: microseconds since 1970 and the entry's id, both as digits. */
export interface AuditCursor {
  micros: string;
  id: string;
}

/** Where a page starts: older than an entry, newer than one, or so many entries from the newest. */
export type AuditBoundary = { before: AuditCursor } | { after: AuditCursor } | { offset: number };

export interface AuditRow {
  id: number;
  createdAt: string;
  cursor: AuditCursor;
  userId: number | null;
  action: string;
  entityType: string | null;
  entityId: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

interface RawRow {
  id: string;
  created_at: string;
  micros: string;
  user_id: number | null;
  action: string;
  entity_type: string | null;
  entity_id: string | null;
  details: Record<string, unknown> | null;
  ip: string | null;
}

const COLUMNS = sql.raw(`a.id::text AS id,
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  ((extract(epoch FROM a.created_at) * 1000000)::bigint)::text AS micros,
  a.created_at AS at, a.user_id, a.action, a.entity_type, a.entity_id, a.details, a.ip`);

const instant = (micros: string) => sql`('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond')`;

/** The filters as conditions on `audit_log a`: every one a range or an equality the indexes serve. */
function filterConditions(trustId: number, q: AuditQuery): SQL[] {
  const where: SQL[] = [sql`a.trust_id = ${trustId}`];
  if (q.userId !== undefined) where.push(sql`a.user_id = ${q.userId}`);
  if (q.dictationId !== undefined) where.push(sql`a.entity_type = 'dictation' AND a.entity_id = ${String(q.dictationId)}`);
  if (q.action !== undefined) where.push(sql`a.action = ${q.action}`);
  if (q.from !== undefined) where.push(sql`a.created_at >= (${q.from}::date::timestamp AT TIME ZONE ${q.timezone})`);
  if (q.to !== undefined) where.push(sql`a.created_at < ((${q.to}::date + 1)::timestamp AT TIME ZONE ${q.timezone})`);
  return where;
}

/**
 * The keyset condition, written so the index's created_at range does the work: at or before the cursor's
 * time, and strictly before the cursor's entry.
 */
function boundaryConditions(b: AuditBoundary): SQL[] {
  if ('before' in b) {
    const at = instant(b.before.micros);
    return [sql`a.created_at <= ${at}`, sql`(a.created_at < ${at} OR a.id < ${b.before.id}::bigint)`];
  }
  if ('after' in b) {
    const at = instant(b.after.micros);
    return [sql`a.created_at >= ${at}`, sql`(a.created_at > ${at} OR a.id > ${b.after.id}::bigint)`];
  }
  return [];
}

const newestFirst = (b: AuditBoundary) => ('after' in b ? sql.raw('ASC') : sql.raw('DESC'));
const offsetOf = (b: AuditBoundary) => ('offset' in b ? b.offset : 0);

/** The ids of a site's users (every one, deactivated too: their entries stay theirs). */
const siteUsers = (s: Required<AuditScope>) => sql`SELECT u.id FROM users u WHERE u.trust_id = ${s.trustId} AND u.site_id = ${s.siteId}`;
const siteUserIds = (s: Required<AuditScope>) =>
  sql`SELECT u.id::text FROM users u WHERE u.trust_id = ${s.trustId} AND u.site_id = ${s.siteId}`;

/**
 * A SiteAdmin's entries (issue 25: "their site's users and dictations"). The log has no site column, and
 * a site's share of a trust's rows may be small, so "scan the trust's rows newest first and keep the
 * site's" could read the whole trust's log for one page. Instead the site is reached through its users:
 *   1. entries BY a user of the site: for each of the site's users, that user's newest entries from the
 *      (trust_id, user_id, created_at) index, at most one page each (a LATERAL join), merged;
 *   2. entries ABOUT a site user's account (`entity_type` 'user') by someone else (a TrustAdmin's change):
 *      few, from the (entity_type, entity_id) index.
 * A page costs at most (site users + 1) short index ranges, whatever the log's size. What a site's
 * dictation went through at the hands of people of other sites (a trust-wide typist) is reached by its
 * reference: the reference filter shows a dictation of the site its whole trail, from the entity index.
 * With an action filter, the (trust_id, action, created_at) index is walked instead, keeping the site's
 * entries (a per-user walk would read every entry of each user looking for a rare action).
 */
function siteEntries(s: Required<AuditScope>, where: SQL[], b: AuditBoundary, take: number): SQL {
  const dir = newestFirst(b);
  const about = sql`a.entity_type = 'user' AND a.entity_id IN (${siteUserIds(s)}) AND (a.user_id IS NULL OR a.user_id NOT IN (${siteUsers(s)}))`;
  const byUsers = sql`SELECT x.* FROM users u CROSS JOIN LATERAL (
      SELECT ${COLUMNS} FROM audit_log a
      WHERE ${and(...where, sql`a.user_id = u.id`)}
      ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${take}
    ) x
    WHERE u.trust_id = ${s.trustId} AND u.site_id = ${s.siteId}`;
  const aboutUsers = sql`SELECT ${COLUMNS} FROM audit_log a WHERE ${and(...where, about)}
    ORDER BY a.created_at ${dir}, a.id ${dir} LIMIT ${take}`;
  return sql`SELECT * FROM ((${byUsers}) UNION ALL (${aboutUsers})) r ORDER BY r.at ${dir}, r.id::bigint ${dir}`;
}

/** The site's entries for an action: the trust's entries of that action, newest first, keeping the site's. */
function siteEntriesOfAction(s: Required<AuditScope>, where: SQL[], dir: SQL): SQL {
  const inSite = sql`(a.user_id IN (${siteUsers(s)}) OR (a.entity_type = 'user' AND a.entity_id IN (${siteUserIds(s)})))`;
  return sql`SELECT ${COLUMNS} FROM audit_log a WHERE ${and(...where, inSite)} ORDER BY a.created_at ${dir}, a.id ${dir}`;
}

/**
 * One page of entries within `scope`, newest first (an `after` page is read oldest first and turned
 * round): `limit` rows from the boundary.
 */
export async function listAuditRows(db: Db, scope: AuditScope, q: AuditQuery, b: AuditBoundary, limit: number): Promise<AuditRow[]> {
  const where = [...filterConditions(scope.trustId, q), ...boundaryConditions(b)];
  const dir = newestFirst(b);
  const offset = offsetOf(b);
  let query: SQL;
  if (scope.siteId === undefined) {
    query = sql`SELECT ${COLUMNS} FROM audit_log a WHERE ${and(...where)} ORDER BY a.created_at ${dir}, a.id ${dir}`;
  } else if (q.action !== undefined) {
    query = siteEntriesOfAction({ trustId: scope.trustId, siteId: scope.siteId }, where, dir);
  } else {
    query = siteEntries({ trustId: scope.trustId, siteId: scope.siteId }, where, b, offset + limit);
  }
  const rows = await executeRows<RawRow>(db, sql`${query} LIMIT ${limit} OFFSET ${offset}`);
  const out = rows.map(toRow);
  return 'after' in b ? out.reverse() : out;
}

function toRow(r: RawRow): AuditRow {
  return {
    id: Number(r.id),
    createdAt: r.created_at,
    cursor: { micros: r.micros, id: r.id },
    userId: r.user_id === null ? null : Number(r.user_id),
    action: r.action,
    entityType: r.entity_type,
    entityId: r.entity_id,
    details: r.details,
    ip: r.ip,
  };
}

/**
 * How many entries match, counted up to `cap + 1` and no further (so the answer says "more than cap"):
 * an index-only walk of at most cap + 1 entries. A site's count is its two disjoint parts (entries by its
 * users, from the (trust_id, user_id, created_at) index; entries about their accounts by others).
 */
export async function countAuditRows(db: Db, scope: AuditScope, q: AuditQuery, cap: number): Promise<number> {
  const where = filterConditions(scope.trustId, q);
  const counted = async (conditions: SQL[]) => {
    const [row] = await executeRows<{ n: number | string }>(
      db,
      sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM audit_log a WHERE ${and(...conditions)} LIMIT ${cap + 1}) c`,
    );
    return Number(row?.n ?? 0);
  };
  if (scope.siteId === undefined) return counted(where);
  const s = { trustId: scope.trustId, siteId: scope.siteId };
  const by = await counted([...where, sql`a.user_id IN (${siteUsers(s)})`]);
  if (by > cap) return by;
  const about = await counted([
    ...where,
    sql`a.entity_type = 'user' AND a.entity_id IN (${siteUserIds(s)}) AND (a.user_id IS NULL OR a.user_id NOT IN (${siteUsers(s)}))`,
  ]);
  return Math.min(cap + 1, by + about);
}

/**
 * The distinct actions of a trust's log, in name order: one short probe of the (trust_id, action,
 * created_at) index per action (a loose index scan), not a walk over the trust's million entries.
 */
export async function distinctActions(db: Db, trustId: number, max = 500): Promise<string[]> {
  const rows = await executeRows<{ action: string }>(
    db,
    sql`WITH RECURSIVE t(action) AS (
      (SELECT a.action FROM audit_log a WHERE a.trust_id = ${trustId} ORDER BY a.action LIMIT 1)
      UNION ALL
      SELECT (SELECT a.action FROM audit_log a WHERE a.trust_id = ${trustId} AND a.action > t.action ORDER BY a.action LIMIT 1)
      FROM t WHERE t.action IS NOT NULL
    )
    SELECT action FROM t WHERE action IS NOT NULL LIMIT ${max}`,
  );
  return rows.map((r) => r.action);
}

export async function findTrust(db: Db, id: number): Promise<{ id: number; name: string; timezone: string } | undefined> {
  const [row] = await db.select({ id: trusts.id, name: trusts.name, timezone: trusts.timezone }).from(trusts).where(eq(trusts.id, id));
  return row;
}

/** A user's trust and site (deactivated users too: their entries stay in the log). */
export async function findUserHome(db: Db, id: number): Promise<{ trustId: number; siteId: number } | undefined> {
  const [row] = await db.select({ trustId: users.trustId, siteId: users.siteId }).from(users).where(eq(users.id, id));
  return row;
}

/** A dictation of the trust by its reference (deleted ones too: their trail is kept), from the unique index. */
export async function findDictationByReference(
  db: Db,
  trustId: number,
  reference: string,
): Promise<{ id: number; siteId: number } | undefined> {
  const [row] = await db
    .select({ id: dictations.id, siteId: dictations.siteId })
    .from(dictations)
    .where(and(eq(dictations.trustId, trustId), eq(dictations.reference, reference)))
    .limit(1);
  return row;
}

/** The names of the users who appear on a page. */
export async function userNames(db: Db, ids: readonly number[]): Promise<Map<number, { first: string; last: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, { first: r.first, last: r.last }]));
}

/** The references of the trust's dictations a page's entries are about. */
export async function dictationReferences(db: Db, trustId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: dictations.id, reference: dictations.reference })
    .from(dictations)
    .where(and(eq(dictations.trustId, trustId), inArray(dictations.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.reference]));
}
