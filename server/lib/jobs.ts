import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { executeRows } from '../db/execute-rows';

type Handler = (payload: Record<string, unknown>) => Promise<void>;
/** Called once when a job has failed for the last time, with the last error's message. */
type GiveUp = (payload: Record<string, unknown>, lastError: string) => Promise<void>;

export interface JobQueueOptions {
  /** Jobs run at once in this process. */
  concurrency?: number;
  /** Runs of one job before it is marked failed (a run cut short by a crash or restart counts). */
  maxAttempts?: number;
  /** A running job whose process has not been heard of for this long is taken over by another. */
  leaseMs?: number;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/** Runs of one job before it is given up, unless the queue is made with another `maxAttempts`. */
export const DEFAULT_MAX_ATTEMPTS = 3;

/** Adds a job of this kind unless one is already waiting or running (any number of server processes): a periodic run. */
export async function enqueueUnlessPending(db: Db, kind: string): Promise<void> {
  await db.execute(sql`
    INSERT INTO jobs (kind, payload)
    SELECT ${kind}, '{}'::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE kind = ${kind} AND state IN ('queued', 'running'))`);
}

/** Serialises claims across processes, so the "nothing of this dictation is running" test holds. */
const CLAIM_LOCK = 0x77617264; // 'ward'

/**
 * The durable queue: jobs are rows any number of server processes share. Up to `concurrency` jobs run
 * at once here, never two of the same dictation (`payload.dictationId`); a failed run is retried with
 * backoff up to `maxAttempts` runs, then the job is marked failed and its give-up handler tells the
 * user. A running job keeps its lease fresh; one left by a crash or restart is taken over when the
 * lease lapses, and counts as a run, so a job that takes its server down cannot come back forever.
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger, opts: JobQueueOptions = {}) {
  const concurrency = Math.max(1, opts.concurrency ?? 2);
  const maxAttempts = Math.max(1, opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS);
  const leaseMs = opts.leaseMs ?? 15 * 60_000;
  const leaseSeconds = Math.ceil(leaseMs / 1000);
  const handlers = new Map<string, { run: Handler; giveUp?: GiveUp }>();
  const workers = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let stopping = false;
  /** Bumped by every kick: a worker that found nothing to do looks again if a kick came meanwhile. */
  let generation = 0;

  async function claim(): Promise<ClaimedJob | null> {
    const rows = await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${CLAIM_LOCK})`);
      return executeRows<ClaimedJob>(
        tx,
        sql`
        UPDATE jobs SET state = 'running', locked_at = now(), attempts = attempts + 1
        WHERE id = (
          SELECT j.id FROM jobs j
          WHERE ((j.state = 'queued' AND j.run_at <= now())
              OR (j.state = 'running' AND j.locked_at < now() - ${leaseSeconds} * interval '1 second'))
            AND NOT EXISTS (
              SELECT 1 FROM jobs r
              WHERE r.state = 'running' AND r.id <> j.id
                AND r.locked_at >= now() - ${leaseSeconds} * interval '1 second'
                AND r.payload -> 'dictationId' = j.payload -> 'dictationId')
          ORDER BY j.id FOR UPDATE SKIP LOCKED LIMIT 1)
        RETURNING id, kind, payload, attempts`,
      );
    });
    const row = rows[0];
    return row ? { ...row, id: Number(row.id), attempts: Number(row.attempts) } : null;
  }

  async function finish(job: ClaimedJob, error: unknown) {
    if (!error) {
      await db.execute(sql`UPDATE jobs SET state = 'done', last_error = NULL WHERE id = ${job.id}`);
      return;
    }
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
    const final = job.attempts >= maxAttempts;
    log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, final, error: message }, 'job failed');
    if (final) {
      await handlers
        .get(job.kind)
        ?.giveUp?.(job.payload, message)
        .catch((err: unknown) => log.error({ job: job.id, err }, 'job give-up handler failed'));
    }
    const delaySeconds = Math.min(600, 5 * 2 ** job.attempts);
    await db.execute(sql`
      UPDATE jobs SET state = ${final ? 'failed' : 'queued'}, last_error = ${message},
        run_at = now() + (${delaySeconds} * interval '1 second') WHERE id = ${job.id}`);
  }

  async function runJob(job: ClaimedJob) {
    const handler = handlers.get(job.kind);
    // While it runs, the job's lease is renewed so no other process takes it over.
    const heartbeat = setInterval(
      () =>
        void db
          .execute(sql`UPDATE jobs SET locked_at = now() WHERE id = ${job.id} AND state = 'running'`)
          .catch((err: unknown) => log.warn({ job: job.id, err }, 'job lease renewal failed')),
      Math.max(1000, leaseMs / 3),
    );
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // Claimed again after its last run never finished (the server stopped or crashed during it).
      if (job.attempts > maxAttempts) throw new Error('It was interrupted too many times and was not run again.');
      await handler.run(job.payload);
      await finish(job, null);
    } catch (err) {
      await finish(job, err);
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function work() {
    while (!stopping) {
      const seen = generation;
      const job = await claim();
      if (job) await runJob(job);
      else if (seen === generation) return;
    }
  }

  /** Starts workers up to the limit; resolves when every worker running now has found nothing left to do. */
  function kick(): Promise<void> {
    generation++;
    while (!stopping && workers.size < concurrency) {
      const worker: Promise<void> = work()
        .catch((err: unknown) => log.error({ err }, 'job queue'))
        .finally(() => workers.delete(worker));
      workers.add(worker);
    }
    return Promise.all([...workers]).then(() => undefined);
  }

  return {
    register(kind: string, run: Handler, giveUp?: GiveUp) {
      handlers.set(kind, { run, giveUp });
    },
    /**
     * Adds a job; pass the transaction so the job exists exactly when the change it belongs to does.
     * `delayMs`: not before then (a service that said when to come back).
     */
    async enqueue(kind: string, payload: Record<string, unknown>, tx: Pick<Db, 'insert'> = db, opts: { delayMs?: number } = {}) {
      const delaySeconds = Math.max(0, Math.ceil((opts.delayMs ?? 0) / 1000));
      const runAt = delaySeconds ? { runAt: sql`now() + (${delaySeconds} * interval '1 second')` } : {};
      await tx.insert(jobs).values({ kind, payload, ...runAt });
    },
    kick,
    /** Waits for the work under way, then works again: every job due before the call has run. */
    async runUntilIdle() {
      await kick();
      await kick();
    },
    start(intervalMs = 2000) {
      timer ??= setInterval(() => void kick(), intervalMs);
      void kick();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      timer = null;
      await Promise.all([...workers]);
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
