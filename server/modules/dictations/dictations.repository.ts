import { and, count, eq, inArray, isNull, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { departments, dictationAudio, dictationLogs, dictations, idempotencyKeys, jobTypes, trusts, users } from '../../db/schema';

export type DictationRow = typeof dictations.$inferSelect;
export type AudioRow = typeof dictationAudio.$inferSelect;
export type NewDictation = typeof dictations.$inferInsert;
export type NewAudio = typeof dictationAudio.$inferInsert;

export interface DictationRecord {
  dictation: DictationRow;
  /** Null for a manual letter (typed without a recording). */
  audio: AudioRow | null;
  author: { id: number; firstName: string; lastName: string };
  department: { id: number; name: string; code: string } | null;
  jobType: { id: number; name: string; customFields: { id: string; label: string }[]; qaRequired: boolean } | null;
}

export async function findDictation(db: Db, where: ReturnType<typeof eq>): Promise<DictationRecord | undefined> {
  const [row] = await db
    .select({
      dictation: dictations,
      audio: dictationAudio,
      author: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      department: { id: departments.id, name: departments.name, code: departments.code },
      jobType: { id: jobTypes.id, name: jobTypes.name, customFields: jobTypes.customFields, qaRequired: jobTypes.qaRequired },
    })
    .from(dictations)
    .leftJoin(dictationAudio, eq(dictationAudio.dictationId, dictations.id))
    .innerJoin(users, eq(users.id, dictations.authorId))
    .leftJoin(departments, eq(departments.id, dictations.departmentId))
    .leftJoin(jobTypes, eq(jobTypes.id, dictations.jobTypeId))
    .where(where)
    .limit(1);
  if (!row) return undefined;
  return { ...row, department: row.department?.id ? row.department : null, jobType: row.jobType?.id ? row.jobType : null };
}

export const byId = (id: number) => eq(dictations.id, id);
export const byClient = (createdBy: number, clientId: string) =>
  and(eq(dictations.createdBy, createdBy), eq(dictations.clientId, clientId))!;

export async function countWithPrefix(db: Db, trustId: number, prefix: string): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(dictations)
    .where(and(eq(dictations.trustId, trustId), like(dictations.reference, `${prefix}%`)));
  return Number(r?.n ?? 0);
}

export async function trustTimeZone(db: Db, trustId: number): Promise<string> {
  const [t] = await db.select({ tz: trusts.timezone }).from(trusts).where(eq(trusts.id, trustId));
  return t?.tz ?? 'Europe/London';
}

/**
 * Which dictation an upload became. One upload makes one dictation: the claim is kept with the
 * request keys (idempotency_keys, forgotten after a week; uploads last a day) under a key no
 * `Idempotency-Key` header can take (headers may not hold ':').
 */
const uploadClaimKey = (uploadId: string) => `upload:${uploadId}`;

/** Claims the upload for a dictation inside the transaction that inserts it; false when another already has it. */
export async function claimUpload(db: Db, userId: number, uploadId: string, dictationId: number): Promise<boolean> {
  const rows = await db
    .insert(idempotencyKeys)
    .values({
      userId,
      key: uploadClaimKey(uploadId),
      method: 'POST',
      path: '/api/dictation',
      statusCode: 201,
      response: { dictation_id: dictationId },
    })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  return rows.length === 1;
}

/** The dictation this user's upload already became, if any. */
export async function dictationFromUpload(db: Db, userId: number, uploadId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, uploadClaimKey(uploadId))));
  const id = (row?.response as { dictation_id?: unknown } | null | undefined)?.dictation_id;
  return typeof id === 'number' ? id : undefined;
}

export type DictationLogEntry = typeof dictationLogs.$inferInsert;

/** One line of a dictation's history (its Activity tab). */
export async function addDictationLog(db: Db, entry: DictationLogEntry): Promise<void> {
  await db.insert(dictationLogs).values(entry);
}

/** A recording's dictation, once: a parallel finalise of the same client_id that inserted first wins (undefined here). */
export async function insertDictationOnce(tx: Db, values: NewDictation): Promise<DictationRow | undefined> {
  const [d] = await tx
    .insert(dictations)
    .values(values)
    .onConflictDoNothing({ target: [dictations.createdBy, dictations.clientId] })
    .returning();
  return d;
}

export async function insertDictation(tx: Db, values: NewDictation): Promise<DictationRow> {
  const [d] = await tx.insert(dictations).values(values).returning();
  return d!;
}

export async function insertAudio(tx: Db, values: NewAudio): Promise<void> {
  await tx.insert(dictationAudio).values(values);
}

export async function updateDictation(tx: Db, id: number, values: Partial<NewDictation>): Promise<void> {
  await tx.update(dictations).set(values).where(eq(dictations.id, id));
}

/** The trust's dictations (not deleted) among these ids. */
export function findTrustDictations(db: Db, trustId: number, ids: number[]): Promise<DictationRow[]> {
  return db
    .select()
    .from(dictations)
    .where(and(inArray(dictations.id, ids), eq(dictations.trustId, trustId), isNull(dictations.deletedAt)));
}

/**
 * The conditional change every workflow move makes: only if the dictation is still in the status it was
 * read in (and, when asked, still with the same typist). Answers whether it changed.
 */
export async function updateIfUnchanged(
  tx: Db,
  d: Pick<DictationRow, 'id' | 'status' | 'assignedTo'>,
  values: Partial<NewDictation>,
  sameAssignee: boolean,
): Promise<boolean> {
  const changed = await tx
    .update(dictations)
    .set({ ...values, updatedAt: new Date() })
    .where(
      and(
        eq(dictations.id, d.id),
        eq(dictations.status, d.status),
        isNull(dictations.deletedAt),
        sameAssignee ? (d.assignedTo === null ? isNull(dictations.assignedTo) : eq(dictations.assignedTo, d.assignedTo)) : undefined,
      ),
    )
    .returning({ id: dictations.id });
  return changed.length > 0;
}

export async function findAudio(db: Db, dictationId: number): Promise<AudioRow | undefined> {
  const [a] = await db.select().from(dictationAudio).where(eq(dictationAudio.dictationId, dictationId));
  return a;
}

export async function updateAudio(tx: Db, dictationId: number, values: Partial<NewAudio>): Promise<void> {
  await tx.update(dictationAudio).set(values).where(eq(dictationAudio.dictationId, dictationId));
}

export async function findDictationRow(db: Db, id: number): Promise<DictationRow | undefined> {
  const [d] = await db.select().from(dictations).where(eq(dictations.id, id));
  return d;
}

/** Whether letters of this job type all go to QA review first (issue 12). */
export async function jobTypeNeedsQa(db: Db, jobTypeId: number): Promise<boolean> {
  const [jt] = await db.select({ qa: jobTypes.qaRequired }).from(jobTypes).where(eq(jobTypes.id, jobTypeId)).limit(1);
  return jt?.qa ?? false;
}

/** Who a dictation belongs to and its status: what decides who may see it (the live lists' audience). */
export async function findOwnership(db: Pick<Db, 'select'>, dictationId: number) {
  const [row] = await db
    .select({
      authorId: dictations.authorId,
      createdBy: dictations.createdBy,
      assignedTo: dictations.assignedTo,
      isConfidential: dictations.isConfidential,
      status: dictations.status,
      outsourcingPoolId: dictations.outsourcingPoolId,
    })
    .from(dictations)
    .where(eq(dictations.id, dictationId));
  return row;
}
