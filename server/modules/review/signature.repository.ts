/** A user's signature details (job title, registration number): printed under the letters they approve. */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

export interface SignatureDetails {
  jobTitle: string | null;
  registrationNumber: string | null;
}

export async function findSignatureDetails(db: Db, userId: number): Promise<SignatureDetails | undefined> {
  const [me] = await db
    .select({ jobTitle: users.jobTitle, registrationNumber: users.registrationNumber })
    .from(users)
    .where(eq(users.id, userId));
  return me;
}

export async function saveSignatureDetails(db: Db, userId: number, details: SignatureDetails): Promise<void> {
  await db.update(users).set(details).where(eq(users.id, userId));
}
