/**
 * Settings that inherit (issue 25): SQL only. Values held by a trust, a site or a department live in
 * setting_values (every read names its trust); a user's own live in their profile (users.preferences), a
 * site's second factor in sites.mfa, the trust's retention limits in trusts (their existing homes).
 */
import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import type { SettingKey, SettingLevel, HeldValue, TrustLimits } from '../../../src/domain/settings-inheritance';
import { isSettingKey } from '../../../src/domain/settings-inheritance';
import type { Db } from '../../db/client';
import { departments, settingValues, sites, trusts, users } from '../../db/schema';
import { fullName } from '../../../src/domain/display-format';

/** A level as the service needs it: its trust, its site (site and user levels) and its name. */
export interface LevelRow {
  scope: SettingLevel;
  id: number;
  trustId: number;
  siteId: number | null;
  name: string;
}

export interface TrustRow {
  id: number;
  name: string;
  limits: TrustLimits;
}

export async function findTrust(db: Db, id: number): Promise<TrustRow | undefined> {
  const [t] = await db
    .select({ id: trusts.id, name: trusts.name, audio: trusts.audioRetentionDays, transcript: trusts.transcriptRetentionDays })
    .from(trusts)
    .where(eq(trusts.id, id));
  return t && { id: t.id, name: t.name, limits: { audio_retention_days: t.audio, transcript_retention_days: t.transcript } };
}

export async function findSite(db: Db, id: number): Promise<(LevelRow & { mfa: boolean }) | undefined> {
  const [s] = await db
    .select({ id: sites.id, trustId: sites.trustId, name: sites.name, mfa: sites.mfa })
    .from(sites)
    .where(eq(sites.id, id));
  return s && { scope: 'site', id: s.id, trustId: s.trustId, siteId: s.id, name: s.name, mfa: s.mfa };
}

export async function findLevel(db: Db, scope: SettingLevel, id: number): Promise<LevelRow | undefined> {
  if (scope === 'trust') {
    const t = await findTrust(db, id);
    return t && { scope, id, trustId: t.id, siteId: null, name: t.name };
  }
  if (scope === 'site') return findSite(db, id);
  if (scope === 'department') {
    const [d] = await db
      .select({ id: departments.id, trustId: departments.trustId, name: departments.name })
      .from(departments)
      .where(eq(departments.id, id));
    return d && { scope, id, trustId: d.trustId, siteId: null, name: d.name };
  }
  const [u] = await db
    .select({ id: users.id, trustId: users.trustId, siteId: users.siteId, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, id));
  return u && { scope, id, trustId: u.trustId, siteId: u.siteId, name: fullName(u.first, u.last) };
}

/** What the given levels of one trust hold in setting_values, by level. */
export async function heldValues(
  db: Db,
  trustId: number,
  levels: { scope: SettingLevel; id: number }[],
): Promise<Map<string, Partial<Record<SettingKey, HeldValue>>>> {
  const out = new Map<string, Partial<Record<SettingKey, HeldValue>>>();
  if (!levels.length) return out;
  const which: SQL[] = levels.map((l) => and(eq(settingValues.scope, l.scope), eq(settingValues.scopeId, l.id))!);
  const rows = await db
    .select({
      scope: settingValues.scope,
      scopeId: settingValues.scopeId,
      key: settingValues.key,
      value: settingValues.value,
      locked: settingValues.locked,
    })
    .from(settingValues)
    .where(and(eq(settingValues.trustId, trustId), or(...which)));
  for (const r of rows) {
    if (!isSettingKey(r.key)) continue;
    const k = `${r.scope}:${r.scopeId}`;
    const held = out.get(k) ?? {};
    held[r.key] = { value: r.value, locked: r.locked };
    out.set(k, held);
  }
  return out;
}

/** A user's saved profile preferences (their own level). */
export async function userProfilePrefs(db: Db, userId: number): Promise<Record<string, unknown>> {
  const [u] = await db.select({ preferences: users.preferences }).from(users).where(eq(users.id, userId));
  return (u?.preferences.profile ?? {}) as Record<string, unknown>;
}

export async function setUserProfilePrefs(db: Db, userId: number, profile: Record<string, unknown>): Promise<void> {
  await db
    .update(users)
    .set({ preferences: sql`jsonb_set(${users.preferences}, '{profile}', ${JSON.stringify(profile)}::jsonb, true)` })
    .where(eq(users.id, userId));
}

export async function upsertValue(
  db: Db,
  v: { scope: SettingLevel; scopeId: number; trustId: number; key: SettingKey; value: unknown; locked: boolean; by: number },
): Promise<void> {
  await db
    .insert(settingValues)
    .values({ scope: v.scope, scopeId: v.scopeId, trustId: v.trustId, key: v.key, value: v.value, locked: v.locked, updatedBy: v.by })
    .onConflictDoUpdate({
      target: [settingValues.scope, settingValues.scopeId, settingValues.key],
      set: { value: v.value, locked: v.locked, updatedBy: v.by, updatedAt: new Date() },
    });
}

export async function deleteValue(db: Db, v: { scope: SettingLevel; scopeId: number; trustId: number; key: SettingKey }): Promise<void> {
  await db
    .delete(settingValues)
    .where(
      and(
        eq(settingValues.trustId, v.trustId),
        eq(settingValues.scope, v.scope),
        eq(settingValues.scopeId, v.scopeId),
        eq(settingValues.key, v.key),
      ),
    );
}

export async function setSiteMfa(db: Db, siteId: number, mfa: boolean): Promise<void> {
  await db.update(sites).set({ mfa }).where(eq(sites.id, siteId));
}

/** A trust locked the second factor: every one of its sites takes it (sites.mfa is what sign-in reads). */
export async function setTrustSitesMfa(db: Db, trustId: number, mfa: boolean): Promise<number[]> {
  const rows = await db.update(sites).set({ mfa }).where(eq(sites.trustId, trustId)).returning({ id: sites.id });
  return rows.map((r) => r.id);
}
