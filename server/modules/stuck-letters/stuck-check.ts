/**
 * The stuck-letter alarm (issue 13): a periodic job finds approved letters not delivered in time
 * (stuck-letters.repository.ts), tells the trust's managers once per letter with a `stuck`
 * notification (again only if the letter became unstuck and stuck again), and sends each manager of a
 * trust with stuck letters one digest e-mail a day listing them — references, how long, what is
 * outstanding; never a patient's name. One check is queued or running at a time, across processes.
 */
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { enqueueUnlessPending, type JobQueue } from '../../lib/jobs';
import { notifyChange } from '../live/live-channel';
import { emit, publish, type EmittedNotification } from '../notifications/notify.service';
import { stuckDigestMail } from './stuck-digest-mail';
import { allStuck, type StuckRow } from './stuck-letters.repository';
import { limitOf, readStuckLimits, type StuckLimits } from './stuck-limits';
import { activeInRoleOfTrusts } from '../users/trust-people.repository';
import { claimDigest, forgetAlarmsExcept, raiseNewAlarms, releaseDigest, trustNames, urgentAmong } from './stuck-alarms.repository';

export const STUCK_CHECK_JOB = 'distribution.stuck_check';
/** How often the check runs. */
export const STUCK_CHECK_INTERVAL_MS = 10 * 60_000;

/** Forgets letters no longer stuck, raises the newly stuck ones; answers the notifications made. */
async function raiseAlarms(db: Db, stuck: StuckRow[]): Promise<EmittedNotification[]> {
  const ids = stuck.map((s) => s.dictationId);
  await forgetAlarmsExcept(db, ids);
  if (!stuck.length) return [];
  const told = await db.transaction(async (tx) => {
    const fresh = await raiseNewAlarms(tx, stuck);
    if (!fresh.length) return [];
    const references = new Map(stuck.map((s) => [s.dictationId, s.reference]));
    const urgent = await urgentAmong(
      tx,
      fresh.map((f) => f.dictationId),
    );
    const managers = await activeInRoleOfTrusts(tx, [...new Set(fresh.map((f) => f.trustId))], 'Manager');
    const out: EmittedNotification[] = [];
    for (const f of fresh)
      for (const m of managers.filter((x) => x.trustId === f.trustId))
        out.push(
          await emit(tx, {
            trustId: f.trustId,
            userId: m.id,
            dictationId: f.dictationId,
            kind: 'stuck',
            urgent: urgent.has(f.dictationId),
            reference: references.get(f.dictationId) ?? null,
          }),
        );
    // The managers' open apps update their bell (issue 14: live lists).
    if (out.length) await notifyChange(tx, { t: null, p: [], u: out.map((n) => n.userId) });
    return out;
  });
  publish(told);
  return told;
}

async function sendDigests(db: Db, mailer: Mailer, stuck: StuckRow[], limits: StuckLimits, origin: string): Promise<number> {
  const byTrust = new Map<number, StuckRow[]>();
  for (const s of stuck) byTrust.set(s.trustId, [...(byTrust.get(s.trustId) ?? []), s]);
  const managers = await activeInRoleOfTrusts(db, [...byTrust.keys()], 'Manager');
  if (!managers.length) return 0;
  const names = await trustNames(db, [...byTrust.keys()]);
  let sent = 0;
  const now = new Date();
  for (const m of managers) {
    if (!(await claimDigest(db, m.id))) continue;
    try {
      await mailer.send({
        to: m.email,
        ...stuckDigestMail(byTrust.get(m.trustId)!, { hours: limitOf(limits, m.trustId), now, origin, trust: names.get(m.trustId) ?? '' }),
      });
      sent++;
    } catch (err) {
      // Not sent: give the claim back so the next check tries again.
      await releaseDigest(db, m.id);
      throw err;
    }
  }
  return sent;
}

/** One check: answers how many notifications were raised and digests sent. `hours`: the limit of trusts without their own. */
export async function checkStuckLetters(
  db: Db,
  mailer: Mailer,
  opts: { hours: number; origin: string },
): Promise<{ stuck: number; notified: number; digests: number }> {
  const limits = await readStuckLimits(db, opts.hours);
  const stuck = await allStuck(db, limits);
  const told = await raiseAlarms(db, stuck);
  const digests = stuck.length ? await sendDigests(db, mailer, stuck, limits, opts.origin) : 0;
  return { stuck: stuck.length, notified: told.length, digests };
}

/** Adds a check unless one is already waiting or running (any number of server processes). */
export async function scheduleStuckCheck(db: Db): Promise<void> {
  await enqueueUnlessPending(db, STUCK_CHECK_JOB);
}

/** Registers the check and its timer; returns the function that stops the timer. */
export function registerStuckCheck(jobs: JobQueue, deps: { db: Db; mailer: Mailer; hours: number; linkOrigin: () => string }): () => void {
  jobs.register(STUCK_CHECK_JOB, async () => {
    await checkStuckLetters(deps.db, deps.mailer, { hours: deps.hours, origin: deps.linkOrigin() });
  });
  const timer = setInterval(() => void scheduleStuckCheck(deps.db).catch(() => undefined), STUCK_CHECK_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
