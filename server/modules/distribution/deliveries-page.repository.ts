/**
 * One page of a trust's current deliveries in one status (the print queue, the failures list), oldest
 * first, only of dictations the caller may see: the SQL twin of `mayView` (worklist.scope.sql's visibleTo),
 * so the page and its total agree. Each status has its partial index on (trust_id, id).
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deliveries } from '../../db/schema';
import type { RequestAuth } from '../auth/request-auth';
import { visibleTo } from '../worklist/worklist.scope.sql';
import type { DeliveryRow } from './deliveries.repository';
import { executeRows } from '../../db/execute-rows';

/** A copy of the list with its letter's reference and patient (the queue names whose letter each card is). */
export interface FoundDelivery {
  row: DeliveryRow;
  reference: string;
  patient: Record<string, string>;
}

export interface DeliveriesPage {
  total: number;
  found: FoundDelivery[];
}

export async function deliveriesPage(
  db: Db,
  auth: RequestAuth,
  status: 'printing' | 'failed',
  page: { limit: number; offset: number },
): Promise<DeliveriesPage> {
  const viewer = { userId: auth.ctx.user.id, trustId: auth.ctx.user.trustId, subject: auth.subject };
  const from = sql`deliveries x JOIN dictations d ON d.id = x.dictation_id
    WHERE x.trust_id = ${viewer.trustId} AND x.status = ${status}
      AND NOT EXISTS (SELECT 1 FROM deliveries n WHERE n.resend_of = x.id)
      AND ${visibleTo(viewer)}`;
  const rowsOf = <T>(query: ReturnType<typeof sql>) => executeRows<T>(db, query);
  const [count] = await rowsOf<{ n: number | string }>(sql`SELECT count(*) AS n FROM ${from}`);
  const total = Number(count?.n ?? 0);
  if (total === 0 || page.offset >= total) return { total, found: [] };
  const ids = await rowsOf<{ id: number | string; reference: string; patient: Record<string, string> | null }>(
    sql`SELECT x.id, d.reference, d.patient FROM ${from} ORDER BY x.id LIMIT ${page.limit} OFFSET ${page.offset}`,
  );
  const letter = new Map(ids.map((r) => [Number(r.id), { reference: r.reference, patient: r.patient ?? {} }]));
  const rows = await db
    .select()
    .from(deliveries)
    .where(inArray(deliveries.id, [...letter.keys()]))
    .orderBy(asc(deliveries.id));
  return {
    total,
    found: rows.map((row) => ({ row, reference: letter.get(row.id)?.reference ?? '', patient: letter.get(row.id)?.patient ?? {} })),
  };
}
