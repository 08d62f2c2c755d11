import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { DEMO_PASSWORD } from '../../server/db/seed';
import { patients, roles, trusts, userRoles, users } from '../../server/db/schema';
import { hashSecret } from '../../server/lib/secrets';
import type { LetterNode } from '../../src/domain/contract';
import type { Role } from '../../src/domain/roles';

/** Adds a person to the trust of `like` (same site), with the demo password. */
export async function addUser(db: Db, opts: { email: string; first: string; last: string; role: Role; like: string }): Promise<number> {
  const [like] = await db.select().from(users).where(eq(users.email, opts.like));
  const [row] = await db
    .insert(users)
    .values({
      trustId: like!.trustId,
      siteId: like!.siteId,
      email: opts.email,
      username: opts.email.split('@')[0]!,
      firstName: opts.first,
      lastName: opts.last,
      passwordHash: await hashSecret(DEMO_PASSWORD),
    })
    .returning();
  const [role] = await db.select().from(roles).where(eq(roles.name, opts.role));
  await db.insert(userRoles).values({ userId: row!.id, roleId: role!.id });
  return row!.id;
}

export const userId = async (db: Db, email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!.id;

/** A letter of a few paragraphs. */
export function letterDoc(...paragraphs: string[]): LetterNode {
  return {
    type: 'doc',
    content: [
      { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Diagnosis' }] },
      ...paragraphs.map((p) => ({ type: 'paragraph', content: [{ type: 'text', text: p }] })),
    ],
  };
}

/**
 * Puts the fixtures' patient (NHS 943 476 5919, worklist-fixtures' makeDictation) in every trust's patient
 * index with a postal address, so an approved letter to them can be posted (issue 13: approval needs a
 * usable channel for every recipient).
 */
export async function indexFixturePatient(
  db: Db,
  who: { nhs: string; last: string } = { nhs: '9434765919', last: 'PATIENT' },
): Promise<void> {
  for (const t of await db.select({ id: trusts.id }).from(trusts)) {
    await db.insert(patients).values({
      trustId: t.id,
      nhsNumber: who.nhs,
      firstName: 'Test',
      lastName: who.last,
      birthdate: '1950-11-22',
      address: { lines: ['1 Fixture Lane', 'Demoton'], postCode: 'DE1 1AA' },
    });
  }
}
