import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Server, type Upload } from '@tus/server';
import { FileStore } from '@tus/file-store';
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
export function createUploads(opts: { db: Db; directory: string; maxSizeBytes: number; pinWindowMs: number }) {
  const datastore = new FileStore({ directory: opts.directory });
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
    /** The finished upload of this user, or null. */
    async findOwnUpload(uploadId: string, userId: number): Promise<(Upload & { filePath: string }) | null> {
      const upload = await datastore.getUpload(uploadId).catch(() => null);
      if (!upload || upload.metadata?.owner !== String(userId)) return null;
      return Object.assign(upload, { filePath: path.join(opts.directory, uploadId) });
    },
    remove: (uploadId: string) => datastore.remove(uploadId),
    /** Removes uploads not finalised within a day, finished or not. */
    async sweep(now = Date.now()): Promise<number> {
      let removed = 0;
      const names = await readdir(opts.directory).catch(() => [] as string[]);
      for (const name of names.filter((n) => n.endsWith('.json'))) {
        const id = name.slice(0, -5);
        const info = JSON.parse(await readFile(path.join(opts.directory, name), 'utf8').catch(() => '{}')) as { creation_date?: string };
        const created = info.creation_date ? Date.parse(info.creation_date) : (await stat(path.join(opts.directory, name))).mtimeMs;
        if (now - created > UPLOAD_TTL_MS) {
          await datastore.remove(id).catch(() => {});
          removed++;
        }
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
