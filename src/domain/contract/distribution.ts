/**
 * Letters out (issue 13): each recipient's delivery of an approved letter, the resend of a failed one,
 * the print queue, and a trust's distribution settings.
 */
import { z } from 'zod';
import { DELIVERY_CHANNELS } from '../delivery-channel';
import { RECIPIENT_TYPES } from '../recipients';
import { idSchema, pageQuerySchema, safeText } from './primitives';

/**
 * `sent`: the channel accepted it but the recipient has not yet confirmed it (a GP copy in the practice's
 * MESH inbox, not yet acknowledged); it counts as delivered only when acknowledged.
 */
export const DELIVERY_STATUSES = ['queued', 'printing', 'sent', 'delivered', 'posted', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One recipient's delivery, as the delivery log lists it (GET /api/dictation/{id}/deliveries). */
export const deliverySchema = z.object({
  id: z.number(),
  dictation_id: z.number(),
  role: z.enum(['to', 'cc']),
  recipient: z.object({ type: z.enum(RECIPIENT_TYPES), name: z.string() }),
  channel: z.enum(DELIVERY_CHANNELS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number(),
  /** What the channel answered (the mail server's reply, MESH's acceptance). */
  result: z.string().nullable(),
  /** The e-mail's Message-ID or the MESH message (tracking) id. */
  message_id: z.string().nullable(),
  /** Why it failed, or why this channel was taken (a GP copy printed because MESH is not set up). */
  reason: z.string().nullable(),
  /** The delivery this one tries again, when it is a resend. */
  resend_of: z.number().nullable(),
  /** Replaced by a resend: kept for the history. */
  superseded: z.boolean(),
  posted_by: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  posted_at: z.string().nullable(),
  /** A GP copy: when the practice acknowledged it; otherwise when the channel accepted it. */
  delivered_at: z.string().nullable(),
  /** When the channel (mail server, MESH) accepted it. */
  sent_at: z.string().nullable(),
  /** A GP copy waiting for the practice: when MESH tracking was last asked. */
  checked_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesAnswerSchema = z.object({ data: z.array(deliverySchema) });

/** POST /api/deliveries/{id}/resend: try a failed delivery again, on its channel or another. */
export const resendSchema = z.object({
  channel: z.enum(DELIVERY_CHANNELS, { error: `channel: one of ${DELIVERY_CHANNELS.join(', ')}.` }).optional(),
});
export const deliveryAnswerSchema = z.object({ data: deliverySchema });

/** A print delivery waiting in the print queue (GET /api/print-queue). */
export const printQueueItemSchema = deliverySchema.extend({
  reference: z.string(),
  address_lines: z.array(z.string()),
  /** Whose letter it is ("SURNAME, First"; empty when the dictation names no patient), for the card's heading. */
  patient_name: z.string(),
  /** The patient's NHS number as written ("999 001 2598"), or null when the dictation has none. */
  nhs_number: z.string().nullable(),
});
const perPageText = 'per_page: from 1 to 100 per page.';

/** GET /api/print-queue and /api/deliveries/failed: a page of the list, oldest first. */
export const deliveryPageQuerySchema = z
  .object({
    page: pageQuerySchema(),
    per_page: z
      .string()
      .regex(/^\d{1,3}$/, perPageText)
      .transform(Number)
      .pipe(z.number().min(1, perPageText).max(100, perPageText))
      .default(20),
  })
  .strict();

/** A page of print queue items, Laravel-style (spec §7): the items in `data` and the page fields beside them. */
export const printQueueAnswerSchema = z.object({
  data: z.array(printQueueItemSchema),
  current_page: z.number(),
  last_page: z.number(),
  per_page: z.number(),
  total: z.number(),
  next_page_url: z.string().nullable(),
  prev_page_url: z.string().nullable(),
});

/** The print deliveries a Secretary or Manager picked (merged PDF, marked posted). */
export const printSelectionSchema = z.object({
  deliveries: z
    .array(idSchema('deliveries: choose the letters by id.'), { error: 'deliveries: choose the letters by id.' })
    .min(1, 'Choose at least one letter.')
    .max(200, 'Choose at most 200 letters at a time.'),
});
export const postedAnswerSchema = z.object({ data: z.object({ posted: z.array(z.number()) }) });

/** A trust's distribution settings (`settings` key `distribution:<trustId>`). */
export const distributionSettingSchema = z.object({
  /** Put before the subject of letters sent by e-mail, e.g. "[secure]" for NHSmail's encryption. */
  email_subject_tag: safeText().trim().max(40).optional(),
  /** The trust's own ODS code: the custodian of letters sent to GP practices over MESH. */
  ods_code: z
    .string()
    .regex(/^[A-Z0-9]{3,10}$/, 'The ODS code is 3 to 10 capital letters and digits.')
    .optional(),
  /** Hours after approval before a letter not yet with every recipient counts as stuck; unset: STUCK_LETTER_HOURS. */
  stuck_letter_hours: z.number().int().min(1).max(168).optional(),
});
export type DistributionSetting = z.infer<typeof distributionSettingSchema>;
export const distributionKey = (trustId: number) => `distribution:${trustId}`;
