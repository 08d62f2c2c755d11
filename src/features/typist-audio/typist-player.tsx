import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { FastForward, Pause, Play, Rewind } from 'lucide-react';
import type { Dictation } from '../../domain/contract';
import { MESSAGES } from '../../domain/messages';
import { autoRewindSeconds } from '../../domain/auto-rewind';
import { DEFAULT_FOOTPEDAL_MODE, type DevicePageAction } from '../../domain/foot-pedal';
import { Alert } from '../../components/ui/alert';
import { useWaveform } from '../../components/ui/audio-player';
import { useSession } from '../../lib/auth/use-session';
import { PlaybackController, SPEEDS, STEP_SECONDS } from './playback-controller';
import { usePlayerKeys } from './use-player-keys';
import { useFootPedal } from './pedals/use-foot-pedal';
import { PedalControl } from './pedal-control';
import { IconButton } from './icon-button';
import { clock, position } from './clock';
import { useSpeed } from './use-speed';
import type { PlayerLink } from './player-link';
import { useAudioSource } from './audio-source';

type Audio = Dictation['audio'];

export interface TypistPlayerProps {
  /** The dictation as GET /api/dictation/{id} answers it; its audio may be absent (a typed letter). */
  dictation: { audio: Audio | null | undefined };
  className?: string;
  /** Lets the page ask where the audio is and play from a point (review mode's paragraphs). */
  link?: PlayerLink;
  /** A SpeechMike button or pedal asking the page for one of its keys' actions (save, find, preview). */
  onDeviceAction?: (action: DevicePageAction) => void;
}

export const PLAY_BLOCKED =
  'The browser wants a click or a key press on the page before it plays sound: click the page once, then press play again.';

/**
 * The typist's player (issue 11): the server's waveform, play/pause, steps, speed with pitch kept,
 * auto-rewind on resume, the keys of shortcuts.ts and foot pedals over WebHID. Compact enough to stay
 * pinned above the letter on a 1024x768 tablet.
 */
export function TypistPlayer({ dictation, className, link, onDeviceAction }: TypistPlayerProps) {
  const audio = dictation.audio;
  if (!audio) return <p className={`text-sm text-slate-600 dark:text-slate-300 ${className ?? ''}`}>{MESSAGES.noAudioManualLetter}</p>;
  if (audio.state === 'processing')
    return (
      <div className={className}>
        <Alert tone="info">The audio is being prepared for playback…</Alert>
      </div>
    );
  if ((audio.state === 'needs_conversion' || audio.state === 'failed') && audio.message)
    return (
      <div className={className}>
        <Alert>{audio.message}</Alert>
      </div>
    );
  if (!audio.url) return null;
  // Keyed by the file, not the URL: a refetch (after the claim, say) brings a newly signed URL for the
  // same audio, and swapping it would stop playback and lose the position.
  return (
    <Transport
      key={audio.filename}
      url={audio.url}
      peaks={audio.peaks}
      durationMs={audio.duration_ms}
      className={className}
      link={link}
      onDeviceAction={onDeviceAction}
    />
  );
}

function Transport({
  url,
  peaks,
  durationMs,
  className,
  link,
  onDeviceAction,
}: {
  url: string;
  peaks: number[] | null;
  durationMs: number | null;
  className?: string;
  link?: PlayerLink;
  onDeviceAction?: (action: DevicePageAction) => void;
}) {
  const src = useAudioSource(url);
  const audioRef = useRef<HTMLAudioElement>(null);
  const waveRef = useRef<HTMLDivElement>(null);
  const { profile } = useSession();
  const prefs = profile?.preferences.profile;
  const rewindRef = useRef(autoRewindSeconds(prefs?.auto_rewind_seconds));
  useEffect(() => {
    rewindRef.current = autoRewindSeconds(prefs?.auto_rewind_seconds);
  }, [prefs?.auto_rewind_seconds]);

  const [controller, setController] = useState<PlaybackController | null>(null);
  const [playing, setPlaying] = useState(false);
  const [seconds, setSeconds] = useState(0);
  const [elementLength, setElementLength] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const [blocked, setBlocked] = useState(false);
  const lengthSeconds = durationMs ? durationMs / 1000 : elementLength;
  const lengthRef = useRef(lengthSeconds);
  useEffect(() => {
    lengthRef.current = lengthSeconds;
  }, [lengthSeconds]);

  useEffect(() => {
    const el = audioRef.current;
    if (!el) return;
    const c = new PlaybackController(el, {
      rewindSeconds: () => rewindRef.current,
      durationSeconds: () => lengthRef.current,
      onPlayBlocked: () => setBlocked(true),
    });
    setController(c);
    link?.attach(c, el);
    return () => {
      link?.detach(c);
      c.dispose();
      setController(null);
    };
  }, [link]);

  const [speed, setSpeed] = useSpeed();
  useEffect(() => controller?.setRate(speed), [controller, speed]);

  useWaveform(audioRef, waveRef, { src, peaks, durationMs, height: 40 });
  usePlayerKeys(controller);
  const pedal = useFootPedal(
    prefs?.footpedal_mode ?? DEFAULT_FOOTPEDAL_MODE,
    (command) => controller?.run(command),
    (action) => onDeviceAction?.(action),
  );

  const hasWave = !!peaks?.length && !!durationMs;
  const where = position(seconds, lengthSeconds);
  const onSliderKey = (e: KeyboardEvent) => {
    const step = { ArrowLeft: -STEP_SECONDS, ArrowDown: -STEP_SECONDS, ArrowRight: STEP_SECONDS, ArrowUp: STEP_SECONDS }[e.key];
    if (step !== undefined) controller?.step(step);
    else if (e.key === 'Home') controller?.seek(0);
    else if (e.key === 'End') controller?.seek(lengthSeconds);
    else if (e.key === ' ') controller?.toggle();
    else return;
    e.preventDefault();
  };

  return (
    <div
      className={`rounded-xl bg-white px-2 py-1.5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800 ${className ?? ''}`}
      data-testid="typist-player"
    >
      <audio
        ref={audioRef}
        src={src}
        preload="metadata"
        data-testid="typist-audio"
        onPlay={() => {
          setPlaying(true);
          setBlocked(false);
        }}
        onPause={(e) => {
          setPlaying(false);
          if (!controller?.scanning) setAnnouncement(`Paused at ${position(e.currentTarget.currentTime, lengthRef.current)}`);
        }}
        onTimeUpdate={(e) => setSeconds(e.currentTarget.currentTime)}
        onDurationChange={(e) => setElementLength(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)}
      />
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <div role="group" aria-label="Playback" className="flex items-center gap-0.5">
          <IconButton label={`Back ${STEP_SECONDS} seconds`} onPress={() => controller?.step(-STEP_SECONDS)}>
            <Rewind aria-hidden className="size-5" />
          </IconButton>
          <IconButton primary label={playing ? 'Pause' : 'Play'} onPress={() => controller?.toggle()}>
            {playing ? <Pause aria-hidden className="size-5" /> : <Play aria-hidden className="size-5" />}
          </IconButton>
          <IconButton label={`Forward ${STEP_SECONDS} seconds`} onPress={() => controller?.step(STEP_SECONDS)}>
            <FastForward aria-hidden className="size-5" />
          </IconButton>
        </div>
        <span className="font-mono text-sm tabular-nums" data-testid="player-position">
          {where}
        </span>
        <label className="flex items-center gap-1 text-sm">
          <span className="max-sm:sr-only">Speed</span>
          <select
            value={speed}
            onChange={(e) => setSpeed(Number(e.target.value))}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900"
            aria-label="Playback speed"
          >
            {SPEEDS.map((s) => (
              <option key={s} value={s}>
                {s.toFixed(1)}×
              </option>
            ))}
          </select>
        </label>
        <PedalControl state={pedal.state} onConnect={() => void pedal.connect()} />
      </div>
      <div
        role="slider"
        tabIndex={0}
        aria-label="Position in the dictation"
        aria-valuemin={0}
        aria-valuemax={Math.round(lengthSeconds)}
        aria-valuenow={Math.round(seconds)}
        aria-valuetext={clock(seconds * 1000)}
        onKeyDown={onSliderKey}
        className="mt-1 rounded-md focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        {hasWave ? (
          <div ref={waveRef} data-testid="waveform" className="w-full cursor-pointer rounded-md bg-slate-100 dark:bg-slate-800" />
        ) : (
          <Progress seconds={seconds} length={lengthSeconds} onSeek={(s) => controller?.seek(s)} />
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {blocked && (
        <p className="mt-1 text-sm text-amber-800 dark:text-amber-300" role="alert">
          {PLAY_BLOCKED}
        </p>
      )}
    </div>
  );
}

/** Without a server waveform: a plain bar to see and click through. */
function Progress({ seconds, length, onSeek }: { seconds: number; length: number; onSeek: (s: number) => void }) {
  const share = length > 0 ? Math.min(1, seconds / length) : 0;
  return (
    <div
      className="h-3 w-full cursor-pointer rounded-full bg-slate-200 dark:bg-slate-700"
      onClick={(e) => {
        const box = e.currentTarget.getBoundingClientRect();
        onSeek(((e.clientX - box.left) / box.width) * length);
      }}
    >
      <div className="h-full rounded-full bg-brand-600" style={{ width: `${share * 100}%` }} />
    </div>
  );
}
