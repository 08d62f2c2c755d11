/**
 * E-mail notifications (spec §3 notification settings), batched: every few minutes one job sends each
 * user a single digest of their new, unread notifications of the kinds they chose, then marks them
 * e-mailed. Titles and bodies carry no patient data, so neither does the mail.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { notifications, settingValues, users } from '../../db/schema';
import { enqueueUnlessPending, type JobQueue } from '../../lib/jobs';

export const DIGEST_JOB = 'notifications.email_digest';
/** How often a digest may go out. */
export const DIGEST_INTERVAL_MS = 5 * 60_000;
/** The kinds a user may ask e-mails for, as `preferences.profile.email_notifications` names them. */
export const EMAIL_KINDS = ['sent', 'author_approval', 'new_task'] as const;
/** Older notifications are not mailed (someone turning e-mails on is not sent their history). */
const RECENT = sql`now() - interval '1 day'`;

/** How many pending rows one query reads; a run reads batch after batch until none are left. */
const BATCH = 2000;

/** A trust's or site's `email_notifications` value for the row's kind (setting_values' primary key), locked only or any. */
const heldAt = (scope: 'trust' | 'site', scopeId: typeof users.trustId | typeof users.siteId, lockedOnly: boolean) =>
  sql`(select (${settingValues.value} ->> ${notifications.kind})::boolean from ${settingValues}
      where ${settingValues.scope} = ${scope} and ${settingValues.scopeId} = ${scopeId}
        and ${settingValues.key} = 'email_notifications'${lockedOnly ? sql` and ${settingValues.locked}` : sql``})`;

/**
 * True when the row's user gets e-mails of the row's kind: their effective `email_notifications` setting
 * (issue 25, src/domain/settings-inheritance.ts, as SQL): a trust's lock, then a site's lock, then their own
 * choice (`preferences.profile.email_notifications`; a kind left out is off), then their site's, their trust's, off.
 */
const optedIn = sql`coalesce(
  ${heldAt('trust', users.trustId, true)},
  ${heldAt('site', users.siteId, true)},
  case when (${users.preferences} -> 'profile' -> 'email_notifications') is not null
    then coalesce((${users.preferences} -> 'profile' -> 'email_notifications' ->> ${notifications.kind})::boolean, false) end,
  ${heldAt('site', users.siteId, false)},
  ${heldAt('trust', users.trustId, false)},
  false)`;

async function pendingAfter(db: Db, afterUserId: number, batch: number) {
  return db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      body: notifications.body,
      email: users.email,
    })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.userId))
    .where(
      and(
        isNull(notifications.emailedAt),
        isNull(notifications.readAt),
        inArray(notifications.kind, [...EMAIL_KINDS]),
        gt(notifications.createdAt, RECENT),
        eq(users.active, true),
        // In the query, not after it: rows of users who did not ask for e-mails are never marked
        // e-mailed, so filtering them after a LIMIT let them fill every batch (issue 14 audit).
        optedIn,
        gt(notifications.userId, afterUserId),
      ),
    )
    .orderBy(notifications.userId, notifications.id)
    .limit(batch);
}

type Pending = Awaited<ReturnType<typeof pendingAfter>>;

/**
 * Sends each user who asked for e-mails one digest of their pending notifications and marks them
 * e-mailed; returns how many digests went out. Reads `batch` rows at a time, users in id order, and
 * mails a user only once per run: a batch cut in the middle of a user's rows leaves that user to the
 * next batch, unless that user alone fills it (then the rest waits for the next run).
 */
export async function sendDigests(db: Db, mailer: Mailer, origin: string, opts: { batch?: number } = {}): Promise<number> {
  const batch = opts.batch ?? BATCH;
  let sent = 0;
  let after = 0;
  for (;;) {
    const rows = await pendingAfter(db, after, batch);
    if (!rows.length) break;
    let take = rows;
    if (rows.length === batch) {
      const last = rows[rows.length - 1]!.userId;
      const whole = rows.filter((r) => r.userId !== last);
      if (whole.length) take = whole;
    }
    for (const items of groupByUser(take)) {
      await mailDigest(db, mailer, origin, items);
      sent++;
    }
    after = take[take.length - 1]!.userId;
    if (rows.length < batch) break;
  }
  return sent;
}

function groupByUser(rows: Pending): Pending[] {
  const byUser = new Map<number, Pending>();
  for (const r of rows) {
    const items = byUser.get(r.userId) ?? [];
    items.push(r);
    byUser.set(r.userId, items);
  }
  return [...byUser.values()];
}

async function mailDigest(db: Db, mailer: Mailer, origin: string, items: Pending) {
  const lines = items.map((i) => `- ${i.body}`);
  await mailer.send({
    to: items[0]!.email,
    subject: items.length === 1 ? 'Wardnote: 1 new notification' : `Wardnote: ${items.length} new notifications`,
    text: [
      `You have ${items.length === 1 ? 'a new notification' : 'new notifications'} in Wardnote:`,
      '',
      ...lines,
      '',
      `Sign in to see them: ${origin}/`,
      '',
      'You can turn these e-mails off in your preferences.',
    ].join('\n'),
  });
  await db
    .update(notifications)
    .set({ emailedAt: new Date() })
    .where(
      inArray(
        notifications.id,
        items.map((i) => i.id),
      ),
    );
}

/** Adds a digest job unless one is already waiting or running (any number of server processes). */
export async function scheduleDigest(db: Db): Promise<void> {
  await enqueueUnlessPending(db, DIGEST_JOB);
}

/** Registers the digest job and its timer; returns the function that stops the timer. */
export function registerDigest(jobs: JobQueue, deps: { db: Db; mailer: Mailer; linkOrigin: () => string }): () => void {
  jobs.register(DIGEST_JOB, async () => {
    await sendDigests(deps.db, deps.mailer, deps.linkOrigin());
  });
  const timer = setInterval(() => void scheduleDigest(deps.db).catch(() => undefined), DIGEST_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
