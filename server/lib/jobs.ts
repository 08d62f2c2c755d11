import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';

type Handler = (payload: Record<string, unknown>) => Promise<void>;
const MAX_ATTEMPTS = 5;

interface ClaimedJob {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * The durable queue: jobs are rows, claimed with FOR UPDATE SKIP LOCKED so any number of server
 * processes share them, retried with backoff, and picked up again after a crash or restart.
 */
export function createJobQueue(db: Db, log: FastifyBaseLogger) {
  const handlers = new Map<string, Handler>();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  async function claim(): Promise<ClaimedJob | null> {
    const res = (await db.execute(sql`
      UPDATE jobs SET state = 'running', locked_at = now(), attempts = attempts + 1
      WHERE id = (
        SELECT id FROM jobs
        WHERE (state = 'queued' AND run_at <= now())
           OR (state = 'running' AND locked_at < now() - interval '15 minutes')
        ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING id, kind, payload, attempts`)) as unknown as { rows: ClaimedJob[] };
    const row = res.rows[0];
    return row ? { ...row, id: Number(row.id) } : null;
  }

  async function finish(job: ClaimedJob, error: unknown) {
    if (!error) {
      await db.execute(sql`UPDATE jobs SET state = 'done', last_error = NULL WHERE id = ${job.id}`);
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    const final = job.attempts >= MAX_ATTEMPTS;
    const delaySeconds = Math.min(600, 5 * 2 ** job.attempts);
    await db.execute(sql`
      UPDATE jobs SET state = ${final ? 'failed' : 'queued'}, last_error = ${message.slice(0, 2000)},
        run_at = now() + (${delaySeconds} * interval '1 second') WHERE id = ${job.id}`);
    log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, final }, 'job failed');
  }

  async function runOnce(): Promise<boolean> {
    const job = await claim();
    if (!job) return false;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      await handler(job.payload);
      await finish(job, null);
    } catch (err) {
      await finish(job, err);
    }
    return true;
  }

  async function drain(): Promise<void> {
    while (await runOnce());
  }

  /** One drain at a time in this process; a kick while draining is covered by the loop. */
  function kick() {
    running ??= drain()
      .catch((err: unknown) => log.error({ err }, 'job queue'))
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    register(kind: string, handler: Handler) {
      handlers.set(kind, handler);
    },
    /** Adds a job; pass the transaction so the job exists exactly when the change it belongs to does. */
    async enqueue(kind: string, payload: Record<string, unknown>, tx: Pick<Db, 'insert'> = db) {
      await tx.insert(jobs).values({ kind, payload });
    },
    kick,
    /** Waits for the drain under way, then drains again: every job queued before the call has run. */
    async runUntilIdle() {
      await kick();
      await kick();
    },
    start(intervalMs = 2000) {
      timer ??= setInterval(() => void kick(), intervalMs);
      void kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
