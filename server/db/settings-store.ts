/**
 * The deployment's key-value settings table (maintenance flag, generated keys, per-trust documents such as
 * `distribution:<trust id>`): one place reads and writes it.
 */
import { eq, like } from 'drizzle-orm';
import type { Db } from './client';
import { settings } from './schema';

export async function readSetting(db: Db, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

/** Every setting whose key starts with this prefix. */
export function readSettingsWithPrefix(db: Db, prefix: string): Promise<{ key: string; value: unknown }[]> {
  return db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(like(settings.key, `${prefix}%`));
}

export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * The value kept under `key`, storing `made` first when there is none. Two processes starting at once
 * both insert-if-absent and then read the one that won, so every process uses the same value.
 */
export async function keepFirstSetting(db: Db, key: string, made: () => unknown): Promise<unknown> {
  const existing = await readSetting(db, key);
  if (existing !== undefined) return existing;
  await db.insert(settings).values({ key, value: made() }).onConflictDoNothing();
  return readSetting(db, key);
}
