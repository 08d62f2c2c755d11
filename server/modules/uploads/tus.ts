import { createWriteStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { Server, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { s3ClientConfig, type S3Settings } from '../../adapters/s3-storage';
import type { Scratch } from '../../adapters/storage';
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

  const server = new Server({
    path: API_PATHS.uploads,
    datastore,
    maxSize: opts.maxSizeBytes,
    relativeLocation: true,
    respectForwardedHeaders: true,
    allowedOrigins: [],
    async onIncomingRequest(req, uploadId) {
      let auth: RequestAuth;
      try {
        auth = await authenticate(opts.db, req.headers.get('authorization'), 'required', opts.pinWindowMs);
      } catch (err) {
        throw err instanceof AppError ? refuse(err) : err;
      }
      if (!satisfies(auth.subject, RULES.createDictation)) throw refuse(Errors.forbidden());
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
    /** Removes uploads not finalised within a day, finished or not; returns how many. */
    async sweep(now = Date.now()): Promise<number> {
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

interface KeptUploads {
  datastore: FileStore | S3Store;
  withFile<T>(uploadId: string, use: (file: string) => Promise<T>): Promise<T>;
  listUploads(): Promise<{ id: string; createdAt: number }[]>;
  /** Everything kept for an upload, including what the datastore's own remove leaves behind. */
  removeAll(uploadId: string): Promise<void>;
}

function fileUploads(directory: string): KeptUploads {
  const datastore = new FileStore({ directory });
  return {
    datastore,
    withFile: (uploadId, use) => use(path.join(directory, uploadId)),
    async listUploads() {
      const names = await readdir(directory).catch(() => [] as string[]);
      return Promise.all(
        names
          .filter((n) => n.endsWith('.json'))
          .map(async (name) => {
            const info = JSON.parse(await readFile(path.join(directory, name), 'utf8').catch(() => '{}')) as { creation_date?: string };
            const createdAt = info.creation_date ? Date.parse(info.creation_date) : (await stat(path.join(directory, name))).mtimeMs;
            return { id: name.slice(0, -5), createdAt };
          }),
      );
    },
    removeAll: (uploadId) => datastore.remove(uploadId).catch(() => {}),
  };
}

/**
 * Uploads in the bucket, as @tus/s3-store keeps them at its root: the object `<id>` (a multipart
 * upload until it completes), `<id>.info` with the tus metadata and `<id>.part` for a tail smaller
 * than S3's minimum part size.
 */
function s3Uploads(s3: S3Settings, scratch: Scratch): KeptUploads {
  const client = new S3Client(s3ClientConfig(s3));
  const datastore = new S3Store({ s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) } });
  return {
    datastore,
    withFile: (uploadId, use) =>
      scratch.with('', async (file) => {
        await pipeline(await datastore.read(uploadId), createWriteStream(file));
        return use(file);
      }),
    async listUploads() {
      const found: { id: string; createdAt: number }[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Delimiter: '/', ContinuationToken }));
        for (const o of page.Contents ?? []) {
          if (o.Key?.endsWith('.info')) found.push({ id: o.Key.slice(0, -5), createdAt: o.LastModified?.getTime() ?? 0 });
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return found;
    },
    async removeAll(uploadId) {
      await datastore.remove(uploadId).catch(() => {});
      await client.send(
        new DeleteObjectsCommand({
          Bucket: s3.bucket,
          Delete: { Objects: [uploadId, `${uploadId}.info`, `${uploadId}.part`].map((Key) => ({ Key })), Quiet: true },
        }),
      );
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
