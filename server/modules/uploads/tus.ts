import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server, type Upload } from '@tus/server';
import { Metadata } from '@tus/utils';
import type { S3Settings } from '../../adapters/s3-storage';
import type { Scratch } from '../../adapters/storage';
import { fileUploads, s3Uploads } from './upload-stores';
import { DbUploadLocker } from './upload-locker';
import { RULES, satisfies } from '../../../src/domain/access';
import { SYNC_PATHS } from '../../../src/domain/contract/paths-sync';
import type { Db } from '../../db/client';
import { AppError, Errors } from '../../lib/errors';
import { caller, type RequestAuth } from '../auth/request-auth';

export const UPLOAD_TTL_MS = 24 * 3600_000;

/**
 * An upload that is not dictation audio (attachments): `create` checks the creation request and
 * answers the metadata to keep; `finish` runs on the assembled bytes before the last PATCH is
 * answered. Either may throw an AppError, which the client gets as the answer.
 */
export interface UploadKind {
  create(auth: RequestAuth, upload: Upload): Promise<Record<string, string>>;
  finish(auth: RequestAuth, upload: Upload): Promise<{ status_code?: number; headers?: Record<string, string>; body?: string }>;
}

function metadataOf(req: Request): Record<string, string | null> | undefined {
  try {
    return Metadata.parse(req.headers.get('upload-metadata') ?? undefined);
  } catch {
    return undefined;
  }
}

function refuse(error: AppError): { status_code: number; body: string } {
  return { status_code: error.status, body: JSON.stringify({ message: error.message, code: error.code }) };
}

/** The node request under tus's web Request (srvx keeps it as `runtime.node.req`). */
function nodeRequestOf(req: Request): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

/**
 * Resumable uploads (tus) under /api/uploads. Every request is authenticated like any API call, by
 * the shared hook before tus reads a byte (request-auth.ts); an upload belongs to the user who
 * created it, and another user's upload answers 404.
 */
export function createUploads(opts: {
  db: Db;
  /** The file store's directory, used unless `s3` is given. */
  directory: string;
  s3: S3Settings | null;
  scratch: Scratch;
  maxSizeBytes: number;
}) {
  const kept = opts.s3 ? s3Uploads(opts.s3, opts.scratch) : fileUploads(opts.directory);
  const datastore = kept.datastore;
  const callers = new WeakMap<Request, RequestAuth>();
  /** The caller the shared hook authenticated, per node request, until tus asks for it. */
  const authenticated = new WeakMap<IncomingMessage, RequestAuth>();
  const locker = new DbUploadLocker(opts.db);
  const kinds = new Map<string, UploadKind>();

  const server = new Server({
    path: SYNC_PATHS.uploads,
    datastore,
    maxSize: opts.maxSizeBytes,
    relativeLocation: true,
    locker,
    respectForwardedHeaders: true,
    allowedOrigins: [],
    async onIncomingRequest(req, uploadId) {
      const node = nodeRequestOf(req);
      const auth = node && authenticated.get(node);
      if (!auth) throw refuse(Errors.unauthenticated());
      const stored = uploadId && req.method !== 'POST' ? await datastore.getUpload(uploadId).catch(() => null) : undefined;
      const kind = kinds.get((stored === undefined ? metadataOf(req) : stored?.metadata)?.kind ?? '');
      // An external typist of an outsourcing pool uploads nothing into the trust (issue 12).
      if ((!kind && !satisfies(auth.subject, RULES.createDictation)) || auth.subject.outsourcingPoolId != null)
        throw refuse(Errors.forbidden());
      if (stored !== undefined && (!stored || stored.metadata?.owner !== String(auth.ctx.user.id))) throw refuse(Errors.notFound());
      callers.set(req, auth);
    },
    async onUploadCreate(req, upload) {
      const auth = callers.get(req)!;
      const kind = kinds.get(upload.metadata?.kind ?? '');
      if (kind) {
        const kept = await kind.create(auth, upload).catch((err: unknown) => Promise.reject(err instanceof AppError ? refuse(err) : err));
        return {
          metadata: { ...kept, kind: upload.metadata!.kind!, owner: String(auth.ctx.user.id), trust: String(auth.ctx.user.trustId) },
        };
      }
      const recordingId = upload.metadata?.recordingId ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(recordingId)) throw refuse(Errors.validation('The upload has no recording id.'));
      return { metadata: { ...upload.metadata, owner: String(auth.ctx.user.id), trust: String(auth.ctx.user.trustId) } };
    },
    async onUploadFinish(req, upload) {
      const kind = kinds.get(upload.metadata?.kind ?? '');
      if (!kind) return {};
      return kind.finish(callers.get(req)!, upload).catch((err: unknown) => Promise.reject(err instanceof AppError ? refuse(err) : err));
    },
  });

  return {
    /** Answers one tus request of a caller the shared hook authenticated. */
    async handle(auth: RequestAuth, req: IncomingMessage, res: ServerResponse): Promise<void> {
      authenticated.set(req, auth);
      await server.handle(req, res);
    },
    /** Another kind of upload (Upload-Metadata `kind`), with its own access check and its own finish. */
    addKind(name: string, kind: UploadKind) {
      kinds.set(name, kind);
    },
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
  const handler = async (req: FastifyRequest, reply: { hijack(): void; raw: ServerResponse }) => {
    const auth = caller(req);
    reply.hijack();
    // tus writes its answers itself, past the onSend hook that marks every /api answer no-store.
    reply.raw.setHeader('Cache-Control', 'no-store');
    await uploads.handle(auth, req.raw, reply.raw);
  };
  // Guarded like every API route (the default `auth`): the caller is known before tus reads the body.
  app.all(SYNC_PATHS.uploads, handler);
  app.all(`${SYNC_PATHS.uploads}/*`, handler);
}
