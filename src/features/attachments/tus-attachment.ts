/**
 * One file sent to the server by tus (the same resumable uploads as audio, src/lib/sync/api-transport.ts),
 * as the upload kind "attachment". A dropped connection resumes from the server's offset: tus retries
 * with backoff while online, and when the browser was offline the upload starts again (from where the
 * server is) as soon as it is back. A refusal (4xx) is final and carries the server's reason.
 */
import type { DetailedError, Upload } from 'tus-js-client';
import { ATTACHMENT_UPLOAD_KIND } from '../../domain/contract/attachments';
import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';
import { classify, codeOf, HttpError } from '../../lib/api/errors';
import { keyStore, TOKEN_KEY } from '../../lib/db/keys';
import { tusUploadOptions } from '../../lib/sync/tus-setup';

export interface UploadEvents {
  progress(sent: number, total: number): void;
  /** Offline: waiting for the connection, the bytes sent so far are kept by the server. */
  waiting(): void;
  done(): void;
  refused(message: string): void;
}

const CHUNK_BYTES = 2 * 1024 * 1024;

/** The upload's failure as an HttpError: the status (0 without an answer), the server's code and words. */
function failureOf(err: Error): HttpError {
  const res = (err as DetailedError).originalResponse;
  const status = res?.getStatus() ?? 0;
  let message: string = status >= 500 ? TRANSPORT_MESSAGES.serverError : TRANSPORT_MESSAGES.errorFetching;
  let code: unknown;
  try {
    const body = JSON.parse(res?.getBody() ?? '') as { message?: unknown; code?: unknown };
    if (typeof body.message === 'string') message = body.message;
    code = body.code;
  } catch {
    // not JSON: the generic message
  }
  return new HttpError(status, message, codeOf(code));
}

/** Starts the upload; answers a function that stops it. */
export async function sendAttachment(dictationId: number, file: File, on: UploadEvents): Promise<() => void> {
  const { Upload } = await import('tus-js-client');
  const token = await keyStore.get<string>(TOKEN_KEY);
  let upload: Upload | null = null;
  let running = false;
  let stopped = false;
  const resume = () => {
    if (stopped || running || !upload) return;
    running = true;
    upload.start();
  };
  const stop = () => {
    stopped = true;
    window.removeEventListener('online', resume);
    if (running) void upload?.abort();
    running = false;
  };
  upload = new Upload(file, {
    ...tusUploadOptions(token ? { Authorization: `Bearer ${token}` } : {}, CHUNK_BYTES),
    retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000],
    metadata: { kind: ATTACHMENT_UPLOAD_KIND, dictationId: String(dictationId), filename: file.name },
    // Only a lost connection or a server fault is worth another try; a refusal stands.
    // 423: tus's lock on an upload another request is still writing to.
    onShouldRetry: (err) => {
      const failure = failureOf(err);
      return (classify(failure.status, failure.code) === 'retry' || failure.status === 423) && navigator.onLine;
    },
    onProgress: (sent, total) => on.progress(sent, total),
    onSuccess: () => {
      running = false;
      stop();
      on.done();
    },
    onError: (err) => {
      running = false;
      const failure = failureOf(err);
      if (classify(failure.status, failure.code) === 'retry') {
        // Whatever the server has is kept: start again from there when the connection is back.
        on.waiting();
        if (!navigator.onLine) return;
        setTimeout(resume, 30_000);
        return;
      }
      stop();
      on.refused(failure.message);
    },
  });
  window.addEventListener('online', resume);
  resume();
  return stop;
}
