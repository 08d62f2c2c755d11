/**
 * Many users from a CSV file (issue 25): the first line names the columns, each later line is a user. A
 * preview (`dry_run`) says for each row whether it can be imported or what is wrong with it, in words, by
 * column; the import itself takes the file only when every row is right, makes the users in one
 * transaction, and then sends each their invitation. Bounded: USER_IMPORT_MAX_ROWS rows, USER_IMPORT_MAX_BYTES.
 */
import Papa from 'papaparse';
import type { z } from 'zod';
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_REQUIRED,
  userCreateSchema,
  type UserImportRow,
  type UsersImportAnswer,
  type usersImportSchema,
} from '../../../src/domain/contract';
import { reaches } from '../../../src/domain/admin-reach';
import { fullName } from '../../../src/domain/display-format';
import { USER_IMPORT_MAX_ROWS } from '../../../src/domain/limits';
import { PAGE_MESSAGES } from '../../../src/domain/messages';
import { APPLICATION_TYPES, PERMISSIONS, ROLES, type Permission, type Role } from '../../../src/domain/roles';
import { grantRefusal } from '../../../src/domain/user-grants';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { appErrorVariant, Errors } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { groupsOfTrust, setGroups, setPermissions, setRoles, sitesOfTrust, takenEmails } from './admin-users.repository';
import { NO_PASSWORD, type AdminUsersService } from './admin-users.service';

type Column = (typeof USER_IMPORT_COLUMNS)[number];
/** The contract's field behind each column (the words of a refusal name the column). */
const FIELD_COLUMN: Record<string, Column> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  site_id: 'site',
  roles: 'roles',
  permissions: 'permissions',
  group_ids: 'groups',
  application_types: 'applications',
};
const APP_NAMES: Record<string, (typeof APPLICATION_TYPES)[number]> = {
  dictation: 'amplify',
  amplify: 'amplify',
  scribe_assist: 'scribe_assist',
};

/** A cell's list: "Author; Secretary". */
const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(/[;|]/)
    .map((s) => s.trim())
    .filter(Boolean);

export function createUsersImportService(db: Db, users_: AdminUsersService) {
  return {
    async run(auth: RequestAuth, body: z.infer<typeof usersImportSchema>, ip: string): Promise<UsersImportAnswer> {
      const reach = users_.reachOf(auth);
      const trustId = body.trust_id ?? auth.ctx.user.trustId;
      if (!reaches(reach, { trustId })) throw Errors.notFound();

      const parsed = Papa.parse<string[]>(body.csv.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' });
      const [header, ...lines] = parsed.data;
      if (!header || !lines.length) throw appErrorVariant('users_import_invalid', 'header', [...USER_IMPORT_REQUIRED]);
      const names = header.map((h) => h.trim().toLowerCase());
      const unknown = names.find((n) => !(USER_IMPORT_COLUMNS as readonly string[]).includes(n));
      if (unknown !== undefined) throw appErrorVariant('users_import_invalid', 'unknownColumn', unknown);
      const missing = USER_IMPORT_REQUIRED.filter((c) => !names.includes(c));
      if (missing.length) throw appErrorVariant('users_import_invalid', 'header', missing);
      if (lines.length > USER_IMPORT_MAX_ROWS) throw appErrorVariant('users_import_invalid', 'tooManyRows', USER_IMPORT_MAX_ROWS);

      const [sites, groups, granter] = await Promise.all([sitesOfTrust(db, trustId), groupsOfTrust(db, trustId), users_.granterOf(auth)]);
      const siteByName = new Map(sites.filter((s) => s.active).map((s) => [s.name.trim().toLowerCase(), s]));
      const emails = lines.map((l) => (l[names.indexOf('email')] ?? '').trim().toLowerCase());
      const taken = await takenEmails(db, emails.filter(Boolean));
      const firstRowOf = new Map<string, number>();

      type Made = z.infer<typeof userCreateSchema>;
      const rows: (UserImportRow & { user?: Made })[] = lines.map((line, i) => {
        const row = i + 1;
        const cell = (c: Column) => {
          const at = names.indexOf(c);
          return at < 0 ? undefined : line[at]?.trim();
        };
        const errors: { column: string; message: string }[] = [];
        const say = (column: Column, message: string) => errors.push({ column, message });
        if (line.length !== header.length) say('first_name', PAGE_MESSAGES.usersImportColumnCount);

        const siteText = cell('site') ?? '';
        const site = /^\d+$/.test(siteText)
          ? sites.find((s) => s.id === Number(siteText) && s.active)
          : siteByName.get(siteText.toLowerCase());
        if (siteText && !site) say('site', PAGE_MESSAGES.usersImportSiteUnknown(siteText));
        else if (site && reach.siteId !== 'any' && site.id !== reach.siteId) say('site', PAGE_MESSAGES.userSiteNotYours);

        const roleNames: Role[] = [];
        for (const r of list(cell('roles'))) {
          const role = ROLES.find((x) => x.toLowerCase() === r.toLowerCase());
          if (role) roleNames.push(role);
          else say('roles', PAGE_MESSAGES.usersImportRoleUnknown(r));
        }
        const perms: Permission[] = [];
        for (const p of list(cell('permissions'))) {
          const code = PERMISSIONS.find((x) => x === p.toLowerCase());
          if (code) perms.push(code);
          else say('permissions', PAGE_MESSAGES.usersImportPermissionUnknown(p));
        }
        const groupIds: number[] = [];
        for (const g of list(cell('groups'))) {
          const group = groups.find((x) => x.name.trim().toLowerCase() === g.toLowerCase() && (x.siteId === null || x.siteId === site?.id));
          if (group) groupIds.push(group.id);
          else say('groups', PAGE_MESSAGES.usersImportGroupUnknown(g));
        }
        const apps: (typeof APPLICATION_TYPES)[number][] = [];
        for (const a of list(cell('applications'))) {
          const app = APP_NAMES[a.toLowerCase()];
          if (app) apps.push(app);
          else say('applications', PAGE_MESSAGES.usersImportApplicationUnknown(a));
        }

        const checked = userCreateSchema.safeParse({
          first_name: cell('first_name') ?? '',
          last_name: cell('last_name') ?? '',
          email: cell('email') ?? '',
          site_id: site?.id ?? (siteText ? 1 : undefined),
          roles: roleNames.length || list(cell('roles')).length ? [...new Set(roleNames)] : [],
          permissions: perms,
          group_ids: groupIds,
          ...(apps.length ? { application_types: apps } : {}),
        });
        if (!checked.success) {
          for (const issue of checked.error.issues) {
            const column = FIELD_COLUMN[String(issue.path[0])] ?? 'first_name';
            // Unknown names were said above; an empty list after them is not worth saying twice.
            if (!errors.some((e) => e.column === column)) say(column, issue.message);
          }
        }
        const email = emails[i]!;
        if (email && firstRowOf.has(email)) say('email', PAGE_MESSAGES.usersImportEmailTwice(firstRowOf.get(email)!));
        else if (email) {
          firstRowOf.set(email, row);
          if (taken.has(email)) say('email', PAGE_MESSAGES.userEmailTaken(email));
        }
        if (checked.success) {
          const refusal = grantRefusal(granter, { roles: [], permissions: [], groupIds: [] }, checked.data);
          if (refusal?.kind === 'role') say('roles', PAGE_MESSAGES.userRoleNotYours(refusal.role));
          if (refusal?.kind === 'permission') say('permissions', PAGE_MESSAGES.userPermissionNotYours(refusal.permission));
          if (refusal?.kind === 'group')
            say('groups', PAGE_MESSAGES.userGroupNotYours(groups.find((g) => g.id === refusal.groupId)?.name ?? ''));
        }
        return {
          row,
          email: cell('email') ?? '',
          full_name: fullName(cell('first_name') ?? '', cell('last_name') ?? ''),
          ok: errors.length === 0,
          errors,
          ...(errors.length === 0 && checked.success ? { user: checked.data } : {}),
        };
      });

      const bad = rows.filter((r) => !r.ok).length;
      const good = rows.length - bad;
      const answer = (created: number, message: string): UsersImportAnswer => ({
        message,
        dry_run: body.dry_run,
        rows: rows.map(({ user: _user, ...r }) => r),
        ok: good,
        with_errors: bad,
        created,
      });
      if (body.dry_run) return answer(0, PAGE_MESSAGES.usersImportPreviewed(good, bad));
      if (bad) {
        const fields = Object.fromEntries(
          rows.filter((r) => !r.ok).map((r) => [`row ${r.row}`, r.errors.map((e) => `${e.column}: ${e.message}`)]),
        );
        throw appErrorVariant('users_import_invalid', 'rowErrors', bad).withFields(fields);
      }

      const made: { id: number; email: string; firstName: string }[] = [];
      await db.transaction(async (tx) => {
        for (const r of rows) {
          const u = r.user!;
          const [row] = await tx
            .insert(users)
            .values({
              trustId,
              siteId: u.site_id,
              email: u.email,
              username: u.email,
              firstName: u.first_name,
              lastName: u.last_name,
              passwordHash: NO_PASSWORD,
              applicationTypes: u.application_types,
            })
            .returning({ id: users.id });
          await setRoles(tx, row!.id, u.roles);
          await setPermissions(tx, row!.id, u.permissions);
          await setGroups(tx, row!.id, u.group_ids);
          r.id = row!.id;
          made.push({ id: row!.id, email: u.email, firstName: u.first_name });
          await audit(tx, {
            trustId,
            userId: auth.ctx.user.id,
            action: 'user.created',
            entityType: 'user',
            entityId: row!.id,
            details: {
              before: null,
              after: {
                first_name: u.first_name,
                last_name: u.last_name,
                email: u.email,
                site_id: u.site_id,
                roles: u.roles,
                permissions: u.permissions,
                group_ids: u.group_ids,
                application_types: u.application_types,
                active: true,
              },
              imported: true,
            },
            ip,
          });
        }
        await audit(tx, { trustId, userId: auth.ctx.user.id, action: 'users.imported', details: { rows: rows.length }, ip });
      });
      const inviter = users_.callerName(auth);
      for (const m of made) await users_.sendInvitation({ ...m, trustId }, inviter);
      return answer(made.length, PAGE_MESSAGES.usersImported(made.length));
    },
  };
}
