/**
 * The contract of Groups: permission bundles scoped to a trust or site, and their members (issue 25). What
 * /api/groups and /api/permissions take and answer; the groups page checks its input with these same schemas.
 */
import { z } from 'zod';
import { ADMIN_GROUPS_MESSAGES as M } from '../messages-admin-groups';
import { MESSAGES } from '../messages';
import { PERMISSIONS } from '../roles';
import { idSchema, idTextSchema, isStorableText, pageQuerySchema } from './primitives';
import { paginatedSchema } from './users';

const PAGINATE_TEXT = 'paginate: a page size is a whole number from 1 to 200.';

export const groupsQuerySchema = z
  .object({
    /** SuperAdmin: another trust's groups; anyone else their own trust (the default). */
    trust_id: idTextSchema.optional(),
    page: pageQuerySchema(),
    paginate: z
      .string()
      .regex(/^\d{1,3}$/, PAGINATE_TEXT)
      .transform(Number)
      .pipe(z.number().min(1, PAGINATE_TEXT).max(200, PAGINATE_TEXT))
      .default(25),
    /** Part of the name, any letter case. */
    search: z.string().trim().max(100, 'search: use at most 100 characters.').refine(isStorableText, MESSAGES.textUnsafe).optional(),
    /** Only the groups of this site; `trust`: only the trust-wide ones. */
    site_id: z.union([z.literal('trust'), idTextSchema], { error: 'site_id: a site’s id, or trust for the trust-wide groups.' }).optional(),
  })
  .strict();
export type GroupsQuery = z.input<typeof groupsQuerySchema>;

const nameSchema = z.string().trim().min(1, M.groupNameRequired).max(100, M.groupNameTooLong).refine(isStorableText, MESSAGES.textUnsafe);
/** Optional words about what the group is for; an empty one is none. */
const descriptionSchema = z
  .string()
  .trim()
  .max(500, M.groupDescriptionTooLong)
  .refine(isStorableText, MESSAGES.textUnsafe)
  .nullable()
  .transform((s) => (s ? s : null));
const permissionCodesSchema = z
  .array(z.enum(PERMISSIONS, { error: M.groupPermissionUnknown }))
  .max(PERMISSIONS.length, M.groupPermissionTwice)
  .refine((codes) => new Set(codes).size === codes.length, M.groupPermissionTwice);
/** The site the group is for; null: the whole trust. */
const siteSchema = idSchema(M.groupSiteChoice).nullable();

export const groupCreateSchema = z
  .object({
    /** The trust it belongs to; the caller's own when left out (SuperAdmin: any). */
    trust_id: idSchema().optional(),
    name: nameSchema,
    description: descriptionSchema.optional(),
    site_id: siteSchema,
    permissions: permissionCodesSchema,
  })
  .strict();
export type GroupCreate = z.input<typeof groupCreateSchema>;

export const groupUpdateSchema = z
  .object({
    name: nameSchema.optional(),
    description: descriptionSchema.optional(),
    site_id: siteSchema.optional(),
    /** The whole new set of the group's permissions. */
    permissions: permissionCodesSchema.optional(),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined || b.site_id !== undefined || b.permissions !== undefined, {
    message: M.groupNothingToChange,
  });
export type GroupUpdate = z.input<typeof groupUpdateSchema>;

export const groupMembersAddSchema = z
  .object({ user_ids: z.array(idSchema()).min(1, M.groupMembersNone).max(50, M.groupMembersTooMany) })
  .strict();
export type GroupMembersAdd = z.input<typeof groupMembersAddSchema>;

export const groupMemberParamsSchema = z.object({ id: idTextSchema, userId: idTextSchema });

export const groupCandidatesQuerySchema = z
  .object({
    search: z.string().trim().max(100, 'search: use at most 100 characters.').refine(isStorableText, MESSAGES.textUnsafe).optional(),
  })
  .strict();

const siteRefSchema = z.object({ id: z.number(), name: z.string() });

export const groupSchema = z.object({
  id: z.number(),
  trust_id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  /** null: the whole trust. */
  site: siteRefSchema.nullable(),
  permissions: z.array(z.enum(PERMISSIONS)),
  /** How many members it has. */
  members: z.number(),
});
export type Group = z.infer<typeof groupSchema>;

export const groupMemberSchema = z.object({ id: z.number(), full_name: z.string(), email: z.string(), site: siteRefSchema });
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const groupDetailSchema = groupSchema.extend({ member_list: z.array(groupMemberSchema) });
export type GroupDetail = z.infer<typeof groupDetailSchema>;

export const groupsAnswerSchema = z.object({
  trust: z.object({ id: z.number(), name: z.string() }),
  /** The trust's sites the caller may scope a group to (a SiteAdmin: their own), for the scope choice and the filter. */
  sites: z.array(siteRefSchema),
  data: paginatedSchema(groupSchema),
});
export type GroupsAnswer = z.infer<typeof groupsAnswerSchema>;
export const groupAnswerSchema = z.object({ data: groupDetailSchema });

export const groupCandidatesAnswerSchema = z.object({ data: z.array(groupMemberSchema) });

export const permissionsAnswerSchema = z.object({
  data: z.array(z.object({ code: z.enum(PERMISSIONS), description: z.string() })),
});
export type PermissionsAnswer = z.infer<typeof permissionsAnswerSchema>;
