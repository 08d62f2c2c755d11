/**
 * The attachment check's job (attachment-check-pool.ts, run by server/lib/worker-host.ts on a worker
 * thread, issue 22 point 2): reads the uploaded file and gives src/domain/attachment-files.ts's
 * verdict. Inflating runs here, off the main thread (server/adapters/bounded-inflate.ts). The pool's time limit stops a check that still runs too long.
 */
import { readFile } from 'node:fs/promises';
import { inspectAttachment, type AttachmentVerdict } from '../../../src/domain/attachment-files';
import { boundedInflate } from '../../adapters/bounded-inflate';

export interface AttachmentCheckJob {
  /** The uploaded file on this machine (the upload store's own copy). */
  path: string;
  /** The name the user gave it. */
  filename: string;
}

export async function run(job: AttachmentCheckJob): Promise<AttachmentVerdict> {
  return inspectAttachment(await readFile(job.path), job.filename, boundedInflate);
}
