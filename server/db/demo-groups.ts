import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { groupPermissions, groups, groupUsers, permissions, sites, trusts, users } from './schema';

/**
 * The demo trust's groups (issue 25), so its groups page shows what a working trust has: a trust-wide typing
 * pool, a site's user administrators, and a site group nobody has joined yet. Members are people whose access
 * the permissions do not change (a Secretary already opens the work queues; the SiteAdmin already administers
 * users), so no other demo journey moves.
 */
export async function seedDemoGroups(db: Db): Promise<void> {
  const [demo] = await db.select({ id: trusts.id }).from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!demo) return;
  const siteRows = await db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.trustId, demo.id));
  const siteId = (name: string) => siteRows.find((s) => s.name === name)?.id ?? null;
  const permIds = new Map((await db.select().from(permissions)).map((p) => [p.code, p.id]));
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.trustId, demo.id),
        inArray(users.email, ['mark.ellis@wardnote.test', 'trainee@wardnote.test', 'siteadmin@wardnote.test']),
      ),
    );
  const person = (email: string) => people.find((p) => p.email === email)?.id;

  const made = [
    {
      name: 'Cardiology typing pool',
      description: 'Secretaries who type the cardiology clinic letters.',
      siteId: null,
      codes: ['dictation.view'],
      members: ['mark.ellis@wardnote.test', 'trainee@wardnote.test'],
    },
    {
      name: 'Site user administrators',
      description: 'Look after the accounts of Demo General Hospital.',
      siteId: siteId('Demo General Hospital'),
      codes: ['users'],
      members: ['siteadmin@wardnote.test'],
    },
    {
      name: 'Community clinic uploads',
      description: 'Clinic staff who upload recorded dictations at the community hospital.',
      siteId: siteId('Demo Community Hospital'),
      codes: ['dictation.upload'],
      members: [],
    },
  ];
  for (const g of made) {
    const [row] = await db
      .insert(groups)
      .values({ trustId: demo.id, siteId: g.siteId, name: g.name, description: g.description })
      .returning();
    await db.insert(groupPermissions).values(g.codes.map((c) => ({ groupId: row!.id, permissionId: permIds.get(c)! })));
    const ids = g.members.map(person).filter((id): id is number => id !== undefined);
    if (ids.length) await db.insert(groupUsers).values(ids.map((userId) => ({ groupId: row!.id, userId })));
  }
}
