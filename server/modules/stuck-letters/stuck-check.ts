/**
 * The stuck-letter alarm (issue 13): a periodic job finds approved letters not delivered in time
 * (stuck-letters.repository.ts), tells the trust's managers once per letter with a `stuck`
 * notification (again only if the letter became unstuck and stuck again), and sends each manager of a
 * trust with stuck letters one digest e-mail a day listing them — references, how long, what is
 * outstanding; never a patient's name. One check is queued or running at a time, across processes.
 */
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { dictations, roles, stuckAlarms, trusts, userRoles, users } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';
import { notifyChange } from '../live/live-channel';
import { emit, publish, type EmittedNotification } from '../notifications/notify.service';
import { stuckDigestMail } from './stuck-digest-mail';
import { allStuck, type StuckRow } from './stuck-letters.repository';
import { limitOf, readStuckLimits, type StuckLimits } from './stuck-limits';
import { executeRows } from '../../db/execute-rows';

export const STUCK_CHECK_JOB = 'distribution.stuck_check';
/** How often the check runs. */
export const STUCK_CHECK_INTERVAL_MS = 10 * 60_000;

type Tx = Pick<Db, 'selectDistinct'>;

async function managersOf(db: Tx, trustIds: number[]) {
  if (trustIds.length === 0) return [];
  return db
    .selectDistinct({ id: users.id, trustId: users.trustId, email: users.email })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, 'Manager'), eq(users.active, true), inArray(users.trustId, trustIds)));
}

/** Forgets letters no longer stuck, raises the newly stuck ones; answers the notifications made. */
async function raiseAlarms(db: Db, stuck: StuckRow[]): Promise<EmittedNotification[]> {
  const ids = stuck.map((s) => s.dictationId);
  await db.delete(stuckAlarms).where(ids.length ? notInArray(stuckAlarms.dictationId, ids) : undefined);
  if (!stuck.length) return [];
  const told = await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(stuckAlarms)
      .values(stuck.map((s) => ({ dictationId: s.dictationId, trustId: s.trustId })))
      .onConflictDoNothing()
      .returning({ dictationId: stuckAlarms.dictationId, trustId: stuckAlarms.trustId });
    if (!fresh.length) return [];
    const urgency = await tx
      .select({ id: dictations.id, urgent: dictations.urgent })
      .from(dictations)
      .where(
        inArray(
          dictations.id,
          fresh.map((f) => f.dictationId),
        ),
      );
    const references = new Map(stuck.map((s) => [s.dictationId, s.reference]));
    const urgent = new Set(urgency.filter((u) => u.urgent === 'HIGH').map((u) => u.id));
    const managers = await managersOf(tx, [...new Set(fresh.map((f) => f.trustId))]);
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

/**
 * Claims today's digest for a manager: true when none was sent in the last day (then the caller sends
 * it). The claim is one statement, so two processes never both send.
 */
async function claimDigest(db: Db, userId: number): Promise<boolean> {
  const claimed = await executeRows<{ user_id: number }>(
    db,
    sql`
    INSERT INTO stuck_digests (user_id, sent_at) VALUES (${userId}, now())
    ON CONFLICT (user_id) DO UPDATE SET sent_at = excluded.sent_at
    WHERE stuck_digests.sent_at <= now() - interval '1 day'
    RETURNING user_id`,
  );
  return claimed.length > 0;
}

async function sendDigests(db: Db, mailer: Mailer, stuck: StuckRow[], limits: StuckLimits, origin: string): Promise<number> {
  const byTrust = new Map<number, StuckRow[]>();
  for (const s of stuck) byTrust.set(s.trustId, [...(byTrust.get(s.trustId) ?? []), s]);
  const managers = await managersOf(db, [...byTrust.keys()]);
  if (!managers.length) return 0;
  const names = new Map(
    (
      await db
        .select({ id: trusts.id, name: trusts.name })
        .from(trusts)
        .where(inArray(trusts.id, [...byTrust.keys()]))
    ).map((t) => [t.id, t.name]),
  );
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
      await db.execute(sql`DELETE FROM stuck_digests WHERE user_id = ${m.id}`);
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
  await db.execute(sql`
    INSERT INTO jobs (kind, payload)
    SELECT ${STUCK_CHECK_JOB}, '{}'::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${STUCK_CHECK_JOB} AND state IN ('queued', 'running'))`);
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
