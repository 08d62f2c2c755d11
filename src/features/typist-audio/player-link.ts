import type { PlaybackController } from './playback-controller';

/**
 * A handle on the page's player for the rest of the page (issue 12): the letter asks where the audio is
 * when a paragraph is started, and review mode plays a paragraph from where it was typed. The player
 * attaches itself while it is shown; without a player both do nothing.
 */
export class PlayerLink {
  private controller: PlaybackController | null = null;
  private el: HTMLAudioElement | null = null;

  attach(controller: PlaybackController, el: HTMLAudioElement): void {
    this.controller = controller;
    this.el = el;
  }

  detach(controller: PlaybackController): void {
    if (this.controller !== controller) return;
    this.controller = null;
    this.el = null;
  }

  /** Where the audio is (ms), once it has been played at all; null before (nothing heard, nothing to point to). */
  positionMs(): number | null {
    const el = this.el;
    if (!el || (el.played.length === 0 && el.currentTime === 0)) return null;
    return Math.max(0, Math.round(el.currentTime * 1000));
  }

  /** Plays from `ms` (the start when the paragraph has no position). */
  playFrom(ms: number | null): void {
    if (!this.controller) return;
    this.controller.seek((ms ?? 0) / 1000);
    void this.controller.play();
  }
}
