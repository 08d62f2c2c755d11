import type { FinaliseDictation } from '../../../src/domain/contract';
import { finaliseDictationSchema, type updateDraftSchema } from '../../../src/domain/contract';
import { mayViewDictation } from './dictation-visibility';
import { fileExtension } from '../../../src/domain/upload-files';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { findActiveInRole } from '../users/trust-people.repository';
import type { AudioTools } from '../../adapters/audio';
import { isDictaphoneFile } from '../../adapters/audio';
import type { AudioStorage } from '../../adapters/storage';
import { unguessableKey } from '../../adapters/storage-keys';
import type { StoredObject } from '../../lib/byte-ranges';
import { audit } from '../../lib/audit';
import { Errors, appError } from '../../lib/errors';
import type { JobQueue } from '../../lib/jobs';
import type { UrlSigner } from '../../lib/signed-url';
import type { RequestAuth } from '../auth/request-auth';
import type { Uploads } from '../uploads/tus';
import {
  byClient,
  byId,
  claimUpload,
  countWithPrefix,
  dictationFromUpload,
  findDictation,
  insertAudio,
  insertDictationOnce,
  trustTimeZone,
  updateDictation,
  addDictationLog,
  type DictationRecord,
  type NewAudio,
  type NewDictation,
} from './dictations.repository';
import { toDictationDto } from './dictation-dto';
import { referenceStamp, withSuffix } from './reference';
import { checkDetails } from './dictation-details';
import { auditIdentityChoice, checkPatientIdentity } from '../patients/patient-identity';
import { notifyChange } from '../live/live-channel';

export const NEEDS_CONVERSION_MESSAGE =
  'This recording is in a dictation-recorder format (DSS Pro / DS2 or a DSS variant) that needs converting before it can be played. The file is kept safely; an administrator can convert it.';

type Finalise = z.output<typeof finaliseDictationSchema>;
type UpdateDraft = z.output<typeof updateDraftSchema>;

/** A parallel finalise of the same upload or recording got there first; this one's inserts are rolled back. */
class FinaliseLost extends Error {}

/** Who an audio link is signed for: the caller's user and session (signing out ends the link). */
const viewerOf = (auth: RequestAuth) => ({ userId: auth.ctx.user.id, sessionId: auth.session.id });

interface Deps {
  db: Db;
  uploads: Uploads;
  storage: AudioStorage;
  audio: AudioTools;
  jobs: JobQueue;
  signer: UrlSigner;
}

export function createDictationService({ db, uploads, storage, audio, jobs, signer }: Deps) {
  async function authorFor(auth: RequestAuth, requested: number | undefined): Promise<number> {
    const me = auth.ctx.user;
    const isAuthor = auth.subject.roles.includes('Author');
    if (requested === undefined || requested === me.id) {
      if (isAuthor) return me.id;
      throw Errors.validation('Choose the author this dictation belongs to.', { author_id: ['Choose the author.'] });
    }
    const row = await findActiveInRole(db, me.trustId, requested, ['Author']);
    if (!row || isAuthor) throw Errors.validation('That author cannot be chosen.', { author_id: ['That author cannot be chosen.'] });
    return row.id;
  }

  async function insertWithReference(
    values: Omit<NewDictation, 'reference'>,
    audioRow: Omit<NewAudio, 'dictationId'>,
    auth: RequestAuth,
    kind: string | null,
    ip: string,
    uploadId: string,
  ): Promise<{ id: number } | null> {
    const stamp = referenceStamp(new Date(), await trustTimeZone(db, values.trustId));
    for (let attempt = 0; attempt < 5; attempt++) {
      const reference = withSuffix(stamp, (await countWithPrefix(db, values.trustId, stamp)) + 1 + attempt);
      try {
        return await db.transaction(async (tx) => {
          // One recording (client_id) and one upload make one dictation: a parallel finalise that
          // inserted first wins, and this one rolls back (the unique index waits for the other to commit).
          const d = await insertDictationOnce(tx, { ...values, reference });
          if (!d || !(await claimUpload(tx, values.createdBy, uploadId, d.id))) throw new FinaliseLost();
          await insertAudio(tx, { ...audioRow, dictationId: d!.id });
          await addDictationLog(tx, {
            dictationId: d!.id,
            userId: auth.ctx.user.id,
            type: 'created',
            description: values.status === 'DRAFT' ? 'Saved as a draft' : 'Submitted for typing',
          });
          if (kind) await jobs.enqueue(kind, { dictationId: d!.id }, tx);
          await audit(tx, {
            trustId: values.trustId,
            userId: auth.ctx.user.id,
            action: 'dictation.created',
            entityType: 'dictation',
            entityId: d!.id,
            details: { status: values.status },
            ip,
          });
          // A submitted dictation appears in the typists' queue at once (issue 14: live lists); a draft is news
          // to its author only.
          await notifyChange(tx, { t: values.trustId, p: [], u: [], dictation: [d!] });
          return d!;
        });
      } catch (err) {
        if (err instanceof FinaliseLost) return null;
        if (
          !/dictations_reference/.test(
            String((err as { message?: string })?.message) + String((err as { cause?: { message?: string } })?.cause?.message),
          )
        )
          throw err;
      }
    }
    throw new Error('could not allocate a dictation reference');
  }

  /** Checks the finished upload and the details, and keeps a copy of the recording. Changes no row. */
  async function receive(auth: RequestAuth, body: Finalise) {
    const me = auth.ctx.user;
    const upload = await uploads.findOwnUpload(body.upload_id, me.id);
    if (!upload) throw appError('upload_missing');
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw appError('upload_incomplete');
    }
    if (upload.size !== body.byte_size) {
      throw appError('size_mismatch', upload.size, body.byte_size);
    }
    const authorId = await authorFor(auth, body.author_id);
    await checkDetails(db, me.trustId, body);

    const ext = fileExtension(body.original_filename) || 'bin';
    const originalKey = unguessableKey(`originals/${me.trustId}`, ext);
    const { probe, dictaphone } = await uploads.withFile(body.upload_id, async (file) => {
      const probe = await audio.probe(file);
      const dictaphone = !probe.hasAudio && (await isDictaphoneFile(file));
      if (!probe.hasAudio && !dictaphone) {
        throw appError('not_audio', body.original_filename);
      }
      await storage.putFile(file, originalKey);
      return { probe, dictaphone };
    });
    return { size: upload.size, authorId, originalKey, probe, dictaphone };
  }

  async function load(id: number): Promise<DictationRecord> {
    const r = await findDictation(db, byId(id));
    if (!r) throw Errors.notFound();
    return r;
  }

  function assertCanView(auth: RequestAuth, r: DictationRecord) {
    const d = r.dictation;
    if (!mayViewDictation(auth, d)) throw Errors.notFound();
  }

  return {
    /**
     * Turns a finished upload into a dictation. A replay with the same client_id answers the
     * dictation made the first time. A file that is not audio is refused and nothing is created.
     */
    async finalise(auth: RequestAuth, body: Finalise, ip: string) {
      const me = auth.ctx.user;
      /** The dictation this recording or this upload already made (a replay, or a parallel request that won). */
      const earlier = async () => {
        const byRecording = await findDictation(db, byClient(me.id, body.client_id));
        if (byRecording) return byRecording;
        const id = await dictationFromUpload(db, me.id, body.upload_id);
        return id === undefined ? undefined : findDictation(db, byId(id));
      };
      const replay = (r: DictationRecord) => ({ created: false, dto: toDictationDto(r, viewerOf(auth), signer) });
      const existing = await earlier();
      if (existing) return replay(existing);

      let received: Awaited<ReturnType<typeof receive>>;
      try {
        received = await receive(auth, body);
      } catch (err) {
        // A parallel finalise may have made the dictation and removed the upload meanwhile.
        const made = await earlier();
        if (made) return replay(made);
        throw err;
      }
      const { size, authorId, originalKey, probe, dictaphone } = received;
      const state = dictaphone && !audio.hasExternalDecoder ? 'needs_conversion' : 'processing';
      const job = dictaphone ? (audio.hasExternalDecoder ? 'audio.decode' : null) : 'audio.transcode';
      const d = await insertWithReference(
        {
          trustId: me.trustId,
          siteId: me.siteId,
          authorId,
          createdBy: me.id,
          clientId: body.client_id,
          status: body.status,
          urgent: body.urgent,
          isConfidential: body.is_confidential,
          isMobile: body.is_mobile,
          departmentId: body.department_id,
          jobTypeId: body.job_type_id ?? null,
          patient: Object.fromEntries(Object.entries(body.patient).filter(([, v]) => v !== undefined)) as Record<string, string>,
          customFields: body.custom_fields,
        },
        {
          originalFilename: body.original_filename,
          mimeType: body.mime_type ?? null,
          filesize: size,
          originalKey,
          state,
          message: state === 'needs_conversion' ? NEEDS_CONVERSION_MESSAGE : null,
          durationMs: probe.durationMs ?? body.duration_ms ?? null,
        },
        auth,
        job,
        ip,
        body.upload_id,
      );
      if (!d) {
        const winner = await earlier();
        if (!winner) throw new Error('a parallel finalise won but its dictation is not found');
        if (winner.audio?.originalKey !== originalKey) await storage.remove(originalKey).catch(() => {});
        return replay(winner);
      }
      await uploads.remove(body.upload_id).catch(() => {});
      // Issue 23: a recording is never refused for its patient (the audio would be stuck on the device):
      // the browser confirmed the patient before queueing it, and no letter goes out while they disagree.
      await auditIdentityChoice(db, { trustId: me.trustId, userId: me.id, dictationId: d.id, choice: body.identity_choice, ip });
      if (job) void jobs.kick();
      return { created: true, dto: toDictationDto(await load(d.id), viewerOf(auth), signer) };
    },

    /** The caller's own dictation made from a recording of theirs, so a device can ask whether it arrived. */
    async getByClientId(auth: RequestAuth, clientId: string) {
      const r = await findDictation(db, byClient(auth.ctx.user.id, clientId));
      if (!r) throw Errors.notFound();
      return toDictationDto(r, viewerOf(auth), signer);
    },

    async get(auth: RequestAuth, id: number) {
      const r = await load(id);
      assertCanView(auth, r);
      if (r.dictation.isConfidential) {
        await audit(db, {
          trustId: r.dictation.trustId,
          userId: auth.ctx.user.id,
          action: 'dictation.viewed_confidential',
          entityType: 'dictation',
          entityId: id,
        });
      }
      return toDictationDto(r, viewerOf(auth), signer);
    },

    /**
     * The author (or whoever recorded it) changes a draft's details and may submit it. Once submitted
     * it is the typists' work and no longer changes here.
     */
    async updateDraft(auth: RequestAuth, id: number, body: UpdateDraft, ip: string) {
      const me = auth.ctx.user;
      const r = await load(id);
      const d = r.dictation;
      if (d.trustId !== me.trustId || (d.authorId !== me.id && d.createdBy !== me.id)) throw Errors.notFound();
      if (d.status !== 'DRAFT') {
        throw appError('not_a_draft');
      }
      await checkDetails(db, me.trustId, body, d);
      await checkPatientIdentity(db, me.trustId, body.patient);
      await db.transaction(async (tx) => {
        await updateDictation(tx, id, {
          status: body.status,
          departmentId: body.department_id,
          jobTypeId: body.job_type_id ?? null,
          urgent: body.urgent,
          isConfidential: body.is_confidential,
          patient: Object.fromEntries(Object.entries(body.patient).filter(([, v]) => v !== undefined)) as Record<string, string>,
          customFields: body.custom_fields,
          updatedAt: new Date(),
        });
        await addDictationLog(tx, {
          dictationId: id,
          userId: me.id,
          type: body.status === 'DRAFT' ? 'draft_updated' : 'submitted',
          description: body.status === 'DRAFT' ? 'Draft details changed' : 'Submitted for typing',
        });
        await audit(tx, {
          trustId: me.trustId,
          userId: me.id,
          action: body.status === 'DRAFT' ? 'dictation.draft_updated' : 'dictation.submitted',
          entityType: 'dictation',
          entityId: id,
          ip,
        });
        await auditIdentityChoice(tx, {
          trustId: me.trustId,
          userId: me.id,
          dictationId: id,
          choice: body.identity_choice,
          ip,
        });
        await notifyChange(tx, {
          t: me.trustId,
          p: [],
          u: [],
          dictation: [d, { ...d, status: body.status, isConfidential: body.is_confidential }],
        });
      });
      return toDictationDto(await load(id), viewerOf(auth), signer);
    },

    /** The playable audio of a dictation, for a viewer who may hear it. */
    async playableAudio(auth: RequestAuth, id: number): Promise<StoredObject> {
      const r = await load(id);
      assertCanView(auth, r);
      if (!r.audio) throw appError('no_audio');
      const key = r.audio.playableKey;
      const size = key ? await storage.size(key) : null;
      if (!key || size === null) throw appError('audio_not_ready', r.audio.message);
      return { size, read: (range) => storage.read(key, range) };
    },
  };
}

export type DictationService = ReturnType<typeof createDictationService>;
export type { FinaliseDictation };
