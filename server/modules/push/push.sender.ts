import type { FastifyBaseLogger } from 'fastify';
import { pushTopic, type PushPayload, type PushTopicKind } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import type { JobQueue } from '../../lib/jobs';
import { deleteDeviceById, deviceById, devicesForTopic, unreadCount } from './push.repository';
import type { PushOutcome, PushTarget, PushTransport } from './transport';

/** What the notifications module announces once a notification row is committed. */
export interface NotificationEvent {
  userId: number;
  kind: string;
  title: string;
  body: string;
  dictationId: number | null;
  urgent?: boolean;
  /** The notification row's id (`notifId` in the push), when known. */
  id?: number | null;
}

/**
 * The topic a notification kind is pushed under (spec §4): author approval and refresh request for
 * Authors, new tasks (being typed) for Secretary and Manager. The other kinds (returned, sent, delivery
 * failed, stuck) have no topic of their own in the spec: they reach every device the user turned
 * notifications on for (any topic).
 */
const TOPIC_OF_KIND: Partial<Record<string, PushTopicKind>> = {
  author_approval: 'AUTHOR_APPROVAL',
  refresh_request: 'REQUEST_REFRESH',
  new_task: 'BEING_TYPED',
};

export const topicKindFor = (kind: string): PushTopicKind | null => TOPIC_OF_KIND[kind] ?? null;

export const PUSH_RETRY_JOB = 'push.retry';
/** Tries after the first, before a push that keeps meeting a busy service is given up (and logged). */
export const PUSH_MAX_RETRIES = 5;

/**
 * When to try again: what the push service asked for (Retry-After) or, if longer or not said,
 * 5 s doubling per try; up to a tenth more at random so devices turned away together do not return together.
 */
export function pushRetryDelayMs(outcome: { retryAfterMs?: number }, attempt: number, random = Math.random): number {
  const backoff = 5000 * 2 ** (attempt - 1);
  const base = Math.max(outcome.retryAfterMs ?? 0, backoff);
  return Math.round(base * (1 + random() / 10));
}

export interface PushSenderDeps {
  db: Db;
  log: FastifyBaseLogger;
  transports: Record<string, PushTransport | undefined>;
  jobs?: JobQueue;
}

/**
 * Sends a notification to the user's devices subscribed to its topic. The payload holds the title and
 * body (plain words the notifications module wrote without patient details), ids and the app address.
 * Devices answered 404/410 are deleted; a busy or unreachable push service is retried by the job
 * queue; failures are logged with the device id and a status, nothing of the payload.
 */
export function createPushSender({ db, log, transports, jobs }: PushSenderDeps) {
  async function deliver(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const transport = transports[target.transport];
    const outcome: PushOutcome = transport
      ? await transport.send(target, payload)
      : { kind: 'failed', reason: `${target.transport} not configured` };
    if (outcome.kind === 'gone') {
      await deleteDeviceById(db, target.id);
      log.info({ subscription: target.id }, 'push subscription gone: deleted');
    } else if (outcome.kind === 'refused') {
      // Stored before the endpoint rules, or its name now points somewhere private: never sent to.
      await deleteDeviceById(db, target.id);
      log.warn({ subscription: target.id, reason: outcome.reason }, 'push endpoint refused: deleted');
    } else if (outcome.kind !== 'sent') {
      log.warn(
        { subscription: target.id, transport: target.transport, outcome: outcome.kind, reason: outcome.reason },
        'push not delivered',
      );
    }
    return outcome;
  }

  /**
   * A busy or unreachable service: the push waits in the job queue for as long as the service asked
   * (the queue's own backoff cannot honour Retry-After), a new job per try, up to PUSH_MAX_RETRIES.
   */
  async function scheduleRetry(target: PushTarget, payload: PushPayload, outcome: { retryAfterMs?: number }, attempt: number) {
    if (!jobs) return;
    if (attempt > PUSH_MAX_RETRIES) {
      log.warn({ subscription: target.id, transport: target.transport, tries: attempt }, 'push given up: service kept refusing');
      return;
    }
    // Not under `dictationId` at the top: the queue would serialise it with the letter's audio jobs.
    await jobs.enqueue(PUSH_RETRY_JOB, { subscriptionId: target.id, push: payload, attempt }, undefined, {
      delayMs: pushRetryDelayMs(outcome, attempt),
    });
  }

  jobs?.register(PUSH_RETRY_JOB, async (job) => {
    const target = await deviceById(db, Number(job.subscriptionId));
    if (!target) return;
    const payload = job.push as PushPayload;
    const outcome = await deliver(target, payload);
    if (outcome.kind === 'retry') await scheduleRetry(target, payload, outcome, Number(job.attempt ?? 1) + 1);
  });

  return {
    async notify(n: NotificationEvent): Promise<PushOutcome[]> {
      const topicKind = topicKindFor(n.kind);
      const targets = await devicesForTopic(db, n.userId, topicKind ? pushTopic(topicKind, n.userId) : null);
      if (!targets.length) return [];
      const payload: PushPayload = {
        title: n.title,
        body: n.body,
        dictationId: n.dictationId ?? null,
        notifId: n.id ?? null,
        url: n.dictationId ? `/dictation/${n.dictationId}` : '/',
        unread: await unreadCount(db, n.userId),
      };
      const outcomes: PushOutcome[] = [];
      for (const target of targets) {
        const outcome = await deliver(target, payload);
        if (outcome.kind === 'retry') await scheduleRetry(target, payload, outcome, 1);
        outcomes.push(outcome);
      }
      return outcomes;
    },
  };
}
export type PushSender = ReturnType<typeof createPushSender>;
