/** SQL of the dictation page's side panel: comments and the audit trail, newest first, a page at a time. */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { dictationComments, dictationLogs, users } from '../../db/schema';
import { fullName } from '../../../src/domain/display-format';

const person = (u: { id: number | null; firstName: string | null; lastName: string | null } | null) =>
  u?.id ? { id: u.id, full_name: fullName(u.firstName, u.lastName) } : null;
const by = { id: users.id, firstName: users.firstName, lastName: users.lastName };

export async function commentsPage(db: Db, dictationId: number, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: dictationComments.id, comments: dictationComments.comments, createdAt: dictationComments.createdAt, by })
      .from(dictationComments)
      .leftJoin(users, eq(users.id, dictationComments.userId))
      .where(eq(dictationComments.dictationId, dictationId))
      .orderBy(desc(dictationComments.createdAt), desc(dictationComments.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(dictationComments).where(eq(dictationComments.dictationId, dictationId)),
  ]);
  return {
    rows: rows.map((r) => ({ id: r.id, comments: r.comments, user: person(r.by), created_at: r.createdAt.toISOString() })),
    total: Number(total?.n ?? 0),
  };
}

export async function addComment(db: Db, dictationId: number, userId: number, comments: string) {
  const [row] = await db.insert(dictationComments).values({ dictationId, userId, comments }).returning();
  return row!;
}

export async function logsPage(db: Db, dictationId: number, page: number, perPage: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: dictationLogs.id,
        description: dictationLogs.description,
        type: dictationLogs.type,
        createdAt: dictationLogs.createdAt,
        by,
      })
      .from(dictationLogs)
      .leftJoin(users, eq(users.id, dictationLogs.userId))
      .where(eq(dictationLogs.dictationId, dictationId))
      .orderBy(desc(dictationLogs.createdAt), desc(dictationLogs.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(dictationLogs).where(eq(dictationLogs.dictationId, dictationId)),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id,
      description: r.description,
      type: r.type,
      user: person(r.by),
      created_at: r.createdAt.toISOString(),
    })),
    total: Number(total?.n ?? 0),
  };
}
