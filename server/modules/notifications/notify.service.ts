/**
 * Creating notifications (issue 14). `emit` inserts one in the caller's transaction; whoever wants to
 * hear of new ones (Web Push, live lists) subscribes with `onNotification` and is called only after
 * that transaction has committed (`publish`). No patient data is stored in a title or body.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '../../../src/domain/click-rules';
import { notificationText, notificationsForChange, type DictationChangeFacts } from '../../../src/domain/notification-events';
import type { Db } from '../../db/client';
import { insertNotification } from './notifications.repository';

export interface EmitInput {
  trustId: number;
  userId: number;
  dictationId: number | null;
  kind: NotificationKind;
  urgent: boolean;
  /** The dictation's reference, named in the text (issue 23); null for a notification about no dictation. */
  reference: string | null;
}

export interface EmittedNotification extends EmitInput {
  id: number;
  title: string;
  body: string;
  createdAt: Date;
}

type Subscriber = (n: EmittedNotification) => void | Promise<void>;
const subscribers = new Set<Subscriber>();
let log: Pick<FastifyBaseLogger, 'error'> | null = null;

/** Where a failing subscriber is reported (the server's log; set when the routes are registered). */
export function setNotificationLog(l: Pick<FastifyBaseLogger, 'error'>): void {
  log = l;
}

/** Called for every notification once it is committed; returns the unsubscribe function. */
export function onNotification(fn: Subscriber): () => void {
  subscribers.add(fn);
  return () => void subscribers.delete(fn);
}

/** Tells the subscribers of committed notifications; a failing subscriber never fails the change. */
export function publish(list: readonly EmittedNotification[]): void {
  for (const n of list)
    for (const fn of subscribers) {
      try {
        void Promise.resolve(fn(n)).catch((err: unknown) => log?.error({ err: errorName(err) }, 'notification subscriber failed'));
      } catch (err) {
        log?.error({ err: errorName(err) }, 'notification subscriber failed');
      }
    }
}

const errorName = (err: unknown) => (err instanceof Error ? err.name : 'error');

/** Inserts one notification in `tx`; publish the result after the transaction commits. */
export async function emit(tx: Pick<Db, 'insert'>, input: EmitInput): Promise<EmittedNotification> {
  const text = notificationText(input.kind, input.urgent, input.reference);
  const row = await insertNotification(tx, {
    trustId: input.trustId,
    userId: input.userId,
    dictationId: input.dictationId,
    kind: input.kind,
    ...text,
  });
  return { ...input, ...text, id: row.id, createdAt: row.createdAt };
}

/** The notifications a dictation's change calls for (src/domain/notification-events.ts), inserted in `tx`. */
export async function emitForChange(
  tx: Pick<Db, 'insert'>,
  d: { id: number; trustId: number; urgent: boolean; reference: string },
  facts: DictationChangeFacts,
): Promise<EmittedNotification[]> {
  const out: EmittedNotification[] = [];
  for (const e of notificationsForChange(facts))
    out.push(
      await emit(tx, { trustId: d.trustId, userId: e.userId, dictationId: d.id, kind: e.kind, urgent: d.urgent, reference: d.reference }),
    );
  return out;
}
