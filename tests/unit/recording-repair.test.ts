import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db/db';
import { appendChunk, assembleRecording, createRecording, repairRecording } from '../../src/lib/recordings/recording-store';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { box, join } from './mp4-boxes';

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

async function recordingOf(mimeType: string, slices: Uint8Array[]) {
  const id = crypto.randomUUID();
  await createRecording({ id, tabIndex: 1, source: 'recorder', mimeType, filename: 'Recording (1).m4a' });
  for (const [seq, s] of slices.entries()) await appendChunk(id, seq, s.slice().buffer, (seq + 1) * 2000);
  return id;
}

describe('a stopped WebKit recording is stored without its repeated blocks (issue 9 §1)', () => {
  it('rewrites the MP4 so the byte count sent and stored agree with the repaired file', async () => {
    const first = join(box('ftyp', 24, 1), box('ftyp', 24, 1), box('moov', 100, 2), box('moof', 40, 3), box('mdat', 400, 4));
    const last = join(box('moof', 40, 5), box('moof', 40, 5), box('mdat', 200, 6));
    const id = await recordingOf('audio/mp4; codecs=mp4a.40.2', [first, last]);
    await repairRecording(id);
    const audio = new Uint8Array(await (await assembleRecording(id)).arrayBuffer());
    const rec = (await db.recordings.get(id))!;
    expect(rec.bytes).toBe(audio.length);
    expect(audio.length).toBe(first.length + last.length - 32 - 48);
    expect(rec).toMatchObject({ mimeType: 'audio/mp4; codecs=mp4a.40.2', durationMs: 4000, filename: 'Recording (1).m4a' });
  });

  it('leaves WebM recordings as recorded', async () => {
    const slice = Uint8Array.from([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3]);
    const id = await recordingOf('audio/webm;codecs=opus', [slice, slice]);
    await repairRecording(id);
    expect((await db.recordings.get(id))!.bytes).toBe(14);
    expect(await db.chunks.where('recordingId').equals(id).count()).toBe(2);
  });
});
