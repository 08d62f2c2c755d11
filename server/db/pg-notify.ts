import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** PostgreSQL NOTIFY on a channel: sent when the caller's transaction commits (at once outside one). */
export async function pgNotify(db: Pick<Db, 'execute'>, channel: string, payload: string): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
