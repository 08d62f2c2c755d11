/**
 * Listing, downloading and removing a dictation's attachments. Who may view the dictation (its trust,
 * canViewDictation) lists and downloads; only whoever added a file removes it, while the dictation is
 * not SENT. Another trust's dictation or attachment is not found.
 */
import type { Readable } from 'node:stream';
import type { Attachment, AttachmentsAnswer } from '../../../src/domain/contract';
import { pathOf } from '../../../src/domain/contract/endpoint';
import { E } from '../../../src/domain/contract/endpoints';
import type { AudioStorage } from '../../adapters/storage';
import type { Db } from '../../db/client';
import { audit } from '../../lib/audit';
import { Errors } from '../../lib/errors';
import type { UrlSigner } from '../../lib/signed-url';
import type { RequestAuth } from '../auth/request-auth';
import { visibleContext } from '../letters/dictation-scope';
import { lockDictation } from '../letters/letters.repository';
import { attachmentsLocked, lockedError, notYoursError } from './attachment-rules';
import { findAttachment, listAttachments, logOnDictation, markDeleted } from './attachments.repository';
import { fullName } from '../../../src/domain/display-format';

export function createAttachmentService(deps: { db: Db; storage: AudioStorage; signer: UrlSigner }) {
  const { db, storage, signer } = deps;

  async function found(auth: RequestAuth, id: number, aid: number) {
    const { row: d } = await visibleContext(db, auth, id);
    const a = await findAttachment(db, id, aid);
    if (!a || a.trustId !== auth.ctx.user.trustId) throw Errors.notFound();
    return { d, a };
  }

  return {
    async list(auth: RequestAuth, id: number): Promise<AttachmentsAnswer> {
      const { row: d } = await visibleContext(db, auth, id);
      const me = auth.ctx.user;
      const locked = attachmentsLocked(d);
      const rows = await listAttachments(db, id);
      const holder = { userId: me.id, sessionId: auth.session.id };
      const data: Attachment[] = rows.map(({ row, firstName, lastName }) => ({
        id: row.id,
        filename: row.filename,
        content_type: row.contentType,
        filesize: row.filesize,
        uploaded_by: { id: row.uploadedBy, full_name: fullName(firstName, lastName) },
        created_at: row.createdAt.toISOString(),
        can_delete: !locked && row.uploadedBy === me.id,
        download_url: signer.sign(pathOf(E.dictationAttachmentGet, { id, aid: row.id }), holder),
      }));
      return { data, can_add: !locked };
    },

    /** The file to send, after writing who downloaded it into the dictation's log and the audit log. */
    async download(
      auth: RequestAuth,
      id: number,
      aid: number,
      ip: string,
    ): Promise<{ filename: string; contentType: string; size: number; body: Readable }> {
      const { d, a } = await found(auth, id, aid);
      const body = await storage.read(a.storageKey);
      const me = auth.ctx.user;
      await logOnDictation(db, id, me.id, 'attachment_downloaded', `Downloaded attachment ${a.filename}`);
      await audit(db, {
        trustId: d.trustId,
        userId: me.id,
        action: 'dictation.attachment_downloaded',
        entityType: 'dictation',
        entityId: id,
        details: { attachment_id: a.id },
        ip,
      });
      return { filename: a.filename, contentType: a.contentType, size: a.filesize, body };
    },

    async remove(auth: RequestAuth, id: number, aid: number, ip: string): Promise<void> {
      const { a } = await found(auth, id, aid);
      const me = auth.ctx.user;
      if (a.uploadedBy !== me.id) throw notYoursError();
      const removed = await db.transaction(async (tx) => {
        const now = await lockDictation(tx, id);
        if (!now) throw Errors.notFound();
        if (attachmentsLocked(now)) throw lockedError(now);
        if (!(await markDeleted(tx, a.id))) return false;
        await logOnDictation(tx, id, me.id, 'attachment_deleted', `Removed attachment ${a.filename}`);
        await audit(tx, {
          trustId: now.trustId,
          userId: me.id,
          action: 'dictation.attachment_deleted',
          entityType: 'dictation',
          entityId: id,
          details: { attachment_id: a.id },
          ip,
        });
        return true;
      });
      // The bytes go once the row says so; a failed removal leaves an object nobody can reach.
      if (removed) await storage.remove(a.storageKey).catch(() => {});
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;
