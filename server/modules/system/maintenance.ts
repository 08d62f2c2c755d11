import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

const KEY = 'maintenance';

/** Maintenance mode: MAINTENANCE=1 in the environment, or the flag in the settings table. */
export async function isMaintenanceOn(db: Db, fromEnv: boolean): Promise<boolean> {
  if (fromEnv) return true;
  const [row] = await db.select().from(settings).where(eq(settings.key, KEY)).limit(1);
  return row?.value === true;
}

export async function setMaintenance(db: Db, on: boolean): Promise<void> {
  await db
    .insert(settings)
    .values({ key: KEY, value: on })
    .onConflictDoUpdate({ target: settings.key, set: { value: on } });
}
