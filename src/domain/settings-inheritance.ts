/**
 * Settings that inherit (issue 25): trust → site → department → user, with locks. One table of the
 * inheritable settings and one pure resolver, used by the server (the profile answer, the preference
 * save, the administration's endpoints) and by the client (the preferences page, the editor).
 *
 * Rules: the nearest level holding a (valid) value wins, unless a level above locked it: then the
 * highest lock wins and every value below it is ignored. Retention never exceeds the trust's limit
 * (trusts.audio_retention_days / transcript_retention_days). Values that break a setting's rule
 * (fewer than 5 columns, speakers outside 1–8) are ignored as if not held.
 */
import { z } from 'zod';
import { AUTO_REWIND_DEFAULT_SECONDS, AUTO_REWIND_MAX_SECONDS } from './auto-rewind';
import { DEFAULT_FOOTPEDAL_MODE, FOOTPEDAL_MODES } from './foot-pedal';
import { checkColumnChoice, DEFAULT_LIST_COLUMNS } from './list-columns';
import { ADMIN_SETTINGS_MESSAGES as M } from './messages-admin-settings';
import { MESSAGES } from './messages';

export const SETTING_LEVELS = ['trust', 'site', 'department', 'user'] as const;
export type SettingLevel = (typeof SETTING_LEVELS)[number];

export const SETTING_KEYS = [
  'mfa',
  'speech_recognition',
  'columns',
  'auto_rewind_seconds',
  'email_notifications',
  'footpedal_mode',
  'number_of_speakers',
  'audio_retention_days',
  'transcript_retention_days',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

export const isSettingKey = (k: unknown): k is SettingKey => typeof k === 'string' && (SETTING_KEYS as readonly string[]).includes(k);

/** Spec §5: "a value is accepted as an integer only if it is a single digit from 1 to 8". */
export const singleDigitSpeakers = z.unknown().transform((v, ctx) => {
  const n = typeof v === 'string' && /^[1-8]$/.test(v) ? Number(v) : v;
  if (typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= 8) return n;
  ctx.addIssue({ code: 'custom', message: M.settingSpeakersRange });
  return z.NEVER;
});

const retentionSchema = z
  .number({ error: M.settingRetentionRange })
  .int(M.settingRetentionRange)
  .min(1, M.settingRetentionRange)
  .max(36500, M.settingRetentionRange);

export const emailNotificationsSchema = z.object({ sent: z.boolean(), author_approval: z.boolean(), new_task: z.boolean() }).strict();
export type EmailNotifications = z.infer<typeof emailNotificationsSchema>;

export interface SettingDef {
  key: SettingKey;
  /** Checks (and normalises) a value set at any level. */
  schema: z.ZodType<unknown>;
  default: unknown;
  /** The levels that may hold a value. */
  levels: readonly SettingLevel[];
  label: string;
  description: string;
  /** Retention: never longer than this trust limit. */
  trustLimit?: 'audio_retention_days' | 'transcript_retention_days';
  kind: 'boolean' | 'columns' | 'seconds' | 'email' | 'footpedal' | 'digit' | 'days';
}

const ALL: readonly SettingLevel[] = SETTING_LEVELS;

export const SETTINGS: readonly SettingDef[] = [
  {
    key: 'mfa',
    kind: 'boolean',
    schema: z.boolean({ error: M.settingBadValue }),
    default: false,
    levels: ['trust', 'site'],
    label: 'Second factor (PIN)',
    description: 'Everyone signing in enters a PIN as well as their password.',
  },
  {
    key: 'speech_recognition',
    kind: 'boolean',
    schema: z.boolean({ error: M.settingBadValue }),
    default: false,
    levels: ALL,
    label: 'Speech recognition',
    description: 'New recording tabs use speech recognition when the site has it.',
  },
  {
    key: 'columns',
    kind: 'columns',
    schema: z.array(z.string(), { error: M.settingBadValue }).transform((cols, ctx) => {
      const checked = checkColumnChoice(cols);
      if (!checked.ok) {
        ctx.addIssue({ code: 'custom', message: MESSAGES.minColumns });
        return z.NEVER;
      }
      return checked.columns;
    }),
    default: [...DEFAULT_LIST_COLUMNS],
    levels: ALL,
    label: 'Work queue columns',
    description: 'The columns the work queue shows (at least five).',
  },
  {
    key: 'auto_rewind_seconds',
    kind: 'seconds',
    schema: z
      .number({ error: M.settingAutoRewindRange })
      .int(M.settingAutoRewindRange)
      .min(0, M.settingAutoRewindRange)
      .max(AUTO_REWIND_MAX_SECONDS, M.settingAutoRewindRange),
    default: AUTO_REWIND_DEFAULT_SECONDS,
    levels: ALL,
    label: 'Auto-rewind',
    description: 'How far playback goes back when it resumes after a pause.',
  },
  {
    key: 'email_notifications',
    kind: 'email',
    schema: emailNotificationsSchema,
    default: { sent: false, author_approval: false, new_task: false },
    levels: ALL,
    label: 'E-mail notifications',
    description: 'E-mails about letters sent, letters waiting for approval and dictations assigned for typing.',
  },
  {
    key: 'footpedal_mode',
    kind: 'footpedal',
    schema: z.enum(FOOTPEDAL_MODES, { error: M.settingBadValue }),
    default: DEFAULT_FOOTPEDAL_MODE,
    levels: ALL,
    label: 'Foot pedal mode',
    description: 'Basic: hold the play pedal to listen. Advanced: press once to start and once to stop.',
  },
  {
    key: 'number_of_speakers',
    kind: 'digit',
    schema: singleDigitSpeakers,
    default: 2,
    levels: ALL,
    label: 'Number of speakers',
    description: 'How many people the AI scribe expects in a consultation (1 to 8).',
  },
  {
    key: 'audio_retention_days',
    kind: 'days',
    schema: retentionSchema,
    default: null,
    levels: ['site', 'department'],
    trustLimit: 'audio_retention_days',
    label: 'Keep audio for (days)',
    description: 'Days audio is kept after its letter is sent; never longer than the trust keeps it.',
  },
  {
    key: 'transcript_retention_days',
    kind: 'days',
    schema: retentionSchema,
    default: null,
    levels: ['site', 'department'],
    trustLimit: 'transcript_retention_days',
    label: 'Keep transcripts for (days)',
    description: 'Days transcripts are kept after the letter is sent; never longer than the trust keeps them.',
  },
];

export const SETTING_BY_KEY: Record<SettingKey, SettingDef> = Object.fromEntries(SETTINGS.map((s) => [s.key, s])) as Record<
  SettingKey,
  SettingDef
>;

/** A value held at one level. */
export interface HeldValue {
  value: unknown;
  locked: boolean;
}

/** One level of the chain: which it is, its name ("Demo NHS Foundation Trust") and what it holds. */
export interface LevelValues {
  level: SettingLevel;
  id: number;
  name: string;
  values: Partial<Record<SettingKey, HeldValue>>;
}

export interface TrustLimits {
  audio_retention_days: number | null;
  transcript_retention_days: number | null;
}

export interface SettingSource {
  level: SettingLevel | 'default';
  name: string | null;
}

export interface ResolvedSetting {
  key: SettingKey;
  value: unknown;
  source: SettingSource;
  /** Plain words for the source: "from Demo NHS Foundation Trust", "your own", "set here", "default". */
  source_text: string;
  /** A level above the asked one locked it: the asked level cannot change it. */
  locked: boolean;
  locked_by: SettingSource | null;
  /** What the asked level itself holds, if anything (and whether it locked it for the levels below). */
  held: HeldValue | null;
  /** Whether the asked level may set or clear it. */
  settable: boolean;
}

/** A value checked against its setting's rule, or undefined when it breaks it. */
export function checkSettingValue(key: SettingKey, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const r = SETTING_BY_KEY[key].schema.safeParse(value);
  return r.success ? { ok: true, value: r.data } : { ok: false, message: r.error.issues[0]?.message ?? M.settingBadValue };
}

function clampToTrust(def: SettingDef, value: unknown, limits: TrustLimits): unknown {
  if (!def.trustLimit) return value;
  const limit = limits[def.trustLimit];
  if (limit === null) return value;
  return typeof value === 'number' ? Math.min(value, limit) : limit;
}

/**
 * For each setting, its effective value at the last level of `chain` (ordered trust first, the asked
 * level last), where it comes from, and whether a level above locked it.
 */
export function resolveSettings(chain: readonly LevelValues[], limits: TrustLimits): ResolvedSetting[] {
  const target = chain.at(-1);
  return SETTINGS.map((def) => {
    // Only the levels that may hold this setting count; values that break its rule are not held.
    const holding = chain
      .filter((l) => def.levels.includes(l.level))
      .map((l) => {
        const held = l.values[def.key];
        if (!held) return null;
        const checked = checkSettingValue(def.key, held.value);
        return checked.ok ? { level: l, value: checked.value, locked: held.locked } : null;
      });
    const heldHere = target?.values[def.key] ?? null;
    const above = holding.slice(0, -1);
    const lock = above.find((h) => h?.locked);
    const winner = lock ?? [...holding].reverse().find((h) => h !== null);
    const settable = !!target && def.levels.includes(target.level) && !lock;

    let value: unknown;
    let source: SettingSource;
    if (winner) {
      value = clampToTrust(def, winner.value, limits);
      source = { level: winner.level.level, name: winner.level.name };
    } else if (def.trustLimit && limits[def.trustLimit] !== null && chain[0]?.level === 'trust') {
      // Retention nobody set: as long as the trust keeps it.
      value = limits[def.trustLimit];
      source = { level: 'trust', name: chain[0].name };
    } else {
      value = def.default;
      source = { level: 'default', name: null };
    }
    const isTarget = !!winner && winner.level === target;
    const source_text =
      source.level === 'default'
        ? M.settingDefault
        : isTarget
          ? target!.level === 'user'
            ? M.settingYourOwn
            : M.settingSetHere
          : M.settingFrom(source.name!);
    return {
      key: def.key,
      value,
      source,
      source_text,
      locked: !!lock,
      locked_by: lock ? { level: lock.level.level, name: lock.level.name } : null,
      held: heldHere ? { value: heldHere.value, locked: heldHere.locked } : null,
      settable,
    };
  });
}

/** The resolved settings by key. */
export const byKey = (resolved: readonly ResolvedSetting[]) =>
  Object.fromEntries(resolved.map((r) => [r.key, r])) as Record<SettingKey, ResolvedSetting>;

/**
 * The user level's home is the profile (`preferences.profile`): which profile field holds each setting
 * a user may set. mfa and retention are not personal.
 */
export const PROFILE_SETTING_KEYS = [
  'speech_recognition',
  'columns',
  'auto_rewind_seconds',
  'email_notifications',
  'footpedal_mode',
  'number_of_speakers',
] as const satisfies readonly SettingKey[];
export type ProfileSettingKey = (typeof PROFILE_SETTING_KEYS)[number];

interface ProfileLike {
  speech_recognition?: boolean;
  columns?: string[];
  auto_rewind_seconds?: number;
  email_notifications?: Partial<EmailNotifications>;
  footpedal_mode?: 'basic' | 'advanced';
  scribe_assist?: { number_of_speakers: number };
}

/** The user level's held values, read from their saved profile (never locked: there is no level below). */
export function userHeldValues(profile: ProfileLike): Partial<Record<SettingKey, HeldValue>> {
  const out: Partial<Record<SettingKey, HeldValue>> = {};
  const hold = (k: SettingKey, v: unknown) => {
    if (v !== undefined && v !== null) out[k] = { value: v, locked: false };
  };
  hold('speech_recognition', profile.speech_recognition);
  hold('columns', profile.columns);
  hold('auto_rewind_seconds', profile.auto_rewind_seconds);
  if (profile.email_notifications)
    hold('email_notifications', {
      sent: profile.email_notifications.sent ?? false,
      author_approval: profile.email_notifications.author_approval ?? false,
      new_task: profile.email_notifications.new_task ?? false,
    });
  hold('footpedal_mode', profile.footpedal_mode);
  hold('number_of_speakers', profile.scribe_assist?.number_of_speakers);
  return out;
}

/** Which profile settings a partial profile update touches, with the values it gives them. */
export function profileUpdateValues(update: ProfileLike): Partial<Record<ProfileSettingKey, unknown>> {
  const out: Partial<Record<ProfileSettingKey, unknown>> = {};
  if (update.speech_recognition !== undefined) out.speech_recognition = update.speech_recognition;
  if (update.columns !== undefined) out.columns = update.columns;
  if (update.auto_rewind_seconds !== undefined) out.auto_rewind_seconds = update.auto_rewind_seconds;
  if (update.email_notifications !== undefined) out.email_notifications = update.email_notifications;
  if (update.footpedal_mode !== undefined) out.footpedal_mode = update.footpedal_mode;
  if (update.scribe_assist !== undefined) out.number_of_speakers = update.scribe_assist.number_of_speakers;
  return out;
}

/** A profile with the effective values written into it (what the profile answer carries). */
export function withEffectiveValues<P extends ProfileLike>(profile: P, resolved: readonly ResolvedSetting[]): P {
  const r = byKey(resolved);
  return {
    ...profile,
    speech_recognition: r.speech_recognition.value as boolean,
    columns: r.columns.value as string[],
    auto_rewind_seconds: r.auto_rewind_seconds.value as number,
    email_notifications: r.email_notifications.value as EmailNotifications,
    footpedal_mode: r.footpedal_mode.value as 'basic' | 'advanced',
    scribe_assist: { number_of_speakers: r.number_of_speakers.value as number },
  };
}

/** Two setting values are the same (JSON values: arrays in order, objects by key). */
export function sameSettingValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a).sort();
  const kb = Object.keys(b).sort();
  return (
    ka.length === kb.length &&
    ka.every((k, i) => k === kb[i] && sameSettingValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}
