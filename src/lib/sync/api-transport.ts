import { Upload, type DetailedError } from 'tus-js-client';
import { z } from 'zod';
import { API_PATHS, dictationSchema } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { apiCall } from '../api/client';
import { ApiError } from '../api/errors';
import { keyStore, TOKEN_KEY } from '../db/keys';
import { FetchHttpStack } from './fetch-http-stack';
import type { Transport } from './drain';
import { TransportError } from './transport-error';

const CHUNK_BYTES = 4 * 1024 * 1024;

async function authHeader(): Promise<Record<string, string>> {
  const token = await keyStore.get<string>(TOKEN_KEY);
  if (!token) throw new TransportError(401, 'Sign in again to send your recordings.');
  return { Authorization: `Bearer ${token}` };
}

function origin(): string {
  return (globalThis as unknown as { location: { origin: string } }).location.origin;
}

/** The real outbox transport: audio by tus in 4 MB chunks, then the idempotent finalise call. */
export const apiTransport: Transport = {
  async upload(item, audio, progress) {
    const headers = await authHeader();
    return new Promise((resolve, reject) => {
      const upload = new Upload(audio, {
        endpoint: new URL(API_PATHS.uploads, origin()).toString(),
        uploadUrl: item.uploadUrl,
        chunkSize: CHUNK_BYTES,
        // The outbox owns retries (backoff, pause on 401): tus must not loop on its own.
        retryDelays: [],
        headers,
        httpStack: new FetchHttpStack(),
        // The recording id, not name/size/date, identifies the audio (PITFALLS 8); URLs live in Dexie.
        fingerprint: async () => `wardnote-${item.recordingId}`,
        storeFingerprintForResuming: false,
        removeFingerprintOnSuccess: true,
        metadata: { recordingId: item.recordingId, filename: item.label, filetype: audio.type },
        onUploadUrlAvailable() {
          void progress({ uploadUrl: new URL(upload.url!, origin()).toString() });
        },
        onChunkComplete(_size, accepted) {
          void progress({ bytesAcked: accepted });
        },
        onSuccess() {
          resolve({ uploadUrl: new URL(upload.url!, origin()).toString() });
        },
        onError(err) {
          const status = (err as DetailedError).originalResponse?.getStatus() ?? 0;
          reject(new TransportError(status, status === 0 ? MESSAGES.outboxNoConnection : err.message));
        },
      });
      upload.start();
    });
  },

  async finalise(item, body) {
    try {
      const res = await apiCall('post', API_PATHS.dictation, {
        schema: z.object({ data: dictationSchema }),
        json: body,
        headers: { ...(await authHeader()), 'Idempotency-Key': item.id },
        quiet: true,
        timeout: 60_000,
      });
      return res.data;
    } catch (err) {
      throw asTransportError(err);
    }
  },

  async send(item, body) {
    try {
      return await apiCall(item.method === 'PATCH' ? 'patch' : 'post', item.path, {
        schema: z.unknown(),
        json: body,
        headers: { ...(await authHeader()), 'Idempotency-Key': item.id },
        quiet: true,
      });
    } catch (err) {
      throw asTransportError(err);
    }
  },
};

function asTransportError(err: unknown): unknown {
  if (!(err instanceof ApiError)) return err;
  return new TransportError(err.status, err.status === 0 ? MESSAGES.outboxNoConnection : err.message, err.code);
}
