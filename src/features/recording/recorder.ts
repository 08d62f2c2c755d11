import { Mp4DurationReader } from '../../lib/recordings/mp4-duration';
import { appendChunk, repairRecording, setRecordingState } from '../../lib/recordings/recording-store';
import { holdWakeLock } from './wake-lock';

/** Opus in WebM on Chromium and Firefox, AAC in MP4 on Safari (PITFALLS 11). */
export const MIME_CANDIDATES = ['audio/webm;codecs=opus', 'audio/mp4;codecs=mp4a.40.2', 'audio/mp4', 'audio/webm', 'audio/ogg;codecs=opus'];

/** 2 s slices: small enough to lose little in a crash, large enough to avoid empty blobs (PITFALLS 11). */
export const SLICE_MS = 2000;

export function pickMimeType(isSupported: (t: string) => boolean = (t) => MediaRecorder.isTypeSupported(t)): string {
  return MIME_CANDIDATES.find(isSupported) ?? '';
}

export function extensionFor(mimeType: string): string {
  if (mimeType.includes('mp4')) return 'm4a';
  if (mimeType.includes('ogg')) return 'ogg';
  return 'webm';
}

/**
 * WebKit (MP4) loses audio at stop: its final flush sometimes holds only the last whole fragment and
 * drops everything after it, up to a second (measured on WebKitGTK 2.50). So after Stop the capture
 * goes on, asking for data, until the fragments already written reach the Stop moment (at most
 * STOP_COVER_MAX_MS), and the fragment the final flush adds after that is dropped by the repair.
 * Where the fragments cannot be read, capture runs STOP_TAIL_MS past Stop instead.
 */
export const STOP_TAIL_MS = 200;
export const STOP_COVER_MAX_MS = 3000;
const STOP_COVER_POLL_MS = 150;

export type RecorderState = 'idle' | 'recording' | 'paused' | 'stopped';

/**
 * One recording: MediaRecorder slices go straight to IndexedDB, encrypted, in order. The elapsed
 * time is kept here (Chromium's WebM carries no duration, PITFALLS 10).
 */
export class Recorder {
  state: RecorderState = 'idle';
  stream: MediaStream | null = null;
  readonly mimeType: string;
  private media: MediaRecorder | null = null;
  private seq = 0;
  private writes: Promise<void> = Promise.resolve();
  private elapsedBefore = 0;
  private runningSince = 0;
  private releaseWakeLock: () => void = () => {};
  private stopped: Promise<void> | null = null;
  private stopping: Promise<void> | null = null;
  /** Reads how much audio WebKit's fragmented MP4 holds as the slices arrive (null for WebM). */
  private readonly encoded: Mp4DurationReader | null;
  private readonly startElapsedMs: number;
  writeError: Error | null = null;
  /** Set when this recorder records a take to insert into, or overwrite part of, an earlier recording. */
  edit?: { mode: 'insert' | 'overwrite'; atMs: number };

  constructor(
    readonly recordingId: string,
    private onChange: () => void,
    startSeq = 0,
    startElapsedMs = 0,
  ) {
    this.mimeType = pickMimeType();
    this.seq = startSeq;
    this.elapsedBefore = startElapsedMs;
    this.startElapsedMs = startElapsedMs;
    this.encoded = this.mimeType.includes('mp4') ? new Mp4DurationReader() : null;
  }

  elapsedMs(): number {
    return this.elapsedBefore + (this.state === 'recording' ? performance.now() - this.runningSince : 0);
  }

  async start(): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({
      audio: { echoCancellation: false, noiseSuppression: true, autoGainControl: true },
    });
    this.media = new MediaRecorder(this.stream, { ...(this.mimeType ? { mimeType: this.mimeType } : {}), audioBitsPerSecond: 48_000 });
    this.media.ondataavailable = (e) => {
      if (!e.data || e.data.size === 0) return;
      const seq = this.seq++;
      const elapsed = this.elapsedMs();
      this.writes = this.writes
        .then(async () => {
          const bytes = await e.data.arrayBuffer();
          this.encoded?.push(new Uint8Array(bytes));
          await appendChunk(this.recordingId, seq, bytes, elapsed);
        })
        .catch((err: unknown) => {
          this.writeError = err instanceof Error ? err : new Error(String(err));
          this.onChange();
        });
    };
    this.stopped = new Promise((resolve) => {
      this.media!.onstop = () => resolve();
    });
    this.media.start(SLICE_MS);
    this.runningSince = performance.now();
    this.state = 'recording';
    this.releaseWakeLock = holdWakeLock();
    await setRecordingState(this.recordingId, 'recording');
    this.onChange();
  }

  async pause(): Promise<void> {
    if (this.state !== 'recording' || !this.media) return;
    this.media.requestData();
    this.media.pause();
    this.elapsedBefore = this.elapsedMs();
    this.state = 'paused';
    await setRecordingState(this.recordingId, 'paused', Math.round(this.elapsedBefore));
    this.onChange();
  }

  async resume(): Promise<void> {
    if (this.state !== 'paused' || !this.media) return;
    this.media.resume();
    this.runningSince = performance.now();
    this.state = 'recording';
    await setRecordingState(this.recordingId, 'recording');
    this.onChange();
  }

  /**
   * Stops and waits until every slice is stored. The state reads 'stopped' at once, while the last
   * slice and the repair are still being written: every later call returns the same promise, so
   * whatever comes next (Submit, discard, closing the tab) can wait for the recording to be complete.
   */
  stop(): Promise<void> {
    if (!this.stopping && this.media && (this.state === 'recording' || this.state === 'paused')) this.stopping = this.finish(this.media);
    return this.stopping ?? Promise.resolve();
  }

  private async finish(media: MediaRecorder): Promise<void> {
    const total = this.elapsedMs();
    this.state = 'stopped';
    // This MediaRecorder's own timeline starts where the recording stood when it was created.
    const stoppedAtMs = total - this.startElapsedMs;
    const covered = media.state === 'recording' ? await this.captureUntilWritten(stoppedAtMs) : false;
    media.stop();
    await this.stopped;
    await this.writes;
    this.stream?.getTracks().forEach((t) => t.stop());
    this.releaseWakeLock();
    // WebKit repeats MP4 header blocks (ffmpeg would stop at the repeat) and its last fragment may be
    // audio from after Stop (issue 9 §1).
    await repairRecording(this.recordingId, covered ? stoppedAtMs / 1000 : undefined).catch(() => {});
    await setRecordingState(this.recordingId, 'stopped', Math.round(total));
    this.onChange();
  }

  /**
   * On MP4 engines, keeps capturing after Stop until the slices already stored hold the audio up to
   * `stoppedAtMs`; true when they do. Other engines return at once.
   */
  private async captureUntilWritten(stoppedAtMs: number): Promise<boolean> {
    if (!this.encoded || !this.media) return false;
    const started = performance.now();
    for (;;) {
      await this.writes;
      const seconds = this.encoded.seconds();
      if (seconds !== null && seconds * 1000 >= stoppedAtMs) return true;
      const waited = performance.now() - started;
      if (waited >= STOP_COVER_MAX_MS || (seconds === null && waited >= STOP_TAIL_MS)) return false;
      this.media.requestData();
      await new Promise((r) => setTimeout(r, STOP_COVER_POLL_MS));
    }
  }
}
