/** The outsourcing pools of a trust (issue 12). */
import { and, asc, eq } from 'drizzle-orm';
import type { OutsourcingPool } from '../../../src/domain/contract/outsourcing';
import type { Db } from '../../db/client';
import { outsourcingPools } from '../../db/schema';

export async function poolsOfTrust(db: Db, trustId: number): Promise<OutsourcingPool[]> {
  return db
    .select({ id: outsourcingPools.id, name: outsourcingPools.name })
    .from(outsourcingPools)
    .where(eq(outsourcingPools.trustId, trustId))
    .orderBy(asc(outsourcingPools.name), asc(outsourcingPools.id));
}

/** The pool `id` if it is the trust's; another trust's pool is as good as none. */
export async function poolOfTrust(db: Db, trustId: number, id: number): Promise<OutsourcingPool | undefined> {
  const [row] = await db
    .select({ id: outsourcingPools.id, name: outsourcingPools.name })
    .from(outsourcingPools)
    .where(and(eq(outsourcingPools.id, id), eq(outsourcingPools.trustId, trustId)))
    .limit(1);
  return row;
}
