/** SQL of the letter path: the dictation with the names the page shows, the letter, its versions. */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import type { Approval } from '../../../src/domain/contract';
import type { LetterNode } from '../../../src/domain/contract/letter';
import { dictations, jobTypes, letters, letterVersions, users } from '../../db/schema';
import { fullName } from '../../../src/domain/display-format';

export type DictationRow = typeof dictations.$inferSelect;
export type LetterRow = typeof letters.$inferSelect;
type Doc = LetterNode;

/** A dictation as the letter path needs it: the row, who it is by and with, the job type's template. */
export interface DictationContext {
  row: DictationRow;
  author: string;
  assignee: string | null;
  template: string[];
}

const assignee = alias(users, 'assignee');
/** A user's name, or null when the row has none (no such user joined). */
const nameOf = (u: { firstName: string | null; lastName: string | null } | null) =>
  u?.firstName || u?.lastName ? fullName(u.firstName, u.lastName) : null;

export async function findContext(db: Db, id: number): Promise<DictationContext | undefined> {
  const [r] = await db
    .select({
      row: dictations,
      author: { firstName: users.firstName, lastName: users.lastName },
      assignee: { firstName: assignee.firstName, lastName: assignee.lastName },
      template: jobTypes.template,
    })
    .from(dictations)
    .innerJoin(users, eq(users.id, dictations.authorId))
    .leftJoin(assignee, eq(assignee.id, dictations.assignedTo))
    .leftJoin(jobTypes, eq(jobTypes.id, dictations.jobTypeId))
    .where(eq(dictations.id, id))
    .limit(1);
  if (!r) return undefined;
  return { row: r.row, author: nameOf(r.author) ?? '', assignee: nameOf(r.assignee), template: r.template ?? [] };
}

/**
 * The dictation's row, locked against a status or assignment change until the transaction ends: a
 * save checked against it cannot land after a hand-off or a take-over that ran meanwhile.
 */
export async function lockDictation(tx: Db, id: number): Promise<DictationRow | undefined> {
  const [row] = await tx.select().from(dictations).where(eq(dictations.id, id)).for('share');
  return row;
}

export interface StoredLetter {
  row: LetterRow;
  updatedBy: { id: number; full_name: string } | null;
}

export async function findLetter(db: Db, dictationId: number, opts: { forUpdate?: boolean } = {}): Promise<StoredLetter | undefined> {
  const q = db
    .select({ row: letters, by: { id: users.id, firstName: users.firstName, lastName: users.lastName } })
    .from(letters)
    .leftJoin(users, eq(users.id, letters.updatedBy))
    .where(eq(letters.dictationId, dictationId));
  const [r] = opts.forUpdate ? await q.for('update', { of: letters }) : await q;
  if (!r) return undefined;
  return { row: r.row, updatedBy: r.by?.id ? { id: r.by.id, full_name: nameOf(r.by)! } : null };
}

/**
 * Compare-and-set in one statement: the first save inserts version 1 only if there is no letter yet;
 * later saves update only if the letter is still at `baseVersion`. Two saves on the same base: one
 * gets the new version, the other undefined (a conflict).
 */
export async function saveLetterIfCurrent(
  tx: Db,
  v: { dictationId: number; trustId: number; doc: Doc; text: string; baseVersion: number; userId: number; at: Date },
): Promise<number | undefined> {
  if (v.baseVersion === 0) {
    const [r] = await tx
      .insert(letters)
      .values({
        dictationId: v.dictationId,
        trustId: v.trustId,
        doc: v.doc,
        text: v.text,
        version: 1,
        updatedBy: v.userId,
        updatedAt: v.at,
      })
      .onConflictDoNothing({ target: letters.dictationId })
      .returning({ version: letters.version });
    return r?.version;
  }
  const [r] = await tx
    .update(letters)
    .set({ doc: v.doc, text: v.text, version: sql`${letters.version} + 1`, updatedBy: v.userId, updatedAt: v.at })
    .where(and(eq(letters.dictationId, v.dictationId), eq(letters.version, v.baseVersion)))
    .returning({ version: letters.version });
  return r?.version;
}

/** Signs the letter with its approval (one more version); answers the signed version. */
export async function signLetter(tx: Db, dictationId: number, approval: Approval, userId: number, at: Date): Promise<number> {
  const [signed] = await tx
    .update(letters)
    .set({ approval, version: sql`${letters.version} + 1`, updatedBy: userId, updatedAt: at })
    .where(eq(letters.dictationId, dictationId))
    .returning({ version: letters.version });
  return signed!.version;
}

/** Keeps a version of the letter; a version already kept (by a final save or another hand-off) stays as it was. */
export async function keepVersion(
  tx: Db,
  v: { dictationId: number; version: number; kind: string; doc: Doc; text: string; userId: number },
): Promise<void> {
  await tx
    .insert(letterVersions)
    .values({ dictationId: v.dictationId, version: v.version, kind: v.kind, doc: v.doc, text: v.text, createdBy: v.userId })
    .onConflictDoNothing({ target: [letterVersions.dictationId, letterVersions.version] });
}

const versionColumns = {
  version: letterVersions.version,
  kind: letterVersions.kind,
  createdAt: letterVersions.createdAt,
  by: { id: users.id, firstName: users.firstName, lastName: users.lastName },
};
const summaryOf = (r: {
  version: number;
  kind: string;
  createdAt: Date;
  by: { id: number; firstName: string; lastName: string } | null;
}) => ({
  version: r.version,
  kind: r.kind,
  created_at: r.createdAt.toISOString(),
  user: r.by?.id ? { id: r.by.id, full_name: nameOf(r.by)! } : null,
});

export async function listVersions(db: Db, dictationId: number) {
  const rows = await db
    .select(versionColumns)
    .from(letterVersions)
    .leftJoin(users, eq(users.id, letterVersions.createdBy))
    .where(eq(letterVersions.dictationId, dictationId))
    .orderBy(desc(letterVersions.version));
  return rows.map(summaryOf);
}

export async function findVersion(db: Db, dictationId: number, version: number) {
  const [r] = await db
    .select({ ...versionColumns, doc: letterVersions.doc })
    .from(letterVersions)
    .leftJoin(users, eq(users.id, letterVersions.createdBy))
    .where(and(eq(letterVersions.dictationId, dictationId), eq(letterVersions.version, version)));
  return r ? { ...summaryOf(r), doc: r.doc } : undefined;
}
