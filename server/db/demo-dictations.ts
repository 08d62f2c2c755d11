/**
 * The demo trust's work: about sixty dictations in every status, across authors, departments and job
 * types, urgent and confidential ones, with synthetic patients (NHS numbers from the 999 test range)
 * and real speech (server/db/demo-audio, synthesised once with espeak-ng) transcoded by the job queue
 * like any upload. Seeded once, by `npm start` on an empty database; API tests do not pay for it.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray } from 'drizzle-orm';
import type { DictationStatus } from '../../src/domain/statuses';
import type { AudioStorage } from '../adapters/storage';
import type { JobQueue } from '../lib/jobs';
import { hashSecret } from '../lib/secrets';
import { referenceStamp, withSuffix } from '../modules/dictations/reference';
import type { Db } from './client';
import { DEMO_PASSWORD } from './seed';
import {
  departments,
  dictationAudio,
  dictationLogs,
  dictations,
  jobTypes,
  outsourcingPools,
  roles,
  sites,
  trusts,
  userRoles,
  users,
} from './schema';

const AUDIO_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'demo-audio');
const CLIPS = ['clip-1.ogg', 'clip-2.ogg', 'clip-3.ogg', 'clip-4.ogg', 'clip-5.ogg', 'clip-6.ogg'];

/** Extra people of the demo trust so the lists show several authors and typists (same password). */
export const DEMO_EXTRA_USERS = [
  { email: 'sarah.collins@wardnote.test', first: 'Sarah', last: 'Collins', role: 'Author' },
  { email: 'james.patel@wardnote.test', first: 'James', last: 'Patel', role: 'Author' },
  { email: 'mark.ellis@wardnote.test', first: 'Mark', last: 'Ellis', role: 'Secretary' },
] as const;

const FIRST = ['Margaret', 'John', 'Aisha', 'Peter', 'Fatima', 'George', 'Olivia', 'Harry', 'Chloe', 'Ravi', 'Eleanor', 'Samuel'];
const LAST = ['SMITH', 'JONES', 'KHAN', 'WILLIAMS', 'BROWN', 'TAYLOR', 'DAVIES', 'EVANS', 'THOMAS', 'ROBERTS', 'HUGHES', 'PATEL'];

/** How many of each status; RECEIVED is listed under READY_FOR_TYPING. */
const PLAN: [DictationStatus, number][] = [
  ['DRAFT', 4],
  ['READY_FOR_TYPING', 11],
  ['RECEIVED', 2],
  ['BEING_TYPED', 8],
  ['OUTSOURCED', 4],
  ['OUTSOURCED_REVIEW', 3],
  ['QA_REVIEW', 3],
  ['AUTHOR_APPROVAL', 10],
  ['MANUAL_DISTRIBUTION', 4],
  ['SENT', 11],
  // More ready work, added last so the rows above keep their patients: a typing pool's queue is rarely short,
  // and the browser tests that claim ready dictations leave more than a page of them.
  ['READY_FOR_TYPING', 8],
];

/** A valid NHS number in the 999 test range (modulus 11), the n-th one. */
export function testNhsNumber(n: number): string {
  for (let k = n * 7 + 1000; ; k++) {
    const nine = `999${String(k % 1_000_000).padStart(6, '0')}`;
    let sum = 0;
    for (let i = 0; i < 9; i++) sum += Number(nine[i]) * (10 - i);
    const check = 11 - (sum % 11);
    if (check === 10) continue;
    return `${nine}${check === 11 ? 0 : check}`;
  }
}

/** A deterministic pseudo-random sequence, so every fresh start shows the same demo. */
function sequence(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** `n` working hours back from now, skipping weekends, so TAT shows on-time, due and overdue work. */
function workingDaysAgo(now: Date, days: number, minutes: number): Date {
  const d = new Date(now);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() - 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  d.setUTCMinutes(d.getUTCMinutes() - minutes);
  return d;
}

/**
 * Every demo dictation's status, age and patient, drawn from one seeded sequence: the seeding below and the
 * demo patient index (demo-patients.ts) read the same rows, so each dictation's patient is in the index.
 */
export function demoDictationDraws() {
  const random = sequence(20261122);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const rows = [];
  let n = 0;
  for (const [status, howMany] of PLAN) {
    for (let i = 0; i < howMany; i++, n++) {
      const age = status === 'SENT' ? 8 + (i % 6) : status === 'DRAFT' ? 0 : Math.floor(random() * 11);
      const minutes = Math.floor(random() * 400);
      const first = pick(FIRST);
      const last = pick(LAST);
      const birth = new Date(Date.UTC(1935 + Math.floor(random() * 70), Math.floor(random() * 12), 1 + Math.floor(random() * 28)));
      const patient = {
        patient_first_name: first,
        patient_last_name: last,
        patient_mrn_id: `RDG${String(400000 + n * 37).padStart(7, '0')}`,
        patient_nhs_id: testNhsNumber(n),
        patient_birthdate: birth.toISOString().slice(0, 10),
        patient_gender: n % 2 ? 'female' : 'male',
      };
      rows.push({ status, i, n, age, minutes, patient });
    }
  }
  return rows;
}

/**
 * A demo clip stored as the dictation's original audio, waiting for its conversion (the caller enqueues it). Each
 * dictation gets its own copy, as an upload would have: deleting one never touches another.
 */
export async function storeDemoAudio(db: Db, storage: AudioStorage, dictationId: number, clip: string): Promise<void> {
  const originalKey = `originals/demo-${randomBytes(16).toString('hex')}.ogg`;
  const filesize = await storage.putFile(path.join(AUDIO_DIR, clip), originalKey);
  await db.insert(dictationAudio).values({
    dictationId,
    originalFilename: `dictation-${clip}`,
    mimeType: 'audio/ogg',
    filesize,
    originalKey,
    state: 'processing',
  });
}

export async function seedDemoDictations(db: Db, services: { storage: AudioStorage; jobs: JobQueue }): Promise<number> {
  const [trust] = await db.select().from(trusts).where(eq(trusts.name, 'Demo NHS Foundation Trust'));
  if (!trust) return 0;
  const [general] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.trustId, trust.id), eq(sites.name, 'Demo General Hospital')));
  const roleIds = new Map((await db.select().from(roles)).map((r) => [r.name, r.id]));
  for (const u of DEMO_EXTRA_USERS) {
    const [row] = await db
      .insert(users)
      .values({
        trustId: trust.id,
        siteId: general!.id,
        email: u.email,
        username: u.email.split('@')[0]!,
        firstName: u.first,
        lastName: u.last,
        passwordHash: await hashSecret(DEMO_PASSWORD),
        applicationTypes: ['amplify'],
      })
      .onConflictDoNothing()
      .returning();
    if (row) await db.insert(userRoles).values({ userId: row.id, roleId: roleIds.get(u.role)! });
  }

  const byEmail = async (emails: string[]) =>
    new Map((await db.select().from(users).where(inArray(users.email, emails))).map((u) => [u.email, u]));
  const people = await byEmail([
    'author@wardnote.test',
    'pin.author@wardnote.test',
    'sarah.collins@wardnote.test',
    'james.patel@wardnote.test',
    'secretary@wardnote.test',
    'mark.ellis@wardnote.test',
    'manager@wardnote.test',
    'trainee@wardnote.test',
  ]);
  const authors = ['author@wardnote.test', 'sarah.collins@wardnote.test', 'james.patel@wardnote.test', 'pin.author@wardnote.test'].map(
    (e) => people.get(e)!,
  );
  const typists = ['secretary@wardnote.test', 'mark.ellis@wardnote.test', 'manager@wardnote.test'].map((e) => people.get(e)!);
  const deps = await db.select().from(departments).where(eq(departments.trustId, trust.id));
  const types = await db.select().from(jobTypes).where(eq(jobTypes.trustId, trust.id));
  // Issue 12: the OUTSOURCED work is with the trust's pool; one letter in QA review is the trainee's.
  const [pool] = await db.select().from(outsourcingPools).where(eq(outsourcingPools.trustId, trust.id)).limit(1);
  const trainee = people.get('trainee@wardnote.test');
  const siteIds = new Map((await db.select().from(sites).where(eq(sites.trustId, trust.id))).map((s) => [s.id, s]));

  const now = new Date();
  const draws = demoDictationDraws();
  for (const { status, i, n, age, minutes, patient } of draws) {
    // The main demo author has work in each of their tabs; the others share the rest.
    const author = i % 2 === 0 || status === 'DRAFT' ? authors[0]! : authors[1 + (n % (authors.length - 1))]!;
    const site = siteIds.get(author.siteId)!;
    const department = deps[n % deps.length]!;
    const jobType = types[n % types.length]!;
    const urgent = n % 5 === 0 ? 'HIGH' : 'STANDARD';
    const confidential = (status === 'READY_FOR_TYPING' || status === 'AUTHOR_APPROVAL') && i === 1;
    const assigned =
      status === 'QA_REVIEW' && i === 0 && trainee
        ? trainee.id
        : status === 'BEING_TYPED' || status === 'OUTSOURCED_REVIEW' || status === 'QA_REVIEW'
          ? typists[i % typists.length]!.id
          : status === 'AUTHOR_APPROVAL' || status === 'MANUAL_DISTRIBUTION' || status === 'SENT'
            ? typists[i % 2]!.id
            : null;
    const createdAt = workingDaysAgo(now, age, minutes);
    const clip = CLIPS[n % CLIPS.length]!;
    const reference = withSuffix(referenceStamp(createdAt, trust.timezone), 1 + (n % 90));
    const customFields = jobType.customFields?.length ? jobType.customFields.map((f) => ({ id: f.id, value: 'Physiotherapy' })) : [];

    const [d] = await db
      .insert(dictations)
      .values({
        trustId: trust.id,
        siteId: site.id,
        authorId: author.id,
        createdBy: author.id,
        clientId: `demo-${n}`,
        reference,
        status,
        urgent,
        isConfidential: confidential,
        isMobile: n % 3 !== 0,
        departmentId: department.id,
        jobTypeId: jobType.id,
        assignedTo: assigned,
        outsourcingPoolId: status === 'OUTSOURCED' ? (pool?.id ?? null) : null,
        patient,
        customFields,
        createdAt,
        updatedAt: createdAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!d) continue;

    await storeDemoAudio(db, services.storage, d.id, clip);
    await db.insert(dictationLogs).values({
      dictationId: d.id,
      userId: author.id,
      type: 'created',
      description: status === 'DRAFT' ? 'Saved as a draft' : 'Submitted for typing',
      createdAt,
    });
    await services.jobs.enqueue('audio.transcode', { dictationId: d.id });
  }
  return draws.length;
}
