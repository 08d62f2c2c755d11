import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '../../src/lib/db/db';
import { createRecording } from '../../src/lib/recordings/recording-store';
import { enqueueDictation } from '../../src/lib/sync/outbox';
import { wipeLocalData } from '../../src/lib/auth/wipe';
import { recorderRegistry } from '../../src/features/recording/recorder-registry';

/**
 * A MediaRecorder that behaves as Chromium's does at stop(): the last slice and the stop event come
 * afterwards, as tasks of their own.
 */
class FakeMediaRecorder {
  static latest: FakeMediaRecorder | null = null;
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor() {
    FakeMediaRecorder.latest = this;
  }
  start() {
    this.state = 'recording';
  }
  requestData() {}
  slice(bytes: number) {
    this.ondataavailable?.({ data: new Blob([new Uint8Array(bytes).fill(7)]) });
  }
  stop() {
    this.state = 'inactive';
    setTimeout(() => {
      this.slice(300);
      setTimeout(() => this.onstop?.(), 20);
    }, 20);
  }
}

beforeEach(async () => {
  await wipeLocalData();
  await db.open();
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  vi.stubGlobal('navigator', { mediaDevices: { getUserMedia: async () => ({ getTracks: () => [] }) } });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Submit right after Stop (the last slice still being written)', () => {
  it('waits for the Stop under way: the recording is complete and stays queued', async () => {
    const id = crypto.randomUUID();
    await createRecording({ id, tabIndex: 1, source: 'recorder', mimeType: 'audio/webm;codecs=opus', filename: 'Recording (1).webm' });
    const recorder = recorderRegistry.create(1, id);
    await recorder.start();
    FakeMediaRecorder.latest!.slice(1000);
    // Submit is offered once there is audio on the device.
    await vi.waitFor(async () => expect((await db.recordings.get(id))?.bytes).toBe(1000), { timeout: 10_000 });

    // The Stop press (its handler is not awaited by what follows), then at once Submit (Ctrl+S).
    const stopPress = recorder.stop();
    expect(recorder.state).toBe('stopped');
    await recorderRegistry.release(1);
    const queued = await enqueueDictation(
      id,
      { status: 'READY_FOR_TYPING', department_id: 1, original_filename: 'Recording (1).webm' },
      'Dictation',
    );

    await stopPress;
    expect(queued.totalBytes).toBe(1300);
    expect(await db.recordings.get(id)).toMatchObject({ bytes: 1300, state: 'queued' });
  }, 30_000);
});
