/** Accounts and objects the departments and job types tests share (issue 25). */
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { departments, jobTypes, permissions, roles, trusts, userPermissions, userRoles, users } from '../../server/db/schema';
import { hashSecret } from '../../server/lib/secrets';
import type { Permission, Role } from '../../src/domain/roles';

export const SUPERADMIN = 'superadmin@wardnote.test';
export const TRUSTADMIN = 'trustadmin@wardnote.test';
export const SITEADMIN = 'siteadmin@wardnote.test';
export const MANAGER = 'manager@wardnote.test';
export const SECRETARY = 'secretary@wardnote.test';
export const AUTHOR = 'author@wardnote.test';
/** The demo has no holder of the structure permissions: the tests make one of each, a Secretary of the demo trust. */
export const HOLDERS = {
  departments: 'perm.departments@wardnote.test',
  jobtypes: 'perm.jobtypes@wardnote.test',
  'jobtypes.create': 'perm.jobtypes-create@wardnote.test',
  'jobtypes.edit': 'perm.jobtypes-edit@wardnote.test',
} as const satisfies Partial<Record<Permission, string>>;
/** A TrustAdmin of the other trust. */
export const FOREIGN_ADMIN = 'structure.foreign-admin@wardnote.test';

/** A user of the same site as `like`, with these roles and permissions. */
export async function addAccount(
  db: Db,
  opts: { email: string; like: string; roles: Role[]; permissions?: Permission[] },
): Promise<number> {
  const [like] = await db.select().from(users).where(eq(users.email, opts.like));
  const [row] = await db
    .insert(users)
    .values({
      trustId: like!.trustId,
      siteId: like!.siteId,
      email: opts.email,
      username: opts.email.split('@')[0]!,
      firstName: 'Test',
      lastName: opts.email.split('@')[0]!,
      passwordHash: await hashSecret(DEMO_PASSWORD),
    })
    .returning();
  for (const name of opts.roles) {
    const [role] = await db.select().from(roles).where(eq(roles.name, name));
    await db.insert(userRoles).values({ userId: row!.id, roleId: role!.id });
  }
  for (const code of opts.permissions ?? []) {
    const [perm] = await db.select().from(permissions).where(eq(permissions.code, code));
    await db.insert(userPermissions).values({ userId: row!.id, permissionId: perm!.id });
  }
  return row!.id;
}

/** The permission holders and the other trust's TrustAdmin. */
export async function addStructureAccounts(db: Db): Promise<void> {
  for (const [code, email] of Object.entries(HOLDERS)) {
    await addAccount(db, { email, like: SECRETARY, roles: ['Secretary'], permissions: [code as Permission] });
  }
  await addAccount(db, { email: FOREIGN_ADMIN, like: 'other.author@wardnote.test', roles: ['TrustAdmin'] });
}

export async function trustIds(db: Db): Promise<{ ours: number; theirs: number }> {
  const rows = await db.select({ id: trusts.id, name: trusts.name }).from(trusts);
  return { ours: rows.find((r) => r.name === 'Demo NHS Foundation Trust')!.id, theirs: rows.find((r) => r.name === 'Other NHS Trust')!.id };
}

let serial = 0;
/** A name no other test uses (files share nothing, but one file makes many). */
export const unique = (what: string) => `${what} ${++serial}`;
export const uniqueCode = () => `T${++serial}`;

export async function makeDepartment(db: Db, trustId: number, opts: { active?: boolean } = {}): Promise<number> {
  const [row] = await db
    .insert(departments)
    .values({ trustId, name: unique('Department'), code: uniqueCode(), active: opts.active ?? true })
    .returning({ id: departments.id });
  return row!.id;
}

export async function makeJobType(db: Db, trustId: number, opts: { departmentId?: number | null; active?: boolean } = {}): Promise<number> {
  const [row] = await db
    .insert(jobTypes)
    .values({ trustId, name: unique('Job type'), departmentId: opts.departmentId ?? null, recipient: ['gp'], active: opts.active ?? true })
    .returning({ id: jobTypes.id });
  return row!.id;
}
