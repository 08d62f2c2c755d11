/** A trust's distribution settings (`settings` key `distribution:<trustId>`), kept like the letterhead. */
import { eq } from 'drizzle-orm';
import { distributionKey, distributionSettingSchema, type DistributionSetting } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { settings } from '../../db/schema';

/** The trust's setting; none, or one that does not read as a setting, is empty (the latter said in the log by trust id). */
export async function readDistributionSetting(
  db: Db,
  trustId: number,
  warn: (msg: string) => void = () => {},
): Promise<DistributionSetting> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, distributionKey(trustId)));
  if (!row) return {};
  const parsed = distributionSettingSchema.safeParse(row.value);
  if (!parsed.success) {
    warn(`The distribution setting of trust ${trustId} is not valid: letters are sent without a subject tag or trust ODS code.`);
    return {};
  }
  return parsed.data;
}
