/**
 * A few notifications for the demo author, secretary and manager (issue 14), some read and some not,
 * about demo dictations in the matching statuses, so the bell has something to show on a fresh start.
 * Run after the demo dictations exist; does nothing when any notification exists already.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import type { NotificationKind } from '../../src/domain/click-rules';
import { notificationText } from '../../src/domain/notification-events';
import type { DictationStatus } from '../../src/domain/statuses';
import type { Db } from './client';
import { dictations, notifications, users } from './schema';

interface Wanted {
  email: string;
  kind: NotificationKind;
  status: DictationStatus;
  /** The dictation is the user's as author (else as assigned typist). */
  asAuthor: boolean;
  read: boolean;
  hoursAgo: number;
}

const WANTED: Wanted[] = [
  { email: 'author@wardnote.test', kind: 'author_approval', status: 'AUTHOR_APPROVAL', asAuthor: true, read: false, hoursAgo: 1 },
  { email: 'author@wardnote.test', kind: 'author_approval', status: 'AUTHOR_APPROVAL', asAuthor: true, read: false, hoursAgo: 3 },
  { email: 'author@wardnote.test', kind: 'author_approval', status: 'AUTHOR_APPROVAL', asAuthor: true, read: true, hoursAgo: 26 },
  { email: 'author@wardnote.test', kind: 'sent', status: 'SENT', asAuthor: true, read: true, hoursAgo: 50 },
  { email: 'secretary@wardnote.test', kind: 'new_task', status: 'BEING_TYPED', asAuthor: false, read: false, hoursAgo: 2 },
  { email: 'secretary@wardnote.test', kind: 'returned', status: 'BEING_TYPED', asAuthor: false, read: true, hoursAgo: 30 },
  { email: 'manager@wardnote.test', kind: 'new_task', status: 'BEING_TYPED', asAuthor: false, read: false, hoursAgo: 4 },
  { email: 'manager@wardnote.test', kind: 'new_task', status: 'BEING_TYPED', asAuthor: false, read: true, hoursAgo: 28 },
];

export async function seedDemoNotifications(db: Db): Promise<number> {
  const [{ n }] = (await db.select({ n: count() }).from(notifications)) as [{ n: number }];
  if (Number(n) > 0) return 0;
  const people = await db
    .select({ id: users.id, email: users.email, trustId: users.trustId })
    .from(users)
    .where(inArray(users.email, [...new Set(WANTED.map((w) => w.email))]));
  const used = new Set<number>();
  let made = 0;
  for (const w of WANTED) {
    const who = people.find((p) => p.email === w.email);
    if (!who) continue;
    const candidates = await db
      .select({ id: dictations.id, urgent: dictations.urgent, reference: dictations.reference })
      .from(dictations)
      .where(and(eq(w.asAuthor ? dictations.authorId : dictations.assignedTo, who.id), eq(dictations.status, w.status)))
      .limit(10);
    const d = candidates.find((c) => !used.has(c.id));
    if (!d) continue;
    used.add(d.id);
    const at = new Date(Date.now() - w.hoursAgo * 3_600_000);
    await db.insert(notifications).values({
      trustId: who.trustId,
      userId: who.id,
      dictationId: d.id,
      kind: w.kind,
      ...notificationText(w.kind, d.urgent === 'HIGH', d.reference),
      readAt: w.read ? new Date(at.getTime() + 600_000) : null,
      createdAt: at,
    });
    made++;
  }
  return made;
}
