/**
 * The contract of Users (issue 25): the list's admin fields and filters, one user's details, invitations,
 * CSV import, edits, unlock, PIN reset, sign-out everywhere, deactivation. The forms check their input with
 * these same schemas before sending.
 *
 * GET /api/users and GET /api/users/:id stay the endpoints of the authors list (spec §7): their answers keep
 * the summary's fields; an administrator of users gets the admin fields beside them (`UserListRow`'s
 * optional ones, and `detail` on one user).
 */
import { z } from 'zod';
import { ADMIN_USERS_MESSAGES as M } from '../messages-admin-users';
import { MESSAGES } from '../messages';
import { APPLICATION_TYPES, PERMISSIONS, ROLES } from '../roles';
import { USER_IMPORT_MAX_BYTES } from '../limits';
import { idSchema, idTextSchema, isStorableText } from './primitives';
import { userSummarySchema } from './users';

const name = (required: string) =>
  z.string().trim().min(1, required).max(100, M.userNameTooLong).refine(isStorableText, MESSAGES.textUnsafe);

/** An e-mail address, kept in lower case (unique whatever its letter case). */
export const userEmailSchema = z.string().trim().toLowerCase().max(254, M.userEmailInvalid).email(M.userEmailInvalid);

const rolesSchema = z
  .array(z.enum(ROLES))
  .min(1, M.userRolesRequired)
  .refine((r) => new Set(r).size === r.length, M.userRoleTwice);
const permissionsSchema = z
  .array(z.enum(PERMISSIONS))
  .max(PERMISSIONS.length)
  .transform((p) => [...new Set(p)]);
const idsSchema = (max: number) =>
  z
    .array(idSchema())
    .max(max)
    .transform((ids) => [...new Set(ids)]);
const applicationsSchema = z
  .array(z.enum(APPLICATION_TYPES))
  .min(1, M.userApplicationRequired)
  .transform((a) => [...new Set(a)]);

/** What an administrator sets on a user; each part checked alone (the server checks grants and references). */
const userParts = {
  first_name: name(M.userFirstNameRequired),
  last_name: name(M.userLastNameRequired),
  email: userEmailSchema,
  site_id: idSchema(M.userSiteRequired),
  roles: rolesSchema,
  /** Permissions granted directly (a group's come with the group). */
  permissions: permissionsSchema,
  group_ids: idsSchema(100),
  /** `amplify` is dictation, `scribe_assist` the AI scribe. */
  application_types: applicationsSchema,
  /** The job types whose work the user sees (empty: every job type). */
  jobtype_filter: idsSchema(200),
  /** Secretarial cover (issue 22): the authors whose letters this Secretary or Manager may approve. */
  approves_for: idsSchema(200),
  /** An external typist's outsourcing pool; null: a member of the trust's own staff. */
  outsourcing_pool_id: idSchema().nullable(),
};

/** POST /api/users: a new user, invited by e-mail to choose their password. */
export const userCreateSchema = z
  .object({
    first_name: userParts.first_name,
    last_name: userParts.last_name,
    email: userParts.email,
    site_id: userParts.site_id,
    roles: userParts.roles,
    permissions: userParts.permissions.default([]),
    group_ids: userParts.group_ids.default([]),
    application_types: userParts.application_types.default(['amplify']),
    jobtype_filter: userParts.jobtype_filter.default([]),
    approves_for: userParts.approves_for.default([]),
    outsourcing_pool_id: userParts.outsourcing_pool_id.default(null),
  })
  .strict();
export type UserCreate = z.input<typeof userCreateSchema>;
export type UserCreateParsed = z.infer<typeof userCreateSchema>;

/** PATCH /api/users/{id}: only what is given changes. `active: true` reactivates (deactivating is DELETE). */
export const userUpdateSchema = z
  .object({
    first_name: userParts.first_name.optional(),
    last_name: userParts.last_name.optional(),
    email: userParts.email.optional(),
    site_id: userParts.site_id.optional(),
    roles: userParts.roles.optional(),
    permissions: userParts.permissions.optional(),
    group_ids: userParts.group_ids.optional(),
    application_types: userParts.application_types.optional(),
    jobtype_filter: userParts.jobtype_filter.optional(),
    approves_for: userParts.approves_for.optional(),
    outsourcing_pool_id: userParts.outsourcing_pool_id.optional(),
    active: z.literal(true, { error: M.userReactivateOnly }).optional(),
  })
  .strict()
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: M.userNothingToChange });
export type UserUpdate = z.input<typeof userUpdateSchema>;
export type UserUpdateParsed = z.infer<typeof userUpdateSchema>;

// ---- The list ----

/** Where an account stands: `invited` has not chosen a password yet (`invitation` says whether the link still works). */
export const USER_STATES = ['active', 'invited', 'locked', 'inactive'] as const;
export type UserState = (typeof USER_STATES)[number];
export const USER_STATE_LABELS: Record<UserState, string> = {
  active: 'Active',
  invited: 'Invited',
  locked: 'Locked',
  inactive: 'Deactivated',
};

/**
 * One row of GET /api/users: the summary (spec §7, the authors list) and, for an administrator of users,
 * the admin fields (left out for a Secretary's or Manager's authors list).
 */
export const userListRowSchema = userSummarySchema.extend({
  first_name: z.string().optional(),
  last_name: z.string().optional(),
  site_name: z.string().optional(),
  active: z.boolean().optional(),
  /** A live lock on the password or the PIN (too many wrong tries). */
  locked: z.boolean().optional(),
  /** An invitation not yet accepted: `pending` while its link works, `expired` after. */
  invitation: z.enum(['pending', 'expired']).nullable().optional(),
  /** One word for the list's status column: inactive, else invited, else locked, else active. */
  state: z.enum(USER_STATES).optional(),
});
export type UserListRow = z.infer<typeof userListRowSchema>;

// ---- One user ----

const ref = z.object({ id: z.number(), name: z.string() });
const personRef = z.object({ id: z.number(), full_name: z.string() });

/** What deactivating the user would leave without an owner (see `userWorkWords`). */
export const userWorkSchema = z.object({
  authored: z.number(),
  approvals: z.number(),
  typing: z.number(),
  delegations: z.number(),
});

/** Everything the edit page shows and changes, and where the account stands. */
export const userDetailSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  email: z.string(),
  trust: ref,
  site: ref,
  roles: z.array(z.enum(ROLES)),
  /** Granted directly. */
  permissions: z.array(z.enum(PERMISSIONS)),
  groups: z.array(ref),
  /** What the groups add: every permission the user holds is `permissions` ∪ these. */
  group_permissions: z.array(z.enum(PERMISSIONS)),
  application_types: z.array(z.enum(APPLICATION_TYPES)),
  jobtype_filter: z.array(z.number()),
  /** The authors this user may approve for (secretarial cover), and who may approve for this user. */
  approves_for: z.array(personRef),
  approved_by: z.array(personRef),
  outsourcing_pool: ref.nullable(),
  active: z.boolean(),
  locked: z.boolean(),
  invitation: z.enum(['pending', 'expired']).nullable(),
  invited_at: z.string().nullable(),
  state: z.enum(USER_STATES),
  /** Whether a PIN is set (never the PIN). */
  pin_set: z.boolean(),
  work: userWorkSchema,
  created_at: z.string(),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** GET /api/users/{id}: the summary (spec, as the list has it for a Secretary), and the details for an administrator of users. */
export const userByIdAnswerSchema = z.object({ data: userSummarySchema, detail: userDetailSchema.optional() });
export const userDetailAnswerSchema = z.object({ data: userDetailSchema });
export type UserDetailAnswer = z.infer<typeof userDetailAnswerSchema>;

/** The actions' answer: words to show, and the user as they now are. */
export const userActionAnswerSchema = z.object({ message: z.string(), data: userDetailSchema });
export type UserActionAnswer = z.infer<typeof userActionAnswerSchema>;

/**
 * DELETE /api/users/{id}: deactivate. A user with work in progress needs `heir_id` (an active Author of the
 * same trust: their dictations, letters awaiting approval, and delegations for them move there); dictations
 * they are typing go back to the queue, or to `typist_heir_id` (an active Secretary or Manager) when given.
 */
export const userDeactivateQuerySchema = z
  .object({
    heir_id: idTextSchema.optional(),
    typist_heir_id: idTextSchema.optional(),
  })
  .strict();
export type UserDeactivateQuery = z.input<typeof userDeactivateQuerySchema>;

// ---- CSV import ----

/** The columns of the import file's first line; the first five are required. Lists inside a cell are separated by `;`. */
export const USER_IMPORT_COLUMNS = ['first_name', 'last_name', 'email', 'site', 'roles', 'permissions', 'groups', 'applications'] as const;
export const USER_IMPORT_REQUIRED = ['first_name', 'last_name', 'email', 'site', 'roles'] as const;

/** POST /api/users/import: the file's text; `dry_run` previews (nothing changes), otherwise every row must be right. */
export const usersImportSchema = z
  .object({
    csv: z
      .string()
      .refine((s) => new TextEncoder().encode(s).length <= USER_IMPORT_MAX_BYTES, M.usersImportTooLarge(USER_IMPORT_MAX_BYTES))
      .refine(isStorableText, MESSAGES.textUnsafe),
    dry_run: z.boolean().default(true),
    /** SuperAdmin: the trust the users join (the caller's own when left out). */
    trust_id: idSchema().optional(),
  })
  .strict();
export type UsersImport = z.input<typeof usersImportSchema>;

/** One line of the file (row 1 is the first user, after the column names), and what is wrong with it. */
export const userImportRowSchema = z.object({
  row: z.number(),
  email: z.string(),
  full_name: z.string(),
  ok: z.boolean(),
  /** Each problem in words, by column. */
  errors: z.array(z.object({ column: z.string(), message: z.string() })),
  /** The user made (commit only). */
  id: z.number().optional(),
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

export const usersImportAnswerSchema = z.object({
  message: z.string(),
  dry_run: z.boolean(),
  rows: z.array(userImportRowSchema),
  ok: z.number(),
  with_errors: z.number(),
  /** How many users were made (0 for a preview). */
  created: z.number(),
});
export type UsersImportAnswer = z.infer<typeof usersImportAnswerSchema>;
