import { useEffect, useRef, useState, type RefObject } from 'react';
import { FastForward, Pause, Play, Rewind } from 'lucide-react';
import WaveSurfer from 'wavesurfer.js';
import { Button } from './button';

interface Props {
  src: string;
  /** The accessible name of the player. */
  label: string;
  /** The server's waveform and length: drawn at once, without decoding the audio (PITFALLS 10). */
  peaks?: number[] | null;
  durationMs?: number | null;
  /** Called as the playing position moves, in milliseconds. */
  onPosition?: (ms: number) => void;
  /**
   * Show the position and length beside the buttons (default). The recorder shows them in its own clock
   * instead, so that the page has one time display (issue 23).
   */
  showTime?: boolean;
}

const STEP_SECONDS = 3;

/** mm:ss (h:mm:ss from an hour), as the recorder's clock writes it. */
export function clockTime(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const mm = String(Math.floor((total % 3600) / 60)).padStart(2, '0');
  const ss = String(total % 60).padStart(2, '0');
  return h ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * Plays a dictation: back 3 s, play/pause and forward 3 s buttons, a waveform to see and click through
 * when the server measured one (else a position slider), one time display, and the spec's keys (§9):
 * Space plays or pauses, the arrow keys go back or forward 3 s. No native controls: their own clock was
 * a second time display beside ours (issue 23).
 */
export function AudioPlayer({ src, label, peaks, durationMs, onPosition, showTime = true }: Props) {
  const audio = useRef<HTMLAudioElement>(null);
  const wave = useRef<HTMLDivElement>(null);
  const hasWave = !!peaks?.length && !!durationMs;
  const [playing, setPlaying] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [elementLength, setElementLength] = useState(0);
  const length = durationMs ? durationMs / 1000 : elementLength;
  useWaveform(audio, wave, { src, peaks, durationMs, height: 64 });
  usePlaybackKeys(audio);
  const moved = (el: HTMLAudioElement) => {
    setSeconds(el.currentTime);
    onPosition?.(Math.round(el.currentTime * 1000));
  };
  const step = (by: number) => {
    const el = audio.current;
    if (el) el.currentTime = Math.min(Math.max(0, el.currentTime + by), Number.isFinite(el.duration) ? el.duration : Infinity);
  };
  const toggle = () => {
    const el = audio.current;
    if (!el) return;
    if (el.paused) void el.play();
    else el.pause();
  };

  return (
    <div role="group" aria-label={label} className="space-y-2">
      {hasWave && <div ref={wave} data-testid="waveform" className="w-full cursor-pointer rounded-lg bg-slate-100 dark:bg-slate-800" />}
      <audio
        ref={audio}
        preload="metadata"
        src={src}
        data-testid="player-audio"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(e) => moved(e.currentTarget)}
        onSeeked={(e) => moved(e.currentTarget)}
        onDurationChange={(e) => setElementLength(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button tone="secondary" aria-label={`Back ${STEP_SECONDS} seconds`} className="px-3" onPress={() => step(-STEP_SECONDS)}>
          <Rewind aria-hidden className="size-4" />
        </Button>
        <Button aria-label={playing ? 'Pause' : 'Play'} className="px-3" onPress={toggle}>
          {playing ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />}
        </Button>
        <Button tone="secondary" aria-label={`Forward ${STEP_SECONDS} seconds`} className="px-3" onPress={() => step(STEP_SECONDS)}>
          <FastForward aria-hidden className="size-4" />
        </Button>
        {!hasWave && (
          <input
            type="range"
            aria-label="Position"
            aria-valuetext={`${clockTime(seconds)} of ${clockTime(length)}`}
            min={0}
            max={length || 0}
            step={0.1}
            value={Math.min(seconds, length || 0)}
            disabled={!length}
            onChange={(e) => {
              if (audio.current) audio.current.currentTime = Number(e.target.value);
            }}
            className="min-w-32 flex-1 accent-brand-600"
          />
        )}
        {showTime && (
          <span className="font-mono text-sm tabular-nums" data-testid="player-time">
            {clockTime(seconds)} / {clockTime(length)}
          </span>
        )}
      </div>
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
