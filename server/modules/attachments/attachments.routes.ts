/**
 * Attachments on a dictation (src/domain/contract/attachments.ts): the list, a download, a removal,
 * and the upload kind "attachment" of the shared tus uploads.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ATTACHMENT_UPLOAD_KIND } from '../../../src/domain/contract';
import { E } from '../../../src/domain/contract/endpoints';
import type { AudioStorage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { route } from '../../lib/route';
import type { UrlSigner } from '../../lib/signed-url';
import { caller } from '../auth/request-auth';
import type { Uploads } from '../uploads/tus';
import type { AttachmentChecker } from './attachment-check-pool';
import { attachmentUploadKind } from './attachment-upload';
import { createAttachmentService } from './attachments.service';
import { attachmentDisposition } from './content-disposition';

interface Opts {
  db: Db;
  storage: AudioStorage;
  uploads: Uploads;
  signer: UrlSigner;
  checker: AttachmentChecker;
}

export const attachmentsRoutes: FastifyPluginAsyncZod<Opts> = async (app, { db, storage, uploads, signer, checker }) => {
  uploads.addKind(ATTACHMENT_UPLOAD_KIND, attachmentUploadKind({ db, storage, uploads, checker }));
  const attachments = createAttachmentService({ db, storage, signer });

  route(app, E.dictationAttachments, async (req) => attachments.list(caller(req), req.params.id));

  /**
   * A bearer token, or the signed link of the list (an <a download> cannot send a token): either way
   * the hook checks the caller against the list's rule, for a link as its user is now (issue 22 point 8).
   */
  route(app, E.dictationAttachmentGet, async (req, reply) => {
    const file = await attachments.download(caller(req), req.params.id, req.params.aid, req.ip);
    reply.headers({
      'Content-Type': file.contentType,
      'Content-Length': String(file.size),
      'Content-Disposition': attachmentDisposition(file.filename),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    return reply.send(file.body);
  });

  route(app, E.dictationAttachmentDelete, async (req, reply) => {
    await attachments.remove(caller(req), req.params.id, req.params.aid, req.ip);
    return reply.send();
  });
};
