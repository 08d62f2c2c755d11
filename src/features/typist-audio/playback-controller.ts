import { resumePosition } from '../../domain/auto-rewind';
import type { TransportCommand } from '../../domain/foot-pedal';

/** Back/forward step of the buttons and arrow keys (the existing player's 3 s). */
export const STEP_SECONDS = 3;
/** While a pedal or F7/F8 is held the position moves 0.5 s every 100 ms: five times real time. */
const SCAN_TICK_MS = 100;
const SCAN_SECONDS_PER_TICK = 0.5;

export const SPEEDS = [0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2] as const;

interface Options {
  /** Auto-rewind on resume, read at each resume so a changed preference applies at once. */
  rewindSeconds: () => number;
  /** The server's length (a MediaRecorder WebM may report Infinity, PITFALLS 10). */
  durationSeconds: () => number;
  /** The browser refused to start sound without a click or key press on the page first. */
  onPlayBlocked: () => void;
}

/**
 * Drives one audio element for typing: play with auto-rewind, pause, steps, scanning while a pedal or
 * key is held, speed with pitch kept. Not React: pedal and key handlers call it from outside renders.
 */
export class PlaybackController {
  private pausedAt: number | null = null;
  private scan: { direction: -1 | 1; wasPlaying: boolean; timer: ReturnType<typeof setInterval> } | null = null;

  constructor(
    private readonly el: HTMLAudioElement,
    private readonly opts: Options,
  ) {
    el.preservesPitch = true;
    el.addEventListener('pause', this.onPause);
  }

  dispose(): void {
    this.stopScan();
    this.el.removeEventListener('pause', this.onPause);
  }

  /** Playing, or scanning with playback to go on afterwards. */
  get playing(): boolean {
    return this.scan ? this.scan.wasPlaying : !this.el.paused;
  }

  get scanning(): boolean {
    return this.scan !== null;
  }

  run(command: TransportCommand): void {
    if (command.type === 'play') void this.play();
    else if (command.type === 'pause') this.pause();
    else if (command.type === 'toggle') this.toggle();
    else if (command.type === 'scan') this.startScan(command.direction);
    else this.endScan(command.then);
  }

  async play(): Promise<void> {
    if (this.scan) this.stopScan();
    if (!this.el.paused) return;
    const current = this.el.currentTime;
    const to = resumePosition({ current, pausedAt: this.pausedAt, seconds: this.opts.rewindSeconds() });
    if (to !== current) this.el.currentTime = to;
    this.pausedAt = null;
    await this.start();
  }

  pause(): void {
    if (this.scan) this.scan.wasPlaying = false;
    else this.el.pause();
  }

  toggle(): void {
    if (this.playing) this.pause();
    else void this.play();
  }

  step(seconds: number): void {
    this.el.currentTime = this.clamp(this.el.currentTime + seconds);
  }

  seek(seconds: number): void {
    this.el.currentTime = this.clamp(seconds);
  }

  startScan(direction: -1 | 1): void {
    if (this.scan) {
      this.scan.direction = direction;
      return;
    }
    const wasPlaying = !this.el.paused;
    const tick = () => this.scan && this.step(this.scan.direction * SCAN_SECONDS_PER_TICK);
    this.scan = { direction, wasPlaying, timer: setInterval(tick, SCAN_TICK_MS) };
    this.el.pause();
    tick();
  }

  /** Ends a scan; playback goes on for 'play', or for 'asBefore' when it was playing when the scan began. */
  endScan(then: 'play' | 'pause' | 'asBefore'): void {
    if (!this.scan) return;
    const resume = then === 'play' || (then === 'asBefore' && this.scan.wasPlaying);
    this.stopScan();
    this.pausedAt = null; // the position was just chosen: no auto-rewind from it
    if (resume) void this.start();
  }

  setRate(rate: number): void {
    this.el.preservesPitch = true;
    this.el.playbackRate = rate;
  }

  private readonly onPause = () => {
    // A scan pauses the element itself; only a real stop marks where to rewind from.
    if (!this.scan) this.pausedAt = this.el.currentTime;
  };

  private stopScan(): void {
    if (!this.scan) return;
    clearInterval(this.scan.timer);
    this.scan = null;
  }

  private clamp(seconds: number): number {
    const length = this.opts.durationSeconds() || (Number.isFinite(this.el.duration) ? this.el.duration : Infinity);
    return Math.min(Math.max(0, seconds), length);
  }

  private async start(): Promise<void> {
    try {
      await this.el.play();
    } catch (err) {
      if (err instanceof DOMException && err.name === 'NotAllowedError') this.opts.onPlayBlocked();
      // AbortError: a pause or a new source came first; nothing to tell the typist.
    }
  }
}
