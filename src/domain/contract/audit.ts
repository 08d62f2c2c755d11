/**
 * The audit viewer (issue 25): GET /api/audit (a page of the audit log, newest first), GET
 * /api/audit/actions (the actions the filter offers) and GET /api/audit/export.csv (the same filter
 * as a file). The filter is one schema, checked by the page's form and by the server.
 */
import { z } from 'zod';
import { ADMIN_AUDIT_MESSAGES as M } from '../messages-admin-audit';
import { idTextSchema, INT4_MAX, safeText } from './primitives';
import { paginatedSchema } from './users';

/** Entries per page: the page's choice, and the most a caller may ask for. */
export const AUDIT_PER_PAGE = 25;
export const AUDIT_PER_PAGE_MAX = 100;
/**
 * Totals are counted up to this many matching entries, never further (a trust's log holds millions):
 * past it the answer says `total_capped` and pages on by its cursors, which stay fast at any depth.
 */
export const AUDIT_COUNT_CAP = 1_000;
/** An export holds at most this many entries (newest first) and runs at most this long. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
export const AUDIT_EXPORT_SECONDS = 60;

/** A calendar day as the date input gives it: YYYY-MM-DD, a real day of a year from 1900 to 2999. */
export const auditDateSchema = z.string().refine((s) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < 1900 || y > 2999) return false;
  const day = new Date(Date.UTC(y, mo - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d;
}, M.auditDateInvalid);

/** Blank text from a form or a query string means "no filter". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/**
 * A page boundary: the last (or first) entry's time in microseconds since 1970 and its id, `<micros>_<id>`.
 * Opaque to the page, which sends back what an answer gave it.
 */
export const auditCursorSchema = z.string().regex(/^\d{1,17}_\d{1,18}$/, M.auditCursorInvalid);

/** What the viewer filters by; every field optional. `from` and `to` are whole days in the trust's time zone. */
const filterFields = {
  /** SuperAdmin only: whose trust's log (default: their own trust's). Anyone else may name only their own. */
  trust_id: optional(idTextSchema),
  /** Entries by this user (who did it). */
  user_id: optional(idTextSchema),
  /** Entries about this dictation: its reference, as on its letter and lists. */
  reference: optional(safeText().trim().max(40, M.auditReferenceUnknown)),
  action: optional(safeText().trim().max(100)),
  from: optional(auditDateSchema),
  to: optional(auditDateSchema),
};
const datesInOrder = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const dateOrder = { path: ['to'], message: M.auditDateOrder };

export const auditFilterSchema = z.object(filterFields).refine(datesInOrder, dateOrder);
export type AuditFilter = z.infer<typeof auditFilterSchema>;
export type AuditFilterInput = z.input<typeof auditFilterSchema>;

/**
 * GET /api/audit: the filter, a page size, and where to start: `before` (older than that entry: the next
 * page), `after` (newer: the previous page), or else `page` (counted from the newest, up to the counted
 * total). `page` also names the page a cursor leads to, for the envelope's current_page.
 */
export const auditListQuerySchema = z
  .object({
    ...filterFields,
    page: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,10}$/, 'page: a page number is a whole number from 1.')
        .transform(Number)
        .pipe(z.number().int().min(1).max(INT4_MAX))
        .default(1),
    ),
    paginate: z.preprocess(
      blankToUndefined,
      z
        .string()
        .regex(/^\d{1,3}$/, `paginate: a whole number from 1 to ${AUDIT_PER_PAGE_MAX}.`)
        .transform(Number)
        .pipe(z.number().int().min(1).max(AUDIT_PER_PAGE_MAX))
        .default(AUDIT_PER_PAGE),
    ),
    before: optional(auditCursorSchema),
    after: optional(auditCursorSchema),
  })
  .refine(datesInOrder, dateOrder);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One audit entry as the viewer shows it. */
export const auditEntrySchema = z.object({
  id: z.number(),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  action: z.string(),
  entity_type: z.string().nullable(),
  entity_id: z.string().nullable(),
  /** For an entry about a dictation: its reference (never the patient). */
  dictation_reference: z.string().nullable(),
  /** Who did it; null for the system (deliveries) or a sign-in to an unknown account. */
  user: z.object({ id: z.number(), full_name: z.string() }).nullable(),
  /** What the row holds besides: ids, codes, statuses, counts (server/modules/audit/audit.repository.ts says what). */
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The Laravel page (DESIGN §4) with what keyset paging adds: the cursors, and whether the total stopped counting. */
export const auditPageSchema = paginatedSchema(auditEntrySchema).extend({
  /** `total` stopped at AUDIT_COUNT_CAP: more entries match (last_page counts only those). */
  total_capped: z.boolean(),
  /** `before` for the next (older) page and `after` for the previous (newer) one; null at either end. */
  next_cursor: z.string().nullable(),
  prev_cursor: z.string().nullable(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The trust whose log it is; times are shown in its time zone, and its days are what `from` and `to` mean. */
export const auditTrustSchema = z.object({ id: z.number(), name: z.string(), timezone: z.string() });

export const auditListAnswerSchema = z.object({
  data: auditPageSchema,
  /** Whose log this is, and how far the caller sees into it. */
  trust: auditTrustSchema,
  scope: z.enum(['trust', 'site']),
});
export type AuditListAnswer = z.infer<typeof auditListAnswerSchema>;

/** GET /api/audit/actions: the actions the trust's log holds, for the filter (trust_id as for the list). */
export const auditActionsQuerySchema = z.object({ trust_id: optional(idTextSchema) });
export const auditActionsAnswerSchema = z.object({ data: z.array(z.string()) });
