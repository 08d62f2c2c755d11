import { Upload, type DetailedError } from 'tus-js-client';
import type { Dictation } from '../../domain/contract';
import { SYNC_PATHS } from '../../domain/contract/paths-sync';
import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';
import { keyStore, TOKEN_KEY } from '../db/keys';
import { FetchHttpStack } from './fetch-http-stack';
import type { Transport } from './drain';
import { sendJson } from './json-call';
import { originUrl, tusUploadOptions } from './tus-setup';
import { HttpError } from '../api/errors';

const CHUNK_BYTES = 4 * 1024 * 1024;

async function authHeader(): Promise<Record<string, string>> {
  const token = await keyStore.get<string>(TOKEN_KEY);
  if (!token) throw new HttpError(401, 'Sign in again to send your recordings.');
  return { Authorization: `Bearer ${token}` };
}

/**
 * The real outbox transport, shared by the page and the service worker: audio by tus in 4 MB chunks,
 * then the idempotent finalise call. Plain fetch and hand checks, no ky or zod (DESIGN §7).
 */
export const apiTransport: Transport = {
  async upload(item, audio, progress) {
    const headers = await authHeader();
    return new Promise((resolve, reject) => {
      const upload = new Upload(audio, {
        ...tusUploadOptions(headers, CHUNK_BYTES),
        uploadUrl: item.uploadUrl,
        // The outbox owns retries (backoff, pause on 401): tus must not loop on its own.
        retryDelays: [],
        httpStack: new FetchHttpStack(),
        // The recording id, not name/size/date, identifies the audio (PITFALLS 8); URLs live in Dexie.
        fingerprint: async () => `wardnote-${item.recordingId}`,
        removeFingerprintOnSuccess: true,
        metadata: { recordingId: item.recordingId, filename: item.label, filetype: audio.type },
        onUploadUrlAvailable() {
          void progress({ uploadUrl: originUrl(upload.url!) });
        },
        onChunkComplete(_size, accepted) {
          void progress({ bytesAcked: accepted });
        },
        onSuccess() {
          resolve({ uploadUrl: originUrl(upload.url!) });
        },
        onError(err) {
          const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
          reject(new HttpError(status, status === 0 ? TRANSPORT_MESSAGES.outboxNoConnection : err.message));
        },
      });
      upload.start();
    });
  },

  async finalise(item, body) {
    const answer = await sendJson(
      'POST',
      originUrl(SYNC_PATHS.dictation),
      body,
      { ...(await authHeader()), 'Idempotency-Key': item.id },
      60_000,
    );
    const dictation = (answer as { data?: Dictation } | null)?.data;
    // An answer that is not a dictation is retried like any other failed call; the audio stays.
    if (typeof dictation?.audio?.filesize !== 'number') throw new HttpError(200, TRANSPORT_MESSAGES.errorFetching);
    return dictation;
  },

  async send(item, body) {
    return sendJson(item.method, originUrl(item.path), body, { ...(await authHeader()), 'Idempotency-Key': item.id }, 20_000);
  },
};
