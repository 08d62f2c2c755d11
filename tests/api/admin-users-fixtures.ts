/** Accounts and objects the users administration tests share (issue 25). */
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { dictations, mailbox, roles, sites, trusts, userRoles, users } from '../../server/db/schema';
import type { Role } from '../../src/domain/roles';

export const SUPERADMIN = 'superadmin@wardnote.test';
export const TRUSTADMIN = 'trustadmin@wardnote.test';
export const SITEADMIN = 'siteadmin@wardnote.test';
export const MANAGER = 'manager@wardnote.test';
export const SECRETARY = 'secretary@wardnote.test';
export const AUTHOR = 'author@wardnote.test';
/** A Secretary of the demo trust holding the permission `users` (the demo has none). */
export const USERS_HOLDER = 'perm.users@wardnote.test';

export interface Places {
  trust: { ours: number; theirs: number };
  /** The demo trust's general hospital (every demo admin's site), its community hospital, and the other trust's site. */
  site: { own: number; otherSite: number; otherTrust: number };
}

export async function places(db: Db): Promise<Places> {
  const t = await db.select({ id: trusts.id, name: trusts.name }).from(trusts);
  const s = await db.select({ id: sites.id, name: sites.name }).from(sites);
  const site = (name: string) => s.find((x) => x.name === name)!.id;
  return {
    trust: { ours: t.find((r) => r.name === 'Demo NHS Foundation Trust')!.id, theirs: t.find((r) => r.name === 'Other NHS Trust')!.id },
    site: { own: site('Demo General Hospital'), otherSite: site('Demo Community Hospital'), otherTrust: site('Other General Hospital') },
  };
}

let serial = 0;
export const uniqueEmail = (what = 'made') => `${what}.${Date.now().toString(36)}.${++serial}@wardnote.test`;

/** A user made directly in the database (not through the API under test): an Author unless told. */
export async function makeUser(
  db: Db,
  opts: { siteId: number; roles?: Role[]; invited?: boolean; active?: boolean; email?: string; passwordHash?: string },
): Promise<{ id: number; email: string }> {
  const [site] = await db.select().from(sites).where(eq(sites.id, opts.siteId));
  const email = opts.email ?? uniqueEmail();
  const [row] = await db
    .insert(users)
    .values({
      trustId: site!.trustId,
      siteId: site!.id,
      email,
      username: email,
      firstName: 'Test',
      lastName: `User ${++serial}`,
      passwordHash: opts.passwordHash ?? 'invited',
      invitedAt: opts.invited ? new Date() : null,
      active: opts.active ?? true,
    })
    .returning();
  for (const name of opts.roles ?? ['Author']) {
    const [role] = await db.select().from(roles).where(eq(roles.name, name));
    await db.insert(userRoles).values({ userId: row!.id, roleId: role!.id });
  }
  return { id: row!.id, email };
}

/** The token of the last link mailed to `to` (an invitation or a reset). */
export async function lastLinkTo(db: Db, to: string): Promise<{ token: string; text: string; subject: string } | undefined> {
  const [mail] = await db.select().from(mailbox).where(eq(mailbox.to, to)).orderBy(desc(mailbox.id)).limit(1);
  if (!mail) return undefined;
  const match = /\/password\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text);
  return { token: match?.[1] ?? '', text: mail.text, subject: mail.subject };
}

/** A dictation of this author at their site, in a status (and held by a typist when given). */
export async function makeDictation(db: Db, authorId: number, status: string, assignedTo: number | null = null): Promise<number> {
  const [author] = await db.select().from(users).where(eq(users.id, authorId));
  const n = ++serial;
  const [row] = await db
    .insert(dictations)
    .values({
      trustId: author!.trustId,
      siteId: author!.siteId,
      authorId,
      createdBy: authorId,
      clientId: `users-test-${Date.now()}-${n}`,
      reference: `UT${Date.now()}${n}`,
      status: status as 'DRAFT',
      assignedTo,
    })
    .returning({ id: dictations.id });
  return row!.id;
}
