import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { departments, dictationAudio, dictations, jobTypes, users } from '../../server/db/schema';
import type { DictationStatus } from '../../src/domain/statuses';

/** The demo accounts the API tests sign in as (server/db/seed.ts). */
export const AUTHOR = 'author@wardnote.test';
export const OTHER_AUTHOR = 'pin.author@wardnote.test';
export const SECRETARY = 'secretary@wardnote.test';
export const MANAGER = 'manager@wardnote.test';
export const SUPERADMIN = 'superadmin@wardnote.test';
export const FOREIGN = 'other.author@wardnote.test';

export interface Made {
  id: number;
  reference: string;
}

let serial = 0;

/** Inserts a dictation as the API would have made it (no audio file: the lists never read one). */
export async function makeDictation(
  db: Db,
  opts: {
    author: string;
    status: DictationStatus;
    urgent?: boolean;
    confidential?: boolean;
    assignedTo?: string;
    createdAt?: Date;
    department?: string;
    jobType?: string;
    mobile?: boolean;
    patientLast?: string;
    /** With patientLast: the NHS number of that patient (indexFixturePatient(db, { nhs, last }) puts them in the index). */
    patientNhs?: string;
    durationMs?: number;
  },
): Promise<Made> {
  const user = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0]!;
  const author = await user(opts.author);
  const assigned = opts.assignedTo ? await user(opts.assignedTo) : null;
  const [dep] = opts.department
    ? await db.select().from(departments).where(eq(departments.code, opts.department))
    : await db.select().from(departments).where(eq(departments.trustId, author.trustId));
  const [jt] = opts.jobType
    ? await db.select().from(jobTypes).where(eq(jobTypes.name, opts.jobType))
    : await db.select().from(jobTypes).where(eq(jobTypes.trustId, author.trustId));
  serial++;
  const createdAt = opts.createdAt ?? new Date(Date.UTC(2026, 9, 1, 9, 0, serial));
  const [d] = await db
    .insert(dictations)
    .values({
      trustId: author.trustId,
      siteId: author.siteId,
      authorId: author.id,
      createdBy: author.id,
      clientId: randomUUID(),
      reference: `2610${String(100000 + serial)}${String(serial % 100).padStart(2, '0')}`,
      status: opts.status,
      urgent: opts.urgent ? 'HIGH' : 'STANDARD',
      isConfidential: opts.confidential ?? false,
      isMobile: opts.mobile ?? false,
      departmentId: dep!.id,
      jobTypeId: jt!.id,
      assignedTo: assigned?.id ?? null,
      // The patient of letters-fixtures' indexFixturePatient (Test PATIENT, NHS 943 476 5919): a letter whose
      // typed name is not the index's patient of its number is never sent (issue 23).
      patient: {
        patient_first_name: 'Test',
        patient_last_name: opts.patientLast ?? 'PATIENT',
        patient_nhs_id: opts.patientNhs ?? '9434765919',
      },
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  await db.insert(dictationAudio).values({
    dictationId: d!.id,
    originalFilename: `rec-${serial}.webm`,
    filesize: 1000,
    originalKey: `originals/${randomUUID()}`,
    state: 'ready',
    durationMs: opts.durationMs ?? 1000 * serial,
  });
  return { id: d!.id, reference: d!.reference };
}
