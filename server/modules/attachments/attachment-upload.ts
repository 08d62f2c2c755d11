/**
 * Attachments arrive through the same tus uploads as audio (uploads/tus.ts), as the upload kind
 * "attachment": creation checks the dictation and the size; when the last byte arrives the whole file
 * is checked (src/domain/attachment-files.ts, on a worker thread with a time limit:
 * attachment-check-pool.ts), copied into storage and attached, or removed and refused with the reason.
 * Nothing about the file (name, content) goes to the server log.
 */
import type { Upload } from '@tus/server';
import { ATTACHMENT_TYPES, precheckAttachment } from '../../../src/domain/attachment-files';
import { attachmentUploadMetadataSchema } from '../../../src/domain/contract';
import { ATTACHMENT_MAX_BYTES } from '../../../src/domain/limits';
import type { AudioStorage } from '../../adapters/storage';
import { unguessableKey } from '../../adapters/storage-keys';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { Errors, appError, appErrorVariant } from '../../lib/errors';
import type { RequestAuth } from '../auth/request-auth';
import { visibleContext } from '../letters/dictation-scope';
import { lockDictation } from '../letters/letters.repository';
import type { UploadKind, Uploads } from '../uploads/tus';
import type { AttachmentChecker } from './attachment-check-pool';
import { attachmentsLocked, lockedError } from './attachment-rules';
import { insertAttachment, logOnDictation } from './attachments.repository';

function metadataOf(upload: Upload) {
  const parsed = attachmentUploadMetadataSchema.safeParse(upload.metadata ?? {});
  if (!parsed.success) throw Errors.validation(parsed.error.issues[0]?.message ?? 'The upload does not say which dictation it is for.');
  return parsed.data;
}

/** The dictation, if the caller may see it and add to it now. */
async function openDictation(db: Db, auth: RequestAuth, id: number) {
  const { row } = await visibleContext(db, auth, id);
  if (attachmentsLocked(row)) throw lockedError(row);
  return row;
}

export function attachmentUploadKind(deps: { db: Db; storage: AudioStorage; uploads: Uploads; checker: AttachmentChecker }): UploadKind {
  const { db, storage, uploads, checker } = deps;

  async function attach(auth: RequestAuth, upload: Upload) {
    const meta = metadataOf(upload);
    const d = await openDictation(db, auth, meta.dictationId);
    return uploads.withFile(upload.id, async (file) => {
      const verdict = await checker.check(file, meta.filename);
      if (!verdict.ok) throw appError(`attachment_${verdict.reason}`, verdict.message);
      const key = unguessableKey('attachments', ATTACHMENT_TYPES[verdict.kind].extensions[0]!);
      const filesize = await storage.putFile(file, key);
      const me = auth.ctx.user;
      try {
        return await db.transaction(async (tx) => {
          const now = await lockDictation(tx, d.id);
          if (!now || now.deletedAt) throw Errors.notFound();
          if (attachmentsLocked(now)) throw lockedError(now);
          const row = await insertAttachment(tx, {
            dictationId: d.id,
            trustId: d.trustId,
            filename: verdict.filename,
            contentType: verdict.contentType,
            filesize,
            storageKey: key,
            uploadedBy: me.id,
          });
          await logOnDictation(tx, d.id, me.id, 'attachment_added', `Added attachment ${verdict.filename}`);
          await audit(tx, {
            trustId: d.trustId,
            userId: me.id,
            action: 'dictation.attachment_added',
            entityType: 'dictation',
            entityId: d.id,
            details: { attachment_id: row.id, content_type: verdict.contentType, filesize },
          });
          return row;
        });
      } catch (err) {
        await storage.remove(key).catch(() => {});
        throw err;
      }
    });
  }

  return {
    async create(auth, upload) {
      const meta = metadataOf(upload);
      if (upload.size === undefined) throw Errors.validation('Say how large the file is (Upload-Length).');
      if (upload.size > ATTACHMENT_MAX_BYTES) throw appErrorVariant('attachment_too_large', 'upload', ATTACHMENT_MAX_BYTES / (1024 * 1024));
      const early = precheckAttachment(meta.filename, upload.size);
      if (early) throw appError(`attachment_${early.reason}`, early.message);
      await openDictation(db, auth, meta.dictationId);
      return { dictationId: String(meta.dictationId), filename: meta.filename };
    },

    async finish(auth, upload) {
      try {
        const row = await attach(auth, upload);
        // The upload stays until the hourly sweep: a client whose answer got lost resumes, finds it
        // complete and is done, instead of sending the file again as a new upload.
        return { status_code: 204, headers: { 'Wardnote-Attachment-Id': String(row.id) } };
      } catch (err) {
        await uploads.remove(upload.id).catch(() => {});
        throw err;
      }
    },
  };
}
