/**
 * Letters out (issue 13): approved letters not delivered in time (the Manager's stuck-letter count and
 * list) and the short-lived signed print link that /renderdocument opens.
 */
import { z } from 'zod';
import { DELIVERY_CHANNELS } from '../delivery-channel';
import { RECIPIENT_TYPES } from '../recipients';
import { pageQuerySchema } from './primitives';
import { DELIVERY_STATUSES } from './distribution';

const perPageText = 'per_page: from 1 to 50 per page.';

/** GET /api/stuck-letters?page=&per_page=: the caller's trust's stuck letters, longest waiting first. */
export const stuckLettersQuerySchema = z
  .object({
    page: pageQuerySchema(),
    per_page: z
      .string()
      .regex(/^\d{1,2}$/, perPageText)
      .transform(Number)
      .pipe(z.number().min(1, perPageText).max(50, perPageText))
      .default(20),
  })
  .strict();

/** A letter approved longer ago than the limit with a copy still not delivered or posted. No patient data. */
export const stuckLetterSchema = z.object({
  dictation_id: z.number(),
  reference: z.string(),
  /** The letter's author (a clinician). */
  author: z.string(),
  approved_at: z.string(),
  /** Whole hours since approval, by the server's clock. */
  hours_waiting: z.number(),
  /** The copies still on their way (current ones: a copy replaced by a resend is not listed), by recipient type, never name. */
  outstanding: z.array(
    z.object({
      id: z.number(),
      channel: z.enum(DELIVERY_CHANNELS),
      status: z.enum(DELIVERY_STATUSES),
      role: z.enum(['to', 'cc']),
      recipient_type: z.enum(RECIPIENT_TYPES).nullable(),
    }),
  ),
});
export type StuckLetter = z.infer<typeof stuckLetterSchema>;

export const stuckLettersAnswerSchema = z.object({
  data: z.object({
    /** Every stuck letter of the trust (the dashboard count). */
    total: z.number(),
    /** How long a letter may wait before it counts, in hours. */
    limit_hours: z.number(),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    data: z.array(stuckLetterSchema),
  }),
});
export type StuckLettersAnswer = z.infer<typeof stuckLettersAnswerSchema>['data'];

/** POST /api/dictation/{id}/print-link: a link anyone holding it may open for a few minutes. */
export const printLinkAnswerSchema = z.object({
  /** `url`: the page that opens the PDF for printing; `pdf_url`: the PDF itself, for a printer that fetches it. */
  data: z.object({ url: z.string(), pdf_url: z.string(), expires_at: z.string() }),
});
export type PrintLink = z.infer<typeof printLinkAnswerSchema>['data'];

/**
 * The signed part of a print link (the page /renderdocument and the PDF it opens). Loose on purpose: a
 * link that was altered or cut short is refused by its signature (403), not told which part is wrong.
 */
export const printLinkQuerySchema = z.object({
  d: z.string().max(20).optional(),
  v: z.string().max(20).optional(),
  u: z.string().max(20).optional(),
  s: z.string().max(20).optional(),
  exp: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});
export type PrintLinkQuery = z.infer<typeof printLinkQuerySchema>;
