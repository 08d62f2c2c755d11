import { z } from 'zod';
import { ROLES } from '../roles';
import { ADMIN_USERS_MESSAGES as M } from '../messages-admin-users';
import { MESSAGES } from '../messages';
import { idTextSchema, isStorableText } from './primitives';

/**
 * GET /api/users (spec §7): params site_id, page, paginate, filter_role → `{ users: Paginated<UserSummary> }`.
 * The administration's filters are added (issue 25): search by the start of the first name, last name or
 * e-mail; active (default true: the authors list sees active users only; `all` for every state); locked;
 * trust_id (SuperAdmin: another trust's users). Only an administrator of users may ask for deactivated or
 * locked users, or another trust's.
 */
export const usersListQuerySchema = z.object({
  site_id: idTextSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  paginate: z.coerce.number().int().min(1).max(100).default(100),
  filter_role: z.enum(ROLES).optional(),
  search: z.string().trim().max(100, M.usersListSearch).refine(isStorableText, MESSAGES.textUnsafe).optional(),
  active: z.enum(['true', 'false', 'all'], { error: M.usersListActive }).default('true'),
  locked: z
    .enum(['true', 'false'], { error: M.usersListLocked })
    .transform((v) => v === 'true')
    .optional(),
  trust_id: idTextSchema.optional(),
});
export type UsersListQuery = z.input<typeof usersListQuerySchema>;

export const userSummarySchema = z.object({
  id: z.number(),
  full_name: z.string(),
  email: z.string(),
  site_id: z.number(),
  roles: z.array(z.object({ name: z.enum(ROLES) })),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export function paginatedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number(),
    last_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    next_page_url: z.string().nullable(),
    prev_page_url: z.string().nullable(),
  });
}
