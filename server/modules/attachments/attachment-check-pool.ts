/**
 * Attachments are checked off the main thread (issue 22 point 2): on the generic worker pool
 * (server/lib/worker-pool.ts, as the letter renders are), each check with a time and a memory limit,
 * so that no file, however it is packed, holds up the server or anyone else's check. A check that runs
 * over its time limit is stopped (its worker replaced) and the file refused in words; one that needs
 * more memory than a worker has is refused as a zip bomb; when every worker is busy and the queue is
 * full, the upload is answered 503 "try again in a minute".
 */
import type { AttachmentVerdict } from '../../../src/domain/attachment-files';
import { appError, appErrorVariant } from '../../lib/errors';
import { createWorkerPool, WorkerJobError } from '../../lib/worker-pool';
import type { AttachmentCheckJob } from './attachment-check-job';

export interface AttachmentCheckOptions {
  workers: number;
  queue: number;
  timeLimitMs: number;
  memoryMb: number;
}

export interface AttachmentChecker {
  /** The verdict on the file at `path`; throws an AppError when the check itself could not finish. */
  check(path: string, filename: string): Promise<AttachmentVerdict>;
  close(): Promise<void>;
}

export function createAttachmentChecker(opts: AttachmentCheckOptions): AttachmentChecker {
  const pool = createWorkerPool<AttachmentCheckJob, AttachmentVerdict>({
    module: new URL('./attachment-check-job.ts', import.meta.url),
    size: opts.workers,
    maxQueue: opts.queue,
    timeLimitMs: opts.timeLimitMs,
    memoryMb: opts.memoryMb,
  });
  return {
    async check(path, filename) {
      try {
        return await pool.run({ path, filename });
      } catch (err) {
        if (!(err instanceof WorkerJobError)) throw err;
        switch (err.reason) {
          case 'timeout':
            throw appError('attachment_check_timeout');
          case 'memory':
            throw appErrorVariant('attachment_too_large', 'unpacked');
          case 'failed':
            throw appErrorVariant('attachment_uncheckable', 'pool');
          default:
            throw appError('attachment_check_busy');
        }
      }
    },
    close: () => pool.close(),
  };
}
