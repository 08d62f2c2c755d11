import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { trusts } from '../../db/schema';

export interface TrustRef {
  id: number;
  name: string;
}

/** A trust's id and name, or undefined when there is no such trust. */
export async function findTrustRef(db: Db, id: number): Promise<TrustRef | undefined> {
  const [trust] = await db.select({ id: trusts.id, name: trusts.name }).from(trusts).where(eq(trusts.id, id));
  return trust;
}
