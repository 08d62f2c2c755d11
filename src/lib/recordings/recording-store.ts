import { db, withReopen, type ChunkRow, type RecordingRow } from '../db/db';
import { seal, unseal } from '../crypto/secure-store';
import { dropFragmentsFrom, dropRepeatedBoxes } from './mp4-repair';

/**
 * Recordings on the device. Every slice is encrypted and written the moment it arrives, so a crash
 * loses at most the slice being recorded (PITFALLS 12).
 */
export async function createRecording(
  init: Pick<RecordingRow, 'id' | 'tabIndex' | 'source' | 'mimeType' | 'filename'>,
): Promise<RecordingRow> {
  const now = Date.now();
  const row: RecordingRow = {
    ...init,
    state: init.source === 'file' ? 'stopped' : 'recording',
    createdAt: now,
    updatedAt: now,
    durationMs: 0,
    bytes: 0,
    chunkCount: 0,
  };
  await db.recordings.put(row);
  return row;
}

/**
 * Appends one slice; the recording's byte count moves in the same transaction. The slice is read back
 * to check it was really stored (iOS Safari can lose writes), and a dropped connection is reopened.
 */
export async function appendChunk(recordingId: string, seq: number, data: Blob | ArrayBuffer, durationMs: number): Promise<void> {
  const plain = data instanceof Blob ? await data.arrayBuffer() : data;
  if (plain.byteLength === 0) return;
  const sealed = await seal(plain);
  await withReopen(async () => {
    await db.transaction('rw', db.recordings, db.chunks, async () => {
      const stored = await db.chunks.get([recordingId, seq]);
      await db.chunks.put({ recordingId, seq, size: plain.byteLength, ...sealed });
      const rec = await db.recordings.get(recordingId);
      if (!rec) return;
      await db.recordings.update(recordingId, {
        // A retried write replaces its slice: count its bytes once.
        bytes: rec.bytes - (stored?.size ?? 0) + plain.byteLength,
        chunkCount: Math.max(rec.chunkCount, seq + 1),
        durationMs: Math.max(rec.durationMs, durationMs),
        updatedAt: Date.now(),
      });
    });
    const back = await db.chunks.get([recordingId, seq]);
    if (back?.data?.byteLength !== sealed.data.byteLength) throw new Error('A slice of the recording could not be stored on this device.');
  });
}

export async function setRecordingState(id: string, state: RecordingRow['state'], durationMs?: number): Promise<void> {
  await db.recordings.update(id, { state, updatedAt: Date.now(), ...(durationMs === undefined ? {} : { durationMs }) });
}

/** The whole recording as one Blob, decrypted, in slice order. */
export async function assembleRecording(id: string): Promise<Blob> {
  const rec = await db.recordings.get(id);
  if (!rec) throw new Error('The recording is no longer on this device.');
  const chunks = await db.chunks.where('recordingId').equals(id).sortBy('seq');
  const parts: ArrayBuffer[] = [];
  for (const c of chunks) parts.push(await unseal(c));
  return new Blob(parts, { type: rec.mimeType });
}

/**
 * Rewrites a stopped MP4 recording without the header blocks WebKit repeats (see mp4-repair.ts), so the
 * server decodes all of it, and, given `stoppedAtSeconds` (where Stop was pressed in this stream), without
 * the fragments written wholly after it. Recordings in other formats, or with nothing to repair, are left alone.
 */
export async function repairRecording(id: string, stoppedAtSeconds?: number): Promise<void> {
  const rec = await db.recordings.get(id);
  if (!rec?.mimeType.includes('mp4')) return;
  const original = new Uint8Array(await (await assembleRecording(id)).arrayBuffer());
  const deduplicated = dropRepeatedBoxes(original) ?? original;
  const trimmed = stoppedAtSeconds === undefined ? null : dropFragmentsFrom(deduplicated, stoppedAtSeconds);
  const repaired = trimmed ?? deduplicated;
  if (repaired !== original) await replaceAudio(id, repaired.slice().buffer, rec.mimeType, rec.durationMs);
}

export async function deleteRecording(id: string): Promise<void> {
  await db.transaction('rw', db.recordings, db.chunks, async () => {
    await db.chunks.where('recordingId').equals(id).delete();
    await db.recordings.delete(id);
  });
}

/**
 * Called once at start-up: a recording still marked as recording or paused was cut off by a crash,
 * a closed tab or a killed app. It is kept, marked interrupted, and offered to the user.
 */
export async function markInterruptedRecordings(): Promise<RecordingRow[]> {
  const open = await db.recordings.where('state').anyOf('recording', 'paused').toArray();
  for (const r of open) await setRecordingState(r.id, 'interrupted');
  return db.recordings.where('state').equals('interrupted').toArray();
}

/** Stores a picked file in pieces, like recorder slices, so it survives reloads until uploaded. */
export async function storeFile(id: string, file: File, pieceBytes = 1024 * 1024): Promise<RecordingRow> {
  const row = await createRecording({
    id,
    tabIndex: null,
    source: 'file',
    mimeType: file.type || 'application/octet-stream',
    filename: file.name,
  });
  let seq = 0;
  for (let offset = 0; offset < file.size; offset += pieceBytes) {
    await appendChunk(id, seq++, file.slice(offset, offset + pieceBytes), 0);
  }
  const stored = await db.recordings.get(id);
  if (!stored || stored.bytes !== file.size)
    throw new Error(`“${file.name}” could not be stored on this device in full. Check the free space and try again.`);
  return row;
}

/** Replaces a recording's audio (after an edit) in one transaction; the pieces are sealed beforehand. */
export async function replaceAudio(
  id: string,
  bytes: ArrayBuffer,
  mimeType: string,
  durationMs: number,
  pieceBytes = 1024 * 1024,
): Promise<void> {
  const pieces: ChunkRow[] = [];
  for (let offset = 0, seq = 0; offset < bytes.byteLength; offset += pieceBytes, seq++) {
    const plain = bytes.slice(offset, offset + pieceBytes);
    pieces.push({ recordingId: id, seq, size: plain.byteLength, ...(await seal(plain)) });
  }
  await db.transaction('rw', db.recordings, db.chunks, async () => {
    const rec = await db.recordings.get(id);
    if (!rec) throw new Error('The recording is no longer on this device.');
    await db.chunks.where('recordingId').equals(id).delete();
    await db.chunks.bulkPut(pieces);
    const ext = mimeType.includes('wav') ? 'wav' : rec.filename.split('.').pop();
    await db.recordings.update(id, {
      mimeType,
      bytes: bytes.byteLength,
      chunkCount: pieces.length,
      durationMs,
      filename: rec.filename.replace(/\.[^.]+$/, `.${ext}`),
      updatedAt: Date.now(),
    });
  });
}
