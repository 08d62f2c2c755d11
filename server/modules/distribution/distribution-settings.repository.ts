/**
 * A trust's distribution settings: the `distribution:<trustId>` setting (e-mail subject tag, stuck-letter
 * limit), and the trust's own ODS code, kept once on the trust (issue 25: the trust page and Letters out edit
 * the same value; migration 0028 moved the ones kept in the setting).
 */
import { eq } from 'drizzle-orm';
import { distributionKey, distributionSettingSchema, type DistributionSetting } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { trusts } from '../../db/schema';
import { readSetting, writeSetting } from '../../db/settings-store';

/** The trust's setting; none, or one that does not read as a setting, is empty (the latter said in the log by trust id). */
export async function readDistributionSetting(
  db: Db,
  trustId: number,
  warn: (msg: string) => void = () => {},
): Promise<DistributionSetting> {
  const [stored, [trust]] = await Promise.all([
    readSetting(db, distributionKey(trustId)),
    db.select({ odsCode: trusts.odsCode }).from(trusts).where(eq(trusts.id, trustId)),
  ]);
  const ods = trust?.odsCode ? { ods_code: trust.odsCode } : {};
  if (stored === undefined) return ods;
  const parsed = distributionSettingSchema.omit({ ods_code: true }).safeParse(stored);
  if (!parsed.success) {
    warn(`The distribution setting of trust ${trustId} is not valid: letters are sent without a subject tag.`);
    return ods;
  }
  return { ...parsed.data, ...ods };
}

/** The setting's stored value as it is (keys another screen keeps included), or {}. */
export async function readDistributionRecord(db: Db, trustId: number): Promise<Record<string, unknown>> {
  const stored = await readSetting(db, distributionKey(trustId));
  return stored && typeof stored === 'object' ? (stored as Record<string, unknown>) : {};
}

export async function writeDistributionRecord(db: Db, trustId: number, value: Record<string, unknown>): Promise<void> {
  await writeSetting(db, distributionKey(trustId), value);
}

/** The trust's own ODS code (null: none); a code another trust has fails on the unique index. */
export async function setTrustOdsCode(db: Db, trustId: number, odsCode: string | null): Promise<void> {
  await db.update(trusts).set({ odsCode }).where(eq(trusts.id, trustId));
}
