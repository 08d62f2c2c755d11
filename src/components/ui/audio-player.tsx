import { useEffect, useRef, type RefObject } from 'react';
import WaveSurfer from 'wavesurfer.js';

interface Props {
  src: string;
  /** The accessible name of the player. */
  label: string;
  /** The server's waveform and length: drawn at once, without decoding the audio (PITFALLS 10). */
  peaks?: number[] | null;
  durationMs?: number | null;
  /** Called as the playing position moves, in milliseconds. */
  onPosition?: (ms: number) => void;
}

/**
 * Plays a dictation: the browser's own controls, a waveform to see and click through when the server
 * measured one, and the spec's keys (§9): Space plays or pauses, the arrow keys go back or forward 3 s.
 */
export function AudioPlayer({ src, label, peaks, durationMs, onPosition }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const wave = useRef<HTMLDivElement>(null);
  const hasWave = !!peaks?.length && !!durationMs;
  useWaveform(audio, wave, { src, peaks, durationMs, height: 64 });
  usePlaybackKeys(audio);
  const report = onPosition ? (el: HTMLAudioElement) => onPosition(Math.round(el.currentTime * 1000)) : undefined;

  return (
    <div className="space-y-2">
      {hasWave && <div ref={wave} data-testid="waveform" className="w-full cursor-pointer rounded-lg bg-slate-100 dark:bg-slate-800" />}
      <audio
        ref={audio}
        controls
        preload="metadata"
        src={src}
        className="w-full"
        aria-label={label}
        onTimeUpdate={report && ((e) => report(e.currentTarget))}
        onSeeked={report && ((e) => report(e.currentTarget))}
      />
    </div>
  );
}

/**
 * Draws the server's waveform over a media element and seeks it on click, without decoding the audio
 * (PITFALLS 10). Shared by this player and the typist's player (features/typist-audio).
 */
export function useWaveform(
  audio: RefObject<HTMLAudioElement | null>,
  container: RefObject<HTMLDivElement | null>,
  { src, peaks, durationMs, height }: { src: string; peaks?: number[] | null; durationMs?: number | null; height: number },
): void {
  useEffect(() => {
    if (!peaks?.length || !durationMs || !audio.current || !container.current) return;
    const ws = WaveSurfer.create({
      container: container.current,
      media: audio.current,
      peaks: [peaks],
      duration: durationMs / 1000,
      height,
      waveColor: '#94a3b8',
      progressColor: '#0b5cab',
      cursorColor: '#0b5cab',
      barWidth: 2,
      barGap: 1,
      normalize: true,
    });
    return () => ws.destroy();
  }, [audio, container, src, peaks, durationMs, height]);
}

function usePlaybackKeys(audio: RefObject<HTMLAudioElement | null>) {
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const el = audio.current;
      const target = e.target as HTMLElement;
      if (!el || e.ctrlKey || e.metaKey || e.altKey || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(target.tagName)) return;
      if (e.code === 'Space') {
        e.preventDefault();
        if (el.paused) void el.play();
        else el.pause();
      } else if (e.code === 'ArrowLeft') el.currentTime = Math.max(0, el.currentTime - 3);
      else if (e.code === 'ArrowRight') el.currentTime = el.currentTime + 3;
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [audio]);
}
