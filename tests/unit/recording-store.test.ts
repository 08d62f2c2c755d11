import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '../../src/lib/db/db';
import { appendChunk, assembleRecording, createRecording } from '../../src/lib/recordings/recording-store';
import { wipeLocalData } from '../../src/lib/auth/wipe';

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
});

async function newRecording() {
  const id = crypto.randomUUID();
  await createRecording({ id, tabIndex: 1, source: 'recorder', mimeType: 'audio/webm', filename: 'Recording (1).webm' });
  return id;
}

describe('slices written as they arrive', () => {
  it('still reach IndexedDB when the browser closed the connection in between (iOS after backgrounding)', async () => {
    const id = await newRecording();
    await appendChunk(id, 0, new Uint8Array(100).fill(1).buffer, 2000);
    db.close();
    await appendChunk(id, 1, new Uint8Array(50).fill(2).buffer, 4000);
    const rec = await db.recordings.get(id);
    expect(rec).toMatchObject({ bytes: 150, chunkCount: 2, durationMs: 4000 });
    const audio = new Uint8Array(await (await assembleRecording(id)).arrayBuffer());
    expect(audio.length).toBe(150);
    expect(audio[0]).toBe(1);
    expect(audio[149]).toBe(2);
  });

  it('a slice written again replaces itself and is counted once', async () => {
    const id = await newRecording();
    await appendChunk(id, 0, new Uint8Array(100).buffer, 2000);
    await appendChunk(id, 0, new Uint8Array(100).buffer, 2000);
    expect((await db.recordings.get(id))!.bytes).toBe(100);
    expect(await db.chunks.where('recordingId').equals(id).count()).toBe(1);
  });
});
