import type { FastifyInstance } from 'fastify';
import { Server, type Upload } from '@tus/server';
import type { S3Settings } from '../../adapters/s3-storage';
import type { Scratch } from '../../adapters/storage';
import { fileUploads, s3Uploads } from './upload-stores';
import { DbUploadLocker } from './upload-locker';
import { RULES, satisfies } from '../../../src/domain/access';
import { API_PATHS } from '../../../src/domain/contract';
import type { Db } from '../../db/client';
import { AppError, Errors } from '../../lib/errors';
import { authenticate, type RequestAuth } from '../auth/request-auth';

export const UPLOAD_TTL_MS = 24 * 3600_000;

function refuse(error: AppError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify({ message: error.message, code: error.code }) };
}

/**
 * Resumable uploads (tus) under /api/uploads. Every request is authenticated like any API call; an
 * upload belongs to the user who created it, and another user's upload answers 404.
 */
export function createUploads(opts: {
  db: Db;
  /** The file store's directory, used unless `s3` is given. */
  directory: string;
  s3: S3Settings | null;
  scratch: Scratch;
  maxSizeBytes: number;
  pinWindowMs: number;
}) {
  const kept = opts.s3 ? s3Uploads(opts.s3, opts.scratch) : fileUploads(opts.directory);
  const datastore = kept.datastore;
  const callers = new WeakMap<Request, RequestAuth>();
  const locker = new DbUploadLocker(opts.db);

  const server = new Server({
    path: API_PATHS.uploads,
    datastore,
    maxSize: opts.maxSizeBytes,
    relativeLocation: true,
    locker,
    respectForwardedHeaders: true,
    allowedOrigins: [],
    async onIncomingRequest(req, uploadId) {
      let auth: RequestAuth;
      try {
        auth = await authenticate(opts.db, req.headers.get('authorization'), 'required', opts.pinWindowMs);
      } catch (err) {
        throw err instanceof AppError ? refuse(err) : err;
      }
      // An external typist of an outsourcing pool uploads nothing into the trust (issue 12).
      if (!satisfies(auth.subject, RULES.createDictation) || auth.subject.outsourcingPoolId != null) throw refuse(Errors.forbidden());
      if (uploadId && req.method !== 'POST') {
        const upload = await datastore.getUpload(uploadId).catch(() => null);
        if (!upload || upload.metadata?.owner !== String(auth.ctx.user.id)) throw refuse(Errors.notFound());
      }
      callers.set(req, auth);
    },
    async onUploadCreate(req, upload) {
      const auth = callers.get(req)!;
      const recordingId = upload.metadata?.recordingId ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(recordingId)) throw refuse(Errors.validation('The upload has no recording id.'));
      return { metadata: { ...upload.metadata, owner: String(auth.ctx.user.id), trust: String(auth.ctx.user.trustId) } };
    },
  });

  return {
    server,
    /** This user's upload, finished or not, or null. */
    async findOwnUpload(uploadId: string, userId: number): Promise<Upload | null> {
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      return upload && upload.metadata?.owner === String(userId) ? upload : null;
    },
    /** Runs `use` with a local path holding the upload's bytes. */
    withFile: kept.withFile,
    remove: kept.removeAll,
    /** Removes uploads not finalised within a day, finished or not, and stale locks; returns how many uploads. */
    async sweep(now = Date.now()): Promise<number> {
      await locker.forgetExpired();
      let removed = 0;
      for (const { id, createdAt } of await kept.listUploads()) {
        if (now - createdAt <= UPLOAD_TTL_MS) continue;
        await kept.removeAll(id);
        removed++;
      }
      return removed;
    },
  };
}

export type Uploads = ReturnType<typeof createUploads>;

export function registerUploadRoutes(app: FastifyInstance, uploads: Uploads) {
  // tus reads the raw request body itself.
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  const handler = async (
    req: { raw: import('node:http').IncomingMessage },
    reply: { hijack(): void; raw: import('node:http').ServerResponse },
  ) => {
    reply.hijack();
    await uploads.server.handle(req.raw, reply.raw);
  };
  app.all(API_PATHS.uploads, { config: { auth: 'none' } }, handler);
  app.all(`${API_PATHS.uploads}/*`, { config: { auth: 'none' } }, handler);
}
