/**
 * Stuck letters (issue 13): approved (MANUAL_DISTRIBUTION) letters whose approval is older than the
 * limit and which still have a current copy (one no resend replaced) not delivered or posted. The
 * query starts from the partial index `deliveries_outstanding`, which holds only the copies on their way.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryChannel } from '../../../src/domain/delivery-channel';
import type { DeliveryStatus } from '../../../src/domain/contract';
import { RECIPIENT_TYPES, type RecipientType } from '../../../src/domain/recipients';
import type { Db } from '../../db/client';
import type { StuckLimits } from './stuck-limits';
import { executeRows } from '../../db/execute-rows';

export interface StuckRow {
  dictationId: number;
  trustId: number;
  reference: string;
  /** The letter's author (a clinician of the trust, not patient data). */
  author: string;
  approvedAt: Date;
  outstanding: StuckCopy[];
}

export interface StuckCopy {
  id: number;
  channel: DeliveryChannel;
  status: DeliveryStatus;
  role: 'to' | 'cc';
  /** The recipient's type (patient, gp …), never their name. */
  recipientType: RecipientType | null;
}

interface RawRow {
  dictation_id: number | string;
  trust_id: number | string;
  reference: string;
  author: string | null;
  approved_at: string | Date;
  outstanding: RawOutstanding[] | string;
}
type RawOutstanding = { id: number | string; channel: DeliveryChannel; status: DeliveryStatus; role: string; type: string | null };

/**
 * The stuck letters of one trust, or of every trust (`trustId` null), as a query with `approved_at`.
 * Each trust's own limit (its distribution setting) applies, else the deployment's.
 */
function stuckLetters(limits: StuckLimits, trustId: number | null): SQL {
  const trust = trustId === null ? sql`` : sql`AND x.trust_id = ${trustId}`;
  const hours = sql`coalesce((${JSON.stringify(limits.trusts)}::jsonb ->> s.trust_id::text)::int, ${limits.fallback})`;
  return sql`
    WITH outstanding AS (
      SELECT x.dictation_id, x.id, x.channel, x.status, x.role, x.recipient ->> 'type' AS type FROM deliveries x
      WHERE x.status NOT IN ('delivered', 'posted') ${trust}
        AND NOT EXISTS (SELECT 1 FROM deliveries r WHERE r.resend_of = x.id)
    ), stuck AS (
      SELECT d.id, d.trust_id, d.reference, d.author_id,
        coalesce((l.approval ->> 'approved_at')::timestamptz,
                 (SELECT min(f.created_at) FROM deliveries f WHERE f.dictation_id = d.id)) AS approved_at
      FROM dictations d LEFT JOIN letters l ON l.dictation_id = d.id
      WHERE d.id IN (SELECT dictation_id FROM outstanding)
        AND d.status = 'MANUAL_DISTRIBUTION' AND d.deleted_at IS NULL
    )
    SELECT s.id AS dictation_id, s.trust_id, s.reference, s.approved_at,
      (SELECT trim(u.first_name || ' ' || u.last_name) FROM users u WHERE u.id = s.author_id) AS author,
      json_agg(json_build_object('id', o.id, 'channel', o.channel, 'status', o.status, 'role', o.role, 'type', o.type)
        ORDER BY o.id) AS outstanding
    FROM stuck s JOIN outstanding o ON o.dictation_id = s.id
    WHERE s.approved_at < now() - ${hours} * interval '1 hour'
    GROUP BY s.id, s.trust_id, s.reference, s.approved_at, s.author_id`;
}

const toRow = (r: RawRow): StuckRow => ({
  dictationId: Number(r.dictation_id),
  trustId: Number(r.trust_id),
  reference: r.reference,
  author: r.author ?? '',
  approvedAt: new Date(r.approved_at),
  outstanding: (typeof r.outstanding === 'string' ? (JSON.parse(r.outstanding) as RawOutstanding[]) : r.outstanding).map((o) => ({
    id: Number(o.id),
    channel: o.channel,
    status: o.status,
    role: o.role === 'cc' ? 'cc' : 'to',
    recipientType: (RECIPIENT_TYPES as readonly string[]).includes(o.type ?? '') ? (o.type as RecipientType) : null,
  })),
});

const rows = executeRows;

/** Every stuck letter of every trust, longest waiting first (the periodic check). */
export async function allStuck(db: Db, limits: StuckLimits): Promise<StuckRow[]> {
  return (await rows<RawRow>(db, sql`${stuckLetters(limits, null)} ORDER BY s.approved_at, s.id LIMIT 5000`)).map(toRow);
}

/** One page of a trust's stuck letters, longest waiting first, and how many there are. */
export async function trustStuckPage(
  db: Db,
  trustId: number,
  hours: number,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: StuckRow[] }> {
  const limits: StuckLimits = { fallback: hours, trusts: {} };
  const [count] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM (${stuckLetters(limits, trustId)}) t`);
  const total = Number(count?.n ?? 0);
  if (total === 0 || page.offset >= total) return { total, rows: [] };
  const list = await rows<RawRow>(
    db,
    sql`${stuckLetters(limits, trustId)} ORDER BY s.approved_at, s.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { total, rows: list.map(toRow) };
}
