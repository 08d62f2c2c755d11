import type { Db } from '../../db/client';
import { readSetting, writeSetting } from '../../db/settings-store';

const KEY = 'maintenance';

/**
 * How long a process trusts the database flag it last read. Every /api request asks, so reading it each
 * time cost a query per request; another process (`npm run maintenance`) is heard within this time.
 */
export const MAINTENANCE_FLAG_CACHE_MS = 2000;

const lastRead = new WeakMap<Db, { on: boolean; until: number }>();

/** Maintenance mode: MAINTENANCE=1 in the environment, or the flag in the settings table. */
export async function isMaintenanceOn(db: Db, fromEnv: boolean): Promise<boolean> {
  if (fromEnv) return true;
  const now = Date.now();
  const cached = lastRead.get(db);
  if (cached && cached.until > now) return cached.on;
  const on = (await readSetting(db, KEY)) === true;
  lastRead.set(db, { on, until: now + MAINTENANCE_FLAG_CACHE_MS });
  return on;
}

export async function setMaintenance(db: Db, on: boolean): Promise<void> {
  await writeSetting(db, KEY, on);
  lastRead.delete(db);
}
