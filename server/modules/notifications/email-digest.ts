/**
 * E-mail notifications (spec §3 notification settings), batched: every few minutes one job sends each
 * user a single digest of their new, unread notifications of the kinds they chose, then marks them
 * e-mailed. Titles and bodies carry no patient data, so neither does the mail.
 */
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { JobQueue } from '../../lib/jobs';

export const DIGEST_JOB = 'notifications.email_digest';
/** How often a digest may go out. */
export const DIGEST_INTERVAL_MS = 5 * 60_000;
/** The kinds a user may ask e-mails for, as `preferences.profile.email_notifications` names them. */
export const EMAIL_KINDS = ['sent', 'author_approval', 'new_task'] as const;
/** Older notifications are not mailed (someone turning e-mails on is not sent their history). */
const RECENT = sql`now() - interval '1 day'`;

type EmailChoice = Partial<Record<(typeof EMAIL_KINDS)[number], boolean>>;

export async function sendDigests(db: Db, mailer: Mailer, origin: string): Promise<number> {
  const rows = await db
    .select({
      id: notifications.id,
      userId: notifications.userId,
      kind: notifications.kind,
      body: notifications.body,
      email: users.email,
      preferences: users.preferences,
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
      ),
    )
    .orderBy(notifications.userId, notifications.id)
    .limit(2000);
  const byUser = new Map<number, { email: string; items: typeof rows }>();
  for (const r of rows) {
    const chosen = (r.preferences.profile.email_notifications ?? {}) as EmailChoice;
    if (!chosen[r.kind as keyof EmailChoice]) continue;
    const entry = byUser.get(r.userId) ?? { email: r.email, items: [] };
    entry.items.push(r);
    byUser.set(r.userId, entry);
  }
  let sent = 0;
  for (const { email, items } of byUser.values()) {
    const lines = items.map((i) => `- ${i.body}`);
    await mailer.send({
      to: email,
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
    sent++;
  }
  return sent;
}

/** Adds a digest job unless one is already waiting or running (any number of server processes). */
export async function scheduleDigest(db: Db): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (kind, payload)
    SELECT ${DIGEST_JOB}, '{}'::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${DIGEST_JOB} AND state IN ('queued', 'running'))`);
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
