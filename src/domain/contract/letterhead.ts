import { z } from 'zod';
import { safeText } from './primitives';

/** Largest logo kept in a letterhead: a PNG, base64 (about 190 KB of image). */
export const LETTERHEAD_LOGO_MAX_CHARS = 256_000;

const line = (max: number) => safeText().trim().max(max);
const PNG_BASE64 = /^iVBORw0KGgo[A-Za-z0-9+/]*={0,2}$/;

/** The parts of a letterhead a trust sets, and a site may set again for its own letters. */
const letterheadPartsSchema = z.object({
  trust_name: line(200).min(1).optional(),
  site_name: line(200).optional(),
  address_lines: z.array(line(120)).max(6).optional(),
  telephone: line(40).optional(),
  email: line(200).optional(),
  website: line(200).optional(),
  /** A line printed at the foot of every page (issue 25), e.g. the trust's registered address or a motto. */
  footer: line(200).optional(),
  /** A PNG image, base64 without a data: prefix. */
  logo_png_base64: z.string().max(LETTERHEAD_LOGO_MAX_CHARS).regex(PNG_BASE64, 'The logo must be a PNG image.').optional(),
});

/**
 * A trust's letterhead as kept in `settings` under `letterhead:<trustId>`: the trust's parts, and per
 * site (by site id) the parts that differ (a community hospital's own address and telephone).
 */
export const letterheadSettingSchema = letterheadPartsSchema.extend({
  sites: z.record(z.string().regex(/^\d{1,10}$/), letterheadPartsSchema).optional(),
});
export type LetterheadSetting = z.infer<typeof letterheadSettingSchema>;

/** The settings key of a trust's letterhead. */
export const letterheadKey = (trustId: number) => `letterhead:${trustId}`;
