/**
 * Trusts and sites (issue 25): what an administrator sends and gets back on /api/trusts, /api/sites, a
 * trust's letterhead and its engine settings. The forms check their input with these same schemas.
 * Secrets are write-only: an engine's API key is answered as `api_key_set`, never as its value.
 */
import { z } from 'zod';
import { ADMIN_TRUSTS_MESSAGES as M } from '../messages-admin-trusts';
import { MESSAGES } from '../messages';
import { LETTERHEAD_LOGO_MAX_CHARS } from './letterhead';
import { idSchema, idTextSchema, isStorableText, pageQuerySchema } from './primitives';
import { paginatedSchema } from './users';

const text = (max: number, required: string, tooLong: string) =>
  z.string().trim().min(1, required).max(max, tooLong).refine(isStorableText, MESSAGES.textUnsafe);
/** Optional free text: '' or null clears it. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .refine(isStorableText, MESSAGES.textUnsafe)
    .nullable()
    .transform((v) => (v ? v : null));

// ---- Lists ----

const PAGINATE_TEXT = 'paginate: a page size is a whole number from 1 to 200.';
const ACTIVE_TEXT = 'active: true for active ones, false for inactive ones, or leave it out for all.';
const listQuery = {
  page: pageQuerySchema(),
  paginate: z
    .string()
    .regex(/^\d{1,3}$/, PAGINATE_TEXT)
    .transform(Number)
    .pipe(z.number().min(1, PAGINATE_TEXT).max(200, PAGINATE_TEXT))
    .default(25),
  search: z.string().trim().max(100, 'search: use at most 100 characters.').refine(isStorableText, MESSAGES.textUnsafe).optional(),
  active: z
    .enum(['true', 'false'], { error: ACTIVE_TEXT })
    .transform((v) => v === 'true')
    .optional(),
};

// ---- Trusts ----

/** Every IANA time zone this runtime knows (and UTC). */
export function knownTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (k: string) => string[] };
  const list = intl.supportedValuesOf?.('timeZone') ?? ['Europe/London'];
  return list.includes('UTC') ? list : [...list, 'UTC'];
}
let zones: Set<string> | null = null;
export const isKnownTimeZone = (tz: string) => (zones ??= new Set(knownTimeZones())).has(tz);

export const TURNAROUND_MAX = 60;
export const RETENTION_MAX = 36_500;
export const odsCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3,10}$/, M.trustOdsFormat);
const retentionSchema = z
  .number({ error: M.trustRetentionRange })
  .int(M.trustRetentionRange)
  .min(1, M.trustRetentionRange)
  .max(RETENTION_MAX, M.trustRetentionRange)
  .nullable();

const trustParts = {
  name: text(200, M.trustNameRequired, M.trustNameTooLong),
  /** The trust's ODS code, unique across trusts; null for none. */
  ods_code: odsCodeSchema.nullable(),
  time_zone: z.string({ error: M.trustTimeZoneUnknown }).refine(isKnownTimeZone, M.trustTimeZoneUnknown),
  /** A letter's turnaround target in working days, unless its job type sets its own. */
  turnaround_days: z
    .number({ error: M.trustTurnaroundRange })
    .int(M.trustTurnaroundRange)
    .min(1, M.trustTurnaroundRange)
    .max(TURNAROUND_MAX, M.trustTurnaroundRange),
  /** Days audio and transcripts are kept after a letter is sent; null: kept. */
  audio_retention_days: retentionSchema,
  transcript_retention_days: retentionSchema,
};

// ---- Sites ----

export const SR_INTEGRATIONS = ['sr', 'dragon'] as const;
export const SR_LABELS: Record<(typeof SR_INTEGRATIONS)[number], string> = { sr: M.siteSrBrowser, dragon: M.siteSrDragon };
export const PIN_LIFETIME_MIN = 5;
export const PIN_LIFETIME_MAX = 1440;

const siteParts = {
  name: text(200, M.siteNameRequired, M.siteNameTooLong),
  address: optionalText(500, M.siteAddressTooLong),
  /** The second factor (PIN) for the site's users. */
  mfa: z.boolean(),
  /** Minutes a verified PIN lasts; null: the server's default. */
  pin_lifetime_minutes: z
    .number({ error: M.sitePinLifetimeRange })
    .int(M.sitePinLifetimeRange)
    .min(PIN_LIFETIME_MIN, M.sitePinLifetimeRange)
    .max(PIN_LIFETIME_MAX, M.sitePinLifetimeRange)
    .nullable(),
  sr_integration: z.enum(SR_INTEGRATIONS).nullable(),
  support_link: optionalText(300, M.siteSupportLinkFormat).refine(
    (v) => v === null || /^https:\/\/[^\s]+$/i.test(v),
    M.siteSupportLinkFormat,
  ),
  support_email: optionalText(200, M.siteSupportEmailFormat).refine(
    (v) => v === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
    M.siteSupportEmailFormat,
  ),
};

export const siteCreateSchema = z
  .object({
    /** The trust it belongs to; the caller's own when left out. */
    trust_id: idSchema().optional(),
    name: siteParts.name,
    address: siteParts.address.optional(),
    mfa: siteParts.mfa.optional(),
    pin_lifetime_minutes: siteParts.pin_lifetime_minutes.optional(),
    sr_integration: siteParts.sr_integration.optional(),
    support_link: siteParts.support_link.optional(),
    support_email: siteParts.support_email.optional(),
  })
  .strict();
export type SiteCreate = z.input<typeof siteCreateSchema>;

export const siteUpdateSchema = z
  .object({
    name: siteParts.name.optional(),
    address: siteParts.address.optional(),
    mfa: siteParts.mfa.optional(),
    pin_lifetime_minutes: siteParts.pin_lifetime_minutes.optional(),
    sr_integration: siteParts.sr_integration.optional(),
    support_link: siteParts.support_link.optional(),
    support_email: siteParts.support_email.optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.siteNothingToChange });
export type SiteUpdate = z.input<typeof siteUpdateSchema>;

export const siteSchema = z.object({
  id: z.number(),
  trust_id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  mfa: z.boolean(),
  pin_lifetime_minutes: z.number().nullable(),
  sr_integration: z.string().nullable(),
  support_link: z.string().nullable(),
  support_email: z.string().nullable(),
  active: z.boolean(),
  /** How many users belong to it. */
  users: z.number(),
});
export type Site = z.infer<typeof siteSchema>;

export const sitesQuerySchema = z.object({ trust_id: idTextSchema.optional(), ...listQuery }).strict();
export type SitesQuery = z.input<typeof sitesQuerySchema>;
export const sitesAnswerSchema = z.object({ trust: z.object({ id: z.number(), name: z.string() }), data: paginatedSchema(siteSchema) });
export type SitesAnswer = z.infer<typeof sitesAnswerSchema>;
export const siteAnswerSchema = z.object({ data: siteSchema, message: z.string().optional() });

// ---- Trusts (continued) ----

export const trustCreateSchema = z
  .object({
    name: trustParts.name,
    ods_code: trustParts.ods_code.optional(),
    time_zone: trustParts.time_zone.default('Europe/London'),
    turnaround_days: trustParts.turnaround_days.default(5),
    audio_retention_days: trustParts.audio_retention_days.optional(),
    transcript_retention_days: trustParts.transcript_retention_days.optional(),
    /** The trust's first site. */
    site: z.object({ name: siteParts.name, address: siteParts.address.optional() }).strict(),
  })
  .strict();
export type TrustCreate = z.input<typeof trustCreateSchema>;

export const trustUpdateSchema = z
  .object({
    name: trustParts.name.optional(),
    ods_code: trustParts.ods_code.optional(),
    time_zone: trustParts.time_zone.optional(),
    turnaround_days: trustParts.turnaround_days.optional(),
    audio_retention_days: trustParts.audio_retention_days.optional(),
    transcript_retention_days: trustParts.transcript_retention_days.optional(),
    active: z.boolean().optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.trustNothingToChange });
export type TrustUpdate = z.input<typeof trustUpdateSchema>;

export const trustSchema = z.object({
  id: z.number(),
  name: z.string(),
  ods_code: z.string().nullable(),
  time_zone: z.string(),
  turnaround_days: z.number(),
  audio_retention_days: z.number().nullable(),
  transcript_retention_days: z.number().nullable(),
  active: z.boolean(),
  /** How many sites it has (active or not). */
  sites: z.number(),
});
export type Trust = z.infer<typeof trustSchema>;

export const trustsQuerySchema = z.object(listQuery).strict();
export type TrustsQuery = z.input<typeof trustsQuerySchema>;
export const trustsAnswerSchema = z.object({ data: paginatedSchema(trustSchema) });
export const trustAnswerSchema = z.object({ data: trustSchema });

// ---- Letterhead ----

const PNG_BASE64 = /^iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/;
const contact = optionalText(200, M.letterheadContactTooLong);

export const letterheadInputSchema = z
  .object({
    address_lines: z
      .array(z.string().trim().max(120, M.letterheadLineTooLong).refine(isStorableText, MESSAGES.textUnsafe))
      .max(6, M.letterheadTooManyLines)
      .transform((lines) => lines.filter(Boolean)),
    telephone: optionalText(40, M.letterheadContactTooLong),
    email: contact,
    website: contact,
    footer: optionalText(200, M.letterheadFooterTooLong),
    /** A PNG image, base64 without a data: prefix; null: no logo. */
    logo_png_base64: z.string().max(LETTERHEAD_LOGO_MAX_CHARS, M.letterheadLogoTooLarge).regex(PNG_BASE64, M.letterheadLogoType).nullable(),
  })
  .strict();
export type LetterheadInput = z.input<typeof letterheadInputSchema>;

export const trustLetterheadSchema = z.object({
  address_lines: z.array(z.string()),
  telephone: z.string().nullable(),
  email: z.string().nullable(),
  website: z.string().nullable(),
  footer: z.string().nullable(),
  logo_png_base64: z.string().nullable(),
});
export type TrustLetterhead = z.infer<typeof trustLetterheadSchema>;
export const trustLetterheadAnswerSchema = z.object({ data: trustLetterheadSchema });

// ---- Engines ----

export const ENGINE_KINDS = ['transcription', 'drafting'] as const;
export type EngineKind = (typeof ENGINE_KINDS)[number];

/** An engine's address: https, no user or password in it (the server checks further where it may point). */
export const engineUrlSchema = z
  .string()
  .trim()
  .max(500, M.engineUrlFormat)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, M.engineUrlFormat)
  .refine((v) => {
    try {
      const u = new URL(v);
      return !u.username && !u.password;
    } catch {
      return true;
    }
  }, M.engineUrlCredentials);

export const engineInputSchema = z
  .object({
    /** '' or null clears it. */
    base_url: z
      .union([z.literal(''), engineUrlSchema])
      .nullable()
      .transform((v) => v || null)
      .optional(),
    model: optionalText(100, M.engineModelTooLong).optional(),
    /** A new key; null clears the stored one; left out keeps it. Never answered back. */
    api_key: z
      .string()
      .trim()
      .min(1, M.engineKeyBlank)
      .max(500, M.engineKeyTooLong)
      .refine(isStorableText, MESSAGES.textUnsafe)
      .nullable()
      .optional(),
  })
  .strict();
export type EngineInput = z.input<typeof engineInputSchema>;

export const enginesInputSchema = z
  .object({ transcription: engineInputSchema.optional(), drafting: engineInputSchema.optional() })
  .strict()
  .refine((b) => b.transcription !== undefined || b.drafting !== undefined, { message: M.engineNothingToChange });
export type EnginesInput = z.input<typeof enginesInputSchema>;

export const engineSchema = z.object({
  base_url: z.string().nullable(),
  model: z.string().nullable(),
  /** Whether a key is stored: the key itself is never answered. */
  api_key_set: z.boolean(),
  updated_at: z.string().nullable(),
});
export type Engine = z.infer<typeof engineSchema>;
export const enginesSchema = z.object({ transcription: engineSchema, drafting: engineSchema });
export type Engines = z.infer<typeof enginesSchema>;
export const enginesAnswerSchema = z.object({ data: enginesSchema });

export const trustIdParamSchema = z.object({ id: idTextSchema });
