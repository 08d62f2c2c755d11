import type { SQL } from 'drizzle-orm';
import type { Db } from './client';

/**
 * The rows of a raw SQL statement. Both drivers (node-postgres and PGlite) answer `{ rows }`, but drizzle
 * types a raw answer per driver and Db is driver-neutral: the one cast is here.
 */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
