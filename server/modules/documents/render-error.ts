/**
 * Why a letter could not be laid out, in words (issue 22 point 3). An AppError, so a route answers it as
 * it is: 422 when the letter itself is the reason (it breaks the letter bounds, its layout ran over the
 * time or memory limit, or the renderer failed on it), 503 when the renderer could not take it now.
 * The delivery jobs read `failure` to tell a permanent failure from one worth trying again.
 */
import { MESSAGES } from '../../../src/domain/messages';
import { errorOf } from '../../../src/domain/contract/errors';
import { AppError } from '../../lib/errors';
import type { WorkerJobFailure } from '../../lib/worker-pool';

export type RenderFailure = 'bounds' | WorkerJobFailure;

const WHY: Record<WorkerJobFailure, string> = {
  timeout: MESSAGES.letterRenderTooSlow,
  memory: MESSAGES.letterRenderTooBig,
  failed: MESSAGES.letterRenderFailed,
  crashed: MESSAGES.letterRenderStopped,
  busy: MESSAGES.letterRenderBusy,
  closed: MESSAGES.letterRenderStopped,
};

/** The letter's own doing: rendering it again gives the same answer. */
const PERMANENT = new Set<RenderFailure>(['bounds', 'timeout', 'memory', 'failed']);

export class LetterRenderError extends AppError {
  constructor(
    readonly failure: RenderFailure,
    format: 'pdf' | 'docx',
    /** For 'bounds': the first problem checkLetterDoc found. */
    problem?: string,
  ) {
    const refused = errorOf(
      PERMANENT.has(failure) ? 'letter_not_renderable' : 'render_unavailable',
      format === 'pdf' ? 'PDF' : 'Word document',
      failure === 'bounds' ? (problem ?? '') : WHY[failure],
    );
    super(refused.status, refused.code, refused.message);
    this.name = 'LetterRenderError';
  }

  get permanent(): boolean {
    return PERMANENT.has(this.failure);
  }
}
