import { z } from 'zod';
import { ROLES } from '../roles';
import { idTextSchema } from './primitives';

/** GET /api/users (spec §7): params site_id, page, paginate, filter_role → `{ users: Paginated<UserSummary> }`. */
export const usersListQuerySchema = z.object({
  site_id: idTextSchema.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  paginate: z.coerce.number().int().min(1).max(100).default(100),
  filter_role: z.enum(ROLES).optional(),
});

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
