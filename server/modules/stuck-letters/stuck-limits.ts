/**
 * How long an approved letter may wait before it counts as stuck: the trust's own limit from its
 * distribution setting (`stuck_letter_hours`), else the deployment's STUCK_LETTER_HOURS.
 */
import { distributionSettingSchema } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { readSettingsWithPrefix } from '../../db/settings-store';
import { readDistributionSetting } from '../distribution/distribution-settings.repository';

export interface StuckLimits {
  /** STUCK_LETTER_HOURS: for every trust without its own limit. */
  fallback: number;
  /** Trust id → its own limit in hours. */
  trusts: Record<string, number>;
}

/** Every trust's own limit (the periodic check covers all trusts at once). */
export async function readStuckLimits(db: Db, fallback: number): Promise<StuckLimits> {
  const rows = await readSettingsWithPrefix(db, 'distribution:');
  const trusts: Record<string, number> = {};
  for (const row of rows) {
    const id = /^distribution:(\d+)$/.exec(row.key)?.[1];
    const parsed = distributionSettingSchema.safeParse(row.value);
    if (id && parsed.success && parsed.data.stuck_letter_hours) trusts[id] = parsed.data.stuck_letter_hours;
  }
  return { fallback, trusts };
}

export const limitOf = (limits: StuckLimits, trustId: number): number => limits.trusts[String(trustId)] ?? limits.fallback;

/** One trust's limit. */
export async function trustStuckHours(db: Db, trustId: number, fallback: number): Promise<number> {
  return (await readDistributionSetting(db, trustId)).stuck_letter_hours ?? fallback;
}
