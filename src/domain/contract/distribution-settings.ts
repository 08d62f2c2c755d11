/**
 * A trust's distribution settings as its administrators edit them (issue 13): GET and PUT
 * /api/trusts/{id}/distribution. Stored as the `distribution:<trustId>` setting (distributionSettingSchema);
 * an empty text or a null limit removes that setting.
 */
import { z } from 'zod';
import { PAGE_MESSAGES } from '../messages';
import { safeText } from './primitives';

export const STUCK_HOURS_MIN = 1;
export const STUCK_HOURS_MAX = 168;

// eslint-disable-next-line no-control-regex -- a subject tag goes into a mail header: one line, no control characters
const CONTROL = /[\u0000-\u001f\u007f]/;
const ODS_CODE = /^[A-Z0-9]{3,10}$/;

export const distributionSettingsInputSchema = z
  .object({
    /** Put first in the subject of letters sent by e-mail, e.g. "[secure]" for NHSmail's encryption; '' for none. */
    email_subject_tag: safeText()
      .trim()
      .max(40, PAGE_MESSAGES.distributionTagInvalid)
      .refine((v) => !CONTROL.test(v), PAGE_MESSAGES.distributionTagInvalid),
    /** The trust's own ODS code (the custodian of letters sent over MESH); '' for none. Letter case is ignored. */
    ods_code: z
      .string({ error: PAGE_MESSAGES.distributionOdsInvalid })
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || ODS_CODE.test(v), PAGE_MESSAGES.distributionOdsInvalid),
    /** Hours after approval before an undelivered letter counts as stuck; null: the deployment's STUCK_LETTER_HOURS. */
    stuck_letter_hours: z
      .number({ error: PAGE_MESSAGES.stuckHoursInvalid })
      .int(PAGE_MESSAGES.stuckHoursInvalid)
      .min(STUCK_HOURS_MIN, PAGE_MESSAGES.stuckHoursInvalid)
      .max(STUCK_HOURS_MAX, PAGE_MESSAGES.stuckHoursInvalid)
      .nullable(),
  })
  .strict();
export type DistributionSettingsInput = z.input<typeof distributionSettingsInputSchema>;

export const distributionSettingsSchema = z.object({
  trust: z.object({ id: z.number(), name: z.string() }),
  email_subject_tag: z.string(),
  ods_code: z.string(),
  stuck_letter_hours: z.number().nullable(),
  /** The limit when the trust sets none (STUCK_LETTER_HOURS). */
  default_stuck_letter_hours: z.number(),
  /** Whether GP copies can go over MESH, in words; never a MESH secret. */
  mesh: z.object({ configured: z.boolean(), usable: z.boolean(), status: z.string(), detail: z.string().nullable() }),
});
export type DistributionSettings = z.infer<typeof distributionSettingsSchema>;
export const distributionSettingsAnswerSchema = z.object({ data: distributionSettingsSchema });
