/** dictation_attachments rows, and the dictation log entries that go with them. */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictationAttachments, dictationLogs, users } from '../../db/schema';

export type AttachmentRow = typeof dictationAttachments.$inferSelect;

/** A dictation's attachments, oldest first, with who added each. */
export async function listAttachments(db: Db, dictationId: number) {
  return db
    .select({ row: dictationAttachments, firstName: users.firstName, lastName: users.lastName })
    .from(dictationAttachments)
    .innerJoin(users, eq(users.id, dictationAttachments.uploadedBy))
    .where(and(eq(dictationAttachments.dictationId, dictationId), isNull(dictationAttachments.deletedAt)))
    .orderBy(asc(dictationAttachments.createdAt), asc(dictationAttachments.id));
}

/** One attachment of this dictation, not deleted. */
export async function findAttachment(db: Db, dictationId: number, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(dictationAttachments)
    .where(and(eq(dictationAttachments.id, id), eq(dictationAttachments.dictationId, dictationId), isNull(dictationAttachments.deletedAt)))
    .limit(1);
  return row;
}

export async function insertAttachment(db: Db, values: typeof dictationAttachments.$inferInsert): Promise<AttachmentRow> {
  const [row] = await db.insert(dictationAttachments).values(values).returning();
  return row!;
}

/** Marks it deleted (the row stays for the audit trail); false when it already was. */
export async function markDeleted(db: Db, id: number): Promise<boolean> {
  const gone = await db
    .update(dictationAttachments)
    .set({ deletedAt: new Date() })
    .where(and(eq(dictationAttachments.id, id), isNull(dictationAttachments.deletedAt)))
    .returning({ id: dictationAttachments.id });
  return gone.length > 0;
}

export async function logOnDictation(db: Db, dictationId: number, userId: number, type: string, description: string): Promise<void> {
  await db.insert(dictationLogs).values({ dictationId, userId, type, description });
}
