/**
 * Settings that inherit trust → site → department → user, with locks (issue 25). The rules are the
 * domain's (src/domain/settings-inheritance.ts); this service builds a level's chain from the database,
 * decides who may read or change a level, writes each value to its home and audits every change.
 *
 * Who: a trust's level its SuperAdmin/TrustAdmin; a site's those and the site's SiteAdmin; a department's
 * those and holders of `departments`; a user's the user themselves and the administrators who reach them.
 * Another trust's level (or, for a SiteAdmin, another site's) is not found; a level of the caller's own
 * trust they may not administer is forbidden (a user's is not found, like any other person's record).
 *
 * Chains: trust; trust → site; trust → department; trust → the user's site → user. Users have no
 * department membership in the schema, so a user's chain has no department level (docs/decisions.md).
 */
import { adminReach, reaches } from '../../../src/domain/admin-reach';
import { satisfies, RULES } from '../../../src/domain/access';
import type { LevelSettings, PreferenceUpdate, SettingPut } from '../../../src/domain/contract';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import {
  byKey,
  checkSettingValue,
  profileUpdateValues,
  PROFILE_SETTING_KEYS,
  resolveSettings,
  sameSettingValue,
  SETTING_BY_KEY,
  userHeldValues,
  withEffectiveValues,
  type HeldValue,
  type LevelValues,
  type ResolvedSetting,
  type SettingKey,
  type SettingLevel,
  type TrustLimits,
} from '../../../src/domain/settings-inheritance';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { appError, Errors } from '../../lib/errors';
import { forgetSite, forgetUser } from '../auth/auth-cache';
import type { RequestAuth } from '../auth/request-auth';
import {
  deleteValue,
  findLevel,
  findSite,
  findTrust,
  heldValues,
  setSiteMfa,
  setTrustSitesMfa,
  setUserProfilePrefs,
  upsertValue,
  userProfilePrefs,
  type LevelRow,
} from './settings.repository';

type Profile = Record<string, unknown>;

/** Whether the caller administers this level (after it is known to be within their trust). */
function administers(auth: RequestAuth, level: LevelRow): boolean {
  const s = auth.subject;
  const reach = adminReach(s, { trustId: auth.ctx.user.trustId, siteId: auth.ctx.user.siteId });
  const trustAdmin = s.roles.includes('SuperAdmin') || s.roles.includes('TrustAdmin');
  if (!reaches(reach, { trustId: level.trustId })) return false;
  switch (level.scope) {
    case 'trust':
      return trustAdmin;
    case 'site':
      return trustAdmin || (s.roles.includes('SiteAdmin') && level.siteId === auth.ctx.user.siteId);
    case 'department':
      return trustAdmin || satisfies(s, RULES.departments);
    case 'user':
      return trustAdmin || (s.roles.includes('SiteAdmin') && level.siteId === auth.ctx.user.siteId);
  }
}

/** The profile's field for a setting (number of speakers sits under scribe_assist). */
function writeProfileField(profile: Profile, key: SettingKey, value: unknown | undefined): Profile {
  const next = { ...profile };
  if (key === 'number_of_speakers') {
    if (value === undefined) delete next.scribe_assist;
    else next.scribe_assist = { number_of_speakers: value };
  } else if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

export function createSettingsService(db: Db) {
  /** The chain of levels from the trust down to `level`, with what each holds. */
  async function chainOf(level: LevelRow): Promise<{ chain: LevelValues[]; limits: TrustLimits }> {
    const trust = await findTrust(db, level.trustId);
    if (!trust) throw Errors.notFound();
    const parts: { scope: SettingLevel; id: number; name: string }[] = [{ scope: 'trust', id: trust.id, name: trust.name }];
    let site: Awaited<ReturnType<typeof findSite>>;
    if ((level.scope === 'site' || level.scope === 'user') && level.siteId !== null) {
      site = await findSite(db, level.siteId);
      if (site) parts.push({ scope: 'site', id: site.id, name: site.name });
    }
    if (level.scope === 'department' || level.scope === 'user') parts.push({ scope: level.scope, id: level.id, name: level.name });
    const held = await heldValues(
      db,
      trust.id,
      parts.filter((p) => p.scope !== 'user'),
    );
    const chain: LevelValues[] = [];
    for (const p of parts) {
      const values: Partial<Record<SettingKey, HeldValue>> = { ...held.get(`${p.scope}:${p.id}`) };
      // The site's second factor lives in sites.mfa (what sign-in reads).
      if (p.scope === 'site' && site) values.mfa = { value: site.mfa, locked: false };
      if (p.scope === 'user') Object.assign(values, userHeldValues(await userProfilePrefs(db, p.id)));
      chain.push({ level: p.scope, id: p.id, name: p.name, values });
    }
    return { chain, limits: trust.limits };
  }

  async function levelSettings(level: LevelRow): Promise<LevelSettings> {
    const { chain, limits } = await chainOf(level);
    return {
      scope: level.scope,
      id: level.id,
      name: level.name,
      trust_id: level.trustId,
      settings: resolveSettings(chain, limits),
    };
  }

  /** The level, when the caller may see it: another trust's is not found; one they may not administer is refused. */
  async function levelFor(auth: RequestAuth, scope: SettingLevel, id: number): Promise<LevelRow> {
    const level = await findLevel(db, scope, id);
    if (!level) throw Errors.notFound();
    const reach = adminReach(auth.subject, { trustId: auth.ctx.user.trustId, siteId: auth.ctx.user.siteId });
    if (!reaches(reach, { trustId: level.trustId })) throw Errors.notFound();
    if (scope === 'user' && id === auth.ctx.user.id) return level;
    if (administers(auth, level)) return level;
    // Another site's level or person for a SiteAdmin, another person for anyone: not found.
    if (scope === 'user' || (scope === 'site' && auth.subject.roles.includes('SiteAdmin'))) throw Errors.notFound();
    throw Errors.forbidden();
  }

  /** Refuses a change at `level` to a setting it cannot hold or a level above locked. */
  function mayChange(level: LevelRow, current: ResolvedSetting): void {
    const def = SETTING_BY_KEY[current.key];
    if (!def.levels.includes(level.scope)) throw appError('setting_not_at_level', def.label, level.scope);
    if (current.locked) throw appError('setting_locked', def.label, current.locked_by!.name!);
  }

  function afterChange(level: LevelRow, key: SettingKey, sitesTouched: number[] = []) {
    if (level.scope === 'user') forgetUser(level.id);
    if (level.scope === 'site' && key === 'mfa') forgetSite(level.id);
    for (const s of sitesTouched) forgetSite(s);
  }

  return {
    async get(auth: RequestAuth, scope: SettingLevel, id: number): Promise<LevelSettings> {
      return levelSettings(await levelFor(auth, scope, id));
    },

    /** PUT: sets (and locks or unlocks) a value at the level. */
    async put(auth: RequestAuth, scope: SettingLevel, id: number, key: SettingKey, body: SettingPut, ip: string): Promise<LevelSettings> {
      const level = await levelFor(auth, scope, id);
      const before = byKey((await levelSettings(level)).settings)[key];
      mayChange(level, before);
      const def = SETTING_BY_KEY[key];
      const checked = checkSettingValue(key, body.value);
      if (!checked.ok) throw appError('setting_invalid', checked.message).withFields({ value: [checked.message] });
      if (def.trustLimit) {
        const limit = (await findTrust(db, level.trustId))!.limits[def.trustLimit];
        if (limit !== null && (checked.value as number) > limit) {
          const words = PAGE_MESSAGES.settingRetentionOverLimit(limit);
          throw appError('setting_invalid', words).withFields({ value: [words] });
        }
      }
      const locked = body.locked ?? before.held?.locked ?? false;
      if (locked && scope === 'user') {
        const words = PAGE_MESSAGES.settingUserLockNotAllowed;
        throw appError('setting_invalid', words).withFields({ locked: [words] });
      }
      let sitesTouched: number[] = [];
      await db.transaction(async (tx) => {
        if (scope === 'user') {
          await setUserProfilePrefs(tx, id, writeProfileField(await userProfilePrefs(tx, id), key, checked.value));
        } else if (scope === 'site' && key === 'mfa') {
          await setSiteMfa(tx, id, checked.value as boolean);
        } else {
          await upsertValue(tx, { scope, scopeId: id, trustId: level.trustId, key, value: checked.value, locked, by: auth.ctx.user.id });
          // A trust that locks the second factor sets it on every site (sites.mfa is what sign-in reads).
          if (scope === 'trust' && key === 'mfa' && locked)
            sitesTouched = await setTrustSitesMfa(tx, level.trustId, checked.value as boolean);
        }
        await audit(tx, {
          trustId: level.trustId,
          userId: auth.ctx.user.id,
          action: 'setting.changed',
          entityType: `${scope}_setting`,
          entityId: id,
          details: { key, before: before.held, after: { value: checked.value, locked } },
          ip,
        });
      });
      afterChange(level, key, sitesTouched);
      return levelSettings(level);
    },

    /** DELETE: the level holds no value any more (and no lock): it follows the level above. */
    async clear(auth: RequestAuth, scope: SettingLevel, id: number, key: SettingKey, ip: string): Promise<LevelSettings> {
      const level = await levelFor(auth, scope, id);
      const before = byKey((await levelSettings(level)).settings)[key];
      mayChange(level, before);
      // The site's second factor always has a value (sites.mfa); clearing it means off.
      if (!before.held) return levelSettings(level);
      await db.transaction(async (tx) => {
        if (scope === 'user') await setUserProfilePrefs(tx, id, writeProfileField(await userProfilePrefs(tx, id), key, undefined));
        else if (scope === 'site' && key === 'mfa') await setSiteMfa(tx, id, false);
        else await deleteValue(tx, { scope, scopeId: id, trustId: level.trustId, key });
        await audit(tx, {
          trustId: level.trustId,
          userId: auth.ctx.user.id,
          action: 'setting.cleared',
          entityType: `${scope}_setting`,
          entityId: id,
          details: { key, before: before.held, after: null },
          ip,
        });
      });
      afterChange(level, key);
      return levelSettings(level);
    },

    /** The signed-in user's own level, resolved (the profile answer's effective values and sources). */
    async ofUser(userId: number): Promise<{ profile: Profile; inherited: ResolvedSetting[] }> {
      const level = await findLevel(db, 'user', userId);
      if (!level) throw Errors.notFound();
      const own = await userProfilePrefs(db, userId);
      const resolved = (await levelSettings(level)).settings.filter((s) => (PROFILE_SETTING_KEYS as readonly string[]).includes(s.key));
      return { profile: withEffectiveValues(own, resolved), inherited: resolved };
    },

    /**
     * A preference save (POST /api/preference/{id}): a setting a level above locked may not change (422
     * naming who locked it, nothing saved); one sent with the locked value itself is left out, not kept as the user's own.
     */
    async checkPreferenceUpdate(userId: number, update: PreferenceUpdate['profile']): Promise<PreferenceUpdate['profile']> {
      const level = await findLevel(db, 'user', userId);
      if (!level) throw Errors.notFound();
      const resolved = byKey((await levelSettings(level)).settings);
      const next: Profile = { ...update };
      for (const [key, value] of Object.entries(profileUpdateValues(update)) as [SettingKey, unknown][]) {
        const r = resolved[key];
        if (!r.locked) continue;
        const same =
          key === 'email_notifications'
            ? Object.entries(value as object).every(([k, v]) => (r.value as Record<string, unknown>)[k] === v)
            : sameSettingValue(checkSettingValue(key, value).ok ? value : undefined, r.value);
        if (!same) throw appError('setting_locked', SETTING_BY_KEY[key].label, r.locked_by!.name!);
        delete next[key === 'number_of_speakers' ? 'scribe_assist' : key];
      }
      return next as PreferenceUpdate['profile'];
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
