/**
 * The work queues (Home `/:tab`): GET /api/dictation (one status tab, paged, sorted, filtered),
 * GET /api/dictation/counts, POST /api/dictation/allocate (spec §7), deletion and confidential marking.
 */
import { z } from 'zod';
import { SEARCH_PAGE_SIZES, DEFAULT_SEARCH_PAGE_SIZE } from '../limits';
import { HOME_TABS, DICTATION_STATUSES } from '../statuses';
import { DICTATION_TYPES, SORTABLE_COLUMNS } from '../list-columns';
import { idSchema, idTextSchema, safeText, pageQuerySchema } from './primitives';
import { dictationSchema } from './dictations';
import { paginatedSchema } from './users';

const pageSizes = SEARCH_PAGE_SIZES.map(String) as [string, ...string[]];

export const worklistQuerySchema = z
  .object({
    status: z.enum(HOME_TABS, { error: 'status: choose one of the status tabs.' }),
    page: pageQuerySchema(),
    paginate: z
      .enum(pageSizes, { error: `paginate: choose ${SEARCH_PAGE_SIZES.join(', ')} per page.` })
      .transform(Number)
      .default(DEFAULT_SEARCH_PAGE_SIZE),
    sort_key: z.enum(SORTABLE_COLUMNS, { error: `sort_key: sort by ${SORTABLE_COLUMNS.join(', ')}.` }).optional(),
    sort: z.enum(['asc', 'desc'], { error: 'sort: asc or desc.' }).default('asc'),
    /** Filters (spec §9). `assigned_to=none` lists unassigned dictations. */
    assigned_to: z.union([z.literal('none'), idTextSchema], { error: 'assigned_to: a user id, or none.' }).optional(),
    author: idTextSchema.optional(),
    department: idTextSchema.optional(),
    document_type: idTextSchema.optional(),
    dictation_type: z.enum(DICTATION_TYPES, { error: 'dictation_type: mobile or web.' }).optional(),
    /** Narrows a tab that lists two statuses (READY_FOR_TYPING also lists RECEIVED). */
    filter_status: z.enum(DICTATION_STATUSES, { error: 'filter_status: a dictation status.' }).optional(),
    search: safeText().max(100, 'search: at most 100 characters.').optional(),
  })
  // An unknown filter is a mistake to report, not a filter to ignore silently.
  .strict();
export type WorklistQuery = z.input<typeof worklistQuerySchema>;

/** A list row: the dictation's own fields (as GET /api/dictation/{id} names them), plus what the queue shows. */
export const worklistRowSchema = dictationSchema
  .pick({
    id: true,
    reference: true,
    status: true,
    urgent: true,
    is_confidential: true,
    is_mobile: true,
    is_resend: true,
    user: true,
    department: true,
    jobtype: true,
    patient: true,
    created_at: true,
  })
  .extend({
    secretarial_cover: z.boolean(),
    assigned_to: z.object({ user_id: z.number(), full_name: z.string() }).nullable(),
    /** Null for a manual letter (no recording). */
    audio: z.object({ original_filename: z.string(), duration_ms: z.number().nullable(), state: z.string() }).nullable(),
    tat: z.object({ days: z.number(), target: z.number(), state: z.enum(['on_time', 'due_today', 'overdue']), text: z.string() }),
    /** Why the author sent it back to the typist (set on return, cleared when sent again); null if never returned. */
    return_reason: z.string().nullable(),
    /** Whether the caller has opened the letter (batch approval needs it): on the AUTHOR_APPROVAL tab only, else null. */
    opened: z.boolean().nullable(),
  });
export type WorklistRow = z.infer<typeof worklistRowSchema>;

export const worklistPageSchema = z.object({ data: paginatedSchema(worklistRowSchema) });
export type WorklistPage = z.infer<typeof worklistPageSchema>;

export const worklistCountsSchema = z.object({ data: z.partialRecord(z.enum(HOME_TABS), z.number()) });
export type WorklistCounts = z.infer<typeof worklistCountsSchema>;

/** POST /api/dictation/allocate (spec §7). */
export const allocateSchema = z
  .object({
    dictations: z.array(idSchema()).min(1, 'dictations: choose at least one dictation.').max(100, 'dictations: at most 100 at a time.'),
    type: z.enum(['status', 'user'], { error: 'type: status or user.' }),
    status: z.enum(DICTATION_STATUSES, { error: 'status: a dictation status.' }).optional(),
    user_id: idSchema().optional(),
    /**
     * With status AUTHOR_APPROVAL: the author handing their own dictation back grants secretarial cover
     * (left out: yes) or not (false). Only the author can grant it (issue 22): from anyone else `true` is
     * refused for that dictation, and left out means no cover.
     */
    secretarial_cover: z.boolean({ error: 'secretarial_cover: true or false.' }).optional(),
    /**
     * With status OUTSOURCED: the outsourcing pool of the caller's trust to send them to (issue 12). Left
     * out, the trust's only pool is meant; a trust with several pools must name one.
     */
    pool_id: idSchema().optional(),
  })
  .refine((b) => b.type !== 'status' || b.status, { message: 'status: choose where to move the dictations.', path: ['status'] })
  .refine((b) => b.pool_id === undefined || (b.type === 'status' && b.status === 'OUTSOURCED'), {
    message: 'pool_id: a pool is chosen only when outsourcing (type status, status OUTSOURCED).',
    path: ['pool_id'],
  })
  .refine((b) => b.type !== 'user' || b.user_id, { message: 'user_id: choose who to assign the dictations to.', path: ['user_id'] })
  .refine((b) => b.secretarial_cover === undefined || (b.type === 'status' && b.status === 'AUTHOR_APPROVAL'), {
    message: 'secretarial_cover: given only when handing dictations back to the author (type status, status AUTHOR_APPROVAL).',
    path: ['secretarial_cover'],
  });
export type AllocateRequest = z.input<typeof allocateSchema>;

export const allocateResultSchema = z.object({
  success_message: z.string().nullable(),
  unsuccess_message: z.string().nullable(),
  unsuccessful_jobs: z.array(z.object({ id: z.number(), reference: z.string().nullable(), reason: z.string() })),
});
export type AllocateResult = z.infer<typeof allocateResultSchema>;

/** POST /api/dictation/{id}/confidential */
export const confidentialSchema = z.object({ is_confidential: z.boolean({ error: 'is_confidential: true or false.' }) });
