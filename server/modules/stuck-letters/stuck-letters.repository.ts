/**
 * Stuck letters (issue 13): approved (MANUAL_DISTRIBUTION) letters whose approval is older than the
 * limit and which still have a current copy (one no resend replaced) not delivered or posted. The
 * query starts from the partial index `deliveries_outstanding`, which holds only the copies on their way.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { DeliveryChannel } from '../../../src/domain/delivery-channel';
import type { DeliveryStatus } from '../../../src/domain/contract';
import type { Db } from '../../db/client';

export interface StuckRow {
  dictationId: number;
  trustId: number;
  reference: string;
  approvedAt: Date;
  outstanding: { id: number; channel: DeliveryChannel; status: DeliveryStatus }[];
}

interface RawRow {
  dictation_id: number | string;
  trust_id: number | string;
  reference: string;
  approved_at: string | Date;
  outstanding: RawOutstanding[] | string;
}
type RawOutstanding = { id: number | string; channel: DeliveryChannel; status: DeliveryStatus };

/** The stuck letters of one trust, or of every trust (`trustId` null), as a query with `approved_at`. */
function stuckLetters(hours: number, trustId: number | null): SQL {
  const trust = trustId === null ? sql`` : sql`AND x.trust_id = ${trustId}`;
  return sql`
    WITH outstanding AS (
      SELECT x.dictation_id, x.id, x.channel, x.status FROM deliveries x
      WHERE x.status NOT IN ('delivered', 'posted') ${trust}
        AND NOT EXISTS (SELECT 1 FROM deliveries r WHERE r.resend_of = x.id)
    ), stuck AS (
      SELECT d.id, d.trust_id, d.reference,
        coalesce((l.approval ->> 'approved_at')::timestamptz,
                 (SELECT min(f.created_at) FROM deliveries f WHERE f.dictation_id = d.id)) AS approved_at
      FROM dictations d LEFT JOIN letters l ON l.dictation_id = d.id
      WHERE d.id IN (SELECT dictation_id FROM outstanding)
        AND d.status = 'MANUAL_DISTRIBUTION' AND d.deleted_at IS NULL
    )
    SELECT s.id AS dictation_id, s.trust_id, s.reference, s.approved_at,
      json_agg(json_build_object('id', o.id, 'channel', o.channel, 'status', o.status) ORDER BY o.id) AS outstanding
    FROM stuck s JOIN outstanding o ON o.dictation_id = s.id
    WHERE s.approved_at < now() - ${hours} * interval '1 hour'
    GROUP BY s.id, s.trust_id, s.reference, s.approved_at`;
}

const toRow = (r: RawRow): StuckRow => ({
  dictationId: Number(r.dictation_id),
  trustId: Number(r.trust_id),
  reference: r.reference,
  approvedAt: new Date(r.approved_at),
  outstanding: (typeof r.outstanding === 'string' ? (JSON.parse(r.outstanding) as RawOutstanding[]) : r.outstanding).map((o) => ({
    id: Number(o.id),
    channel: o.channel,
    status: o.status,
  })),
});

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Every stuck letter of every trust, longest waiting first (the periodic check). */
export async function allStuck(db: Db, hours: number): Promise<StuckRow[]> {
  return (await rows<RawRow>(db, sql`${stuckLetters(hours, null)} ORDER BY s.approved_at, s.id LIMIT 5000`)).map(toRow);
}

/** One page of a trust's stuck letters, longest waiting first, and how many there are. */
export async function trustStuckPage(
  db: Db,
  trustId: number,
  hours: number,
  page: { limit: number; offset: number },
): Promise<{ total: number; rows: StuckRow[] }> {
  const [count] = await rows<{ n: number | string }>(db, sql`SELECT count(*) AS n FROM (${stuckLetters(hours, trustId)}) t`);
  const total = Number(count?.n ?? 0);
  if (total === 0 || page.offset >= total) return { total, rows: [] };
  const list = await rows<RawRow>(
    db,
    sql`${stuckLetters(hours, trustId)} ORDER BY s.approved_at, s.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  return { total, rows: list.map(toRow) };
}
