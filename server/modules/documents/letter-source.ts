/** Reads what a printed letter is made of: the dictation, its letter, the patient index entry, the letterhead. */
import { eq } from 'drizzle-orm';
import { letterheadKey, letterheadSettingSchema, type LetterheadSetting } from '../../../src/domain/contract/letterhead';
import type { LetterNode } from '../../../src/domain/contract';
import { defaultLetterhead, resolveLetterhead, type IndexedPatient, type LetterSource } from '../../../src/domain/letter-model';
import type { Db } from '../../db/client';
import { departments, jobTypes, letters, settings, sites, trusts, users } from '../../db/schema';
import type { DictationRow } from '../letters/letters.repository';
import { findIndexedPatient, identityProblemOf } from '../patients/patient-identity';

/** A trust's letterhead setting; one that does not read as a letterhead is left out (and said once in the log). */
export async function readLetterheadSetting(
  db: Db,
  trustId: number,
  warn: (msg: string) => void = () => {},
): Promise<LetterheadSetting | null> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, letterheadKey(trustId)));
  if (!row) return null;
  const parsed = letterheadSettingSchema.safeParse(row.value);
  if (!parsed.success) {
    warn(`The letterhead setting of trust ${trustId} is not valid: the default letterhead is printed.`);
    return null;
  }
  return parsed.data;
}

/**
 * The dictation's patient in the trust's patient index (by NHS number, else hospital number), and
 * whether the typed name and date of birth are that patient's (issue 23). An entry that is someone
 * else's is not merged: the letter never takes another patient's address, e-mail or GP.
 */
async function indexedPatient(
  db: Db,
  trustId: number,
  p: Record<string, string>,
): Promise<{ indexed: IndexedPatient | null; mismatch: string | null }> {
  const found = await findIndexedPatient(db, trustId, p);
  const mismatch = identityProblemOf(found, p);
  if (!found || mismatch) return { indexed: null, mismatch };
  const { id, address, email, gp, next_of_kin } = found.row;
  return { indexed: { id, address, email, gp, next_of_kin }, mismatch: null };
}

/** The version of the dictation's letter (0 when none is typed yet): what a printed copy is kept under. */
export async function readLetterVersion(db: Db, dictationId: number): Promise<number> {
  const [row] = await db.select({ version: letters.version }).from(letters).where(eq(letters.dictationId, dictationId));
  return row?.version ?? 0;
}

/** Everything the letter of a dictation the caller may see is printed from. */
export async function readLetterSource(db: Db, d: DictationRow, now: Date, warn?: (msg: string) => void): Promise<LetterSource> {
  const [place] = await db
    .select({ trust: trusts.name, timeZone: trusts.timezone, site: sites.name })
    .from(trusts)
    .innerJoin(sites, eq(sites.id, d.siteId))
    .where(eq(trusts.id, d.trustId));
  const [author] = await db
    .select({ first: users.firstName, last: users.lastName, jobTitle: users.jobTitle, registration: users.registrationNumber })
    .from(users)
    .where(eq(users.id, d.authorId));
  const [jobType] = d.jobTypeId ? await db.select().from(jobTypes).where(eq(jobTypes.id, d.jobTypeId)) : [];
  const [department] = d.departmentId
    ? await db.select({ name: departments.name }).from(departments).where(eq(departments.id, d.departmentId))
    : [];
  const [letter] = await db.select({ doc: letters.doc, approval: letters.approval }).from(letters).where(eq(letters.dictationId, d.id));
  const setting = await readLetterheadSetting(db, d.trustId, warn);
  const index = await indexedPatient(db, d.trustId, d.patient);

  return {
    reference: d.reference,
    status: d.status,
    dictated_at: d.createdAt.toISOString(),
    job_type: jobType ? { name: jobType.name, recipient: jobType.recipient, copy: jobType.copy, template: jobType.template } : null,
    department: department?.name ?? null,
    patient: d.patient,
    indexed: index.indexed,
    identity_mismatch: index.mismatch,
    appointment: d.appointment ?? null,
    recipients: d.recipients ?? null,
    author: {
      id: d.authorId,
      name: `${author?.first ?? ''} ${author?.last ?? ''}`.trim(),
      job_title: author?.jobTitle ?? null,
      registration_number: author?.registration ?? null,
    },
    doc: (letter?.doc as LetterNode | undefined) ?? null,
    approval: letter?.approval ?? null,
    letterhead: resolveLetterhead(defaultLetterhead(place?.trust ?? '', place?.site ?? ''), setting, d.siteId),
    now,
    time_zone: place?.timeZone ?? 'Europe/London',
  };
}
