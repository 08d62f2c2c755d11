/**
 * The second demo trust's work (issue 23 "First run"): "Other NHS Trust" has an author, a secretary and a
 * manager (server/db/seed.ts) and a few dictations of its own, in several statuses, about its two patients
 * (demo-patients.ts), so trust isolation can be seen working: its people see only this work, and the demo
 * trust's people see none of it (one of its patients shares a name with a demo trust patient). Runs once,
 * after the demo trust's work; the recordings are converted by the job queue like any upload.
 */
import { eq, inArray } from 'drizzle-orm';
import type { LetterNode } from '../../src/domain/contract/letter';
import { letterText } from '../../src/domain/letter-doc';
import type { DictationStatus } from '../../src/domain/statuses';
import { TRANSITIONS, type WorkflowAction } from '../../src/domain/workflow';
import type { AudioStorage } from '../adapters/storage';
import type { JobQueue } from '../lib/jobs';
import { referenceStamp, withSuffix } from '../modules/dictations/reference';
import type { Db } from './client';
import { storeDemoAudio } from './demo-dictations';
import { demoLetter, demoSections } from './demo-letters-content';
import { departments, dictationLogs, dictations, jobTypes, letters, letterVersions, patients, trusts, users } from './schema';

export const OTHER_TRUST = 'Other NHS Trust';
const OTHER_AUTHOR = 'other.author@wardnote.test';
const OTHER_SECRETARY = 'other.secretary@wardnote.test';

interface Planned {
  status: DictationStatus;
  /** Which of the trust's patients (ordered by hospital number). */
  patient: number;
  hoursAgo: number;
  urgent?: boolean;
  /** Sections of the letter typed so far (all of them past typing). */
  typed?: number;
}

/** The other trust's dictations: two waiting for typing, one being typed, one waiting for its author. */
const PLAN: Planned[] = [
  { status: 'READY_FOR_TYPING', patient: 0, hoursAgo: 3, urgent: true },
  { status: 'READY_FOR_TYPING', patient: 1, hoursAgo: 26 },
  { status: 'BEING_TYPED', patient: 1, hoursAgo: 50, typed: 3 },
  { status: 'AUTHOR_APPROVAL', patient: 0, hoursAgo: 75 },
];

/** How many dictations seedOtherTrustWork makes. */
export const OTHER_TRUST_DICTATIONS = PLAN.length;

export async function seedOtherTrustWork(db: Db, services: { storage: AudioStorage; jobs: JobQueue }): Promise<number> {
  const [trust] = await db.select().from(trusts).where(eq(trusts.name, OTHER_TRUST));
  if (!trust) return 0;
  const people = new Map(
    (
      await db
        .select()
        .from(users)
        .where(inArray(users.email, [OTHER_AUTHOR, OTHER_SECRETARY]))
    ).map((u) => [u.email, u]),
  );
  const author = people.get(OTHER_AUTHOR);
  const secretary = people.get(OTHER_SECRETARY);
  const [department] = await db.select().from(departments).where(eq(departments.trustId, trust.id)).limit(1);
  const [jobType] = await db.select().from(jobTypes).where(eq(jobTypes.trustId, trust.id)).limit(1);
  const theirPatients = await db.select().from(patients).where(eq(patients.trustId, trust.id)).orderBy(patients.mrn);
  if (!author || !secretary || !department || !jobType || !theirPatients.length) return 0;

  const now = Date.now();
  let made = 0;
  for (const [n, plan] of PLAN.entries()) {
    const p = theirPatients[plan.patient % theirPatients.length]!;
    const createdAt = new Date(now - plan.hoursAgo * 3_600_000);
    const typist = plan.status === 'READY_FOR_TYPING' ? null : secretary.id;
    const [d] = await db
      .insert(dictations)
      .values({
        trustId: trust.id,
        siteId: author.siteId,
        authorId: author.id,
        createdBy: author.id,
        clientId: `demo-other-${n}`,
        reference: withSuffix(referenceStamp(createdAt, trust.timezone), 1 + n),
        status: plan.status,
        urgent: plan.urgent ? 'HIGH' : 'STANDARD',
        isMobile: n % 2 === 0,
        departmentId: department.id,
        jobTypeId: jobType.id,
        assignedTo: typist,
        patient: Object.fromEntries(
          Object.entries({
            patient_first_name: p.firstName,
            patient_last_name: p.lastName,
            patient_mrn_id: p.mrn,
            patient_nhs_id: p.nhsNumber,
            patient_birthdate: p.birthdate,
            patient_gender: p.gender,
          }).filter((e): e is [string, string] => typeof e[1] === 'string'),
        ),
        customFields: [],
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!d) continue;
    made++;

    const clip = `clip-${1 + (n % 6)}.ogg`;
    await storeDemoAudio(db, services.storage, d.id, clip);
    await services.jobs.enqueue('audio.transcode', { dictationId: d.id });

    // The trail: submitted, then (past the queue) taken, saved, and sent for approval, an hour apart.
    const at = (hours: number) => new Date(createdAt.getTime() + hours * 3_600_000);
    const log = (userId: number, description: string, hours: number, type = 'status') =>
      db.insert(dictationLogs).values({ dictationId: d.id, userId, type, description, createdAt: at(hours) });
    const label = (action: WorkflowAction) => TRANSITIONS.find((t) => t.action === action)!.label;
    await log(author.id, 'Submitted for typing', 0, 'created');
    if (!typist) continue;
    await log(typist, label('claim'), 1);

    const template = jobType.template?.length ? jobType.template : ['Letter'];
    const whole = plan.status !== 'BEING_TYPED';
    const doc: LetterNode = demoLetter(
      template,
      demoSections(jobType.name, department.code ?? 'CAR', p.firstName),
      whole ? template.length : (plan.typed ?? 1),
    );
    const version = whole ? 2 : 1;
    await db.insert(letters).values({
      dictationId: d.id,
      trustId: trust.id,
      doc,
      text: letterText(doc),
      version,
      updatedBy: typist,
      updatedAt: at(2),
    });
    if (whole) {
      // The final save (version 1), then the hand-off to the author (version 2), as the editor makes them.
      await db
        .insert(letterVersions)
        .values({ dictationId: d.id, version: 1, kind: 'final', doc, text: letterText(doc), createdBy: typist, createdAt: at(2) });
      await log(typist, 'Letter saved (version 1)', 2, 'letter_saved');
      await db.insert(letterVersions).values({
        dictationId: d.id,
        version,
        kind: 'send_for_approval',
        doc,
        text: letterText(doc),
        createdBy: typist,
        createdAt: at(3),
      });
      await log(typist, label('send_for_approval'), 3);
    }
  }
  return made;
}
