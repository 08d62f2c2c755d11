import type { Db } from '../../db/client';
import { findAudio, findDictationRow, updateAudio, type NewAudio } from './dictations.repository';
import { MESSAGES } from '../../../src/domain/messages';
import type { AudioTools } from '../../adapters/audio';
import { unguessableKey } from '../../adapters/storage-keys';
import type { AudioStorage, Scratch } from '../../adapters/storage';
import type { JobQueue } from '../../lib/jobs';
import { notifyChange } from '../live/live-channel';

/**
 * Background audio work, durable across restarts: transcode to the playable format and measure
 * duration and peaks; for recorder formats ffmpeg cannot read, the external decoder first.
 * ffmpeg always works on local files in scratch space, whichever storage keeps the audio.
 */
export function registerAudioJobs(jobs: JobQueue, deps: { db: Db; audio: AudioTools; storage: AudioStorage; scratch: Scratch }) {
  const { db, audio, storage, scratch } = deps;

  async function finishFrom(dictationId: number, source: string) {
    const playableKey = unguessableKey('playable', 'm4a');
    const { durationMs, peaks } = await scratch.with('.m4a', async (playable) => {
      await audio.transcode(source, playable);
      const measured = await audio.peaks(playable);
      // ffmpeg may end without error having decoded nothing (an MP4 whose samples are elsewhere).
      if (measured.durationMs === 0) throw new Error('ffmpeg decoded no audio from the file');
      await storage.putFile(playable, playableKey);
      return measured;
    });
    await setAudio(dictationId, { playableKey, durationMs, peaks, state: 'ready', message: null });
  }

  /** The result of a conversion; the lists show it (playable, failed), so open apps refresh them (issue 14). */
  function setAudio(dictationId: number, values: Partial<NewAudio>) {
    return db.transaction(async (tx) => {
      await updateAudio(tx, dictationId, values);
      const d = await findDictationRow(tx, dictationId);
      const poolId = d?.outsourcingPoolId ?? null;
      if (d) await notifyChange(tx, { t: d.trustId, p: poolId === null ? [] : [poolId], u: [], dictation: [d] });
    });
  }

  async function row(dictationId: number) {
    const a = await findAudio(db, dictationId);
    if (!a) throw new Error(`no audio for dictation ${dictationId}`);
    return a;
  }

  // A failed run leaves the audio 'processing' while the queue retries; only the last failure is shown.
  jobs.register(
    'audio.transcode',
    async (payload) => {
      const dictationId = Number(payload.dictationId);
      const a = await row(dictationId);
      await storage.withLocalFile(a.originalKey, (original) => finishFrom(dictationId, original));
    },
    async (payload) => {
      await setAudio(Number(payload.dictationId), { state: 'failed', message: MESSAGES.audioConversionFailed });
    },
  );

  jobs.register(
    'audio.decode',
    async (payload) => {
      const dictationId = Number(payload.dictationId);
      const a = await row(dictationId);
      await storage.withLocalFile(a.originalKey, (original) =>
        scratch.with('.wav', async (wav) => {
          await audio.externalDecode(original, wav);
          await finishFrom(dictationId, wav);
        }),
      );
    },
    async (payload) => {
      await setAudio(Number(payload.dictationId), {
        state: 'needs_conversion',
        message: 'The external decoder could not convert this recording. The original file is kept.',
      });
    },
  );
}
