import { useEffect, useState } from 'react';
import { Circle, Pause, Play, Square } from 'lucide-react';
import type { RecordingRow } from '../../../lib/db/db';
import { Button } from '../../../components/ui/button';
import type { Recorder } from '../recorder';
import { useLevel } from '../use-level';
import { formatElapsed } from '../format';
import { LiveWaveform } from './live-waveform';
import { PlaybackPanel } from './playback-panel';

interface Props {
  recorder: Recorder | undefined;
  recording: RecordingRow | undefined;
  onStart: () => void;
  onPause: () => void;
  onResume: () => void;
  onStop: () => void;
  onEdit: (mode: 'insert' | 'overwrite', atMs: number) => void;
  busy: boolean;
}

/** Record, pause, resume, stop; elapsed time, level meter and live waveform; playback once stopped. */
export function RecorderPanel({ recorder, recording, onStart, onPause, onResume, onStop, onEdit, busy }: Props) {
  const state = recorder?.state ?? (recording ? 'stopped' : 'idle');
  const live = state === 'recording' || state === 'paused';
  const [, tick] = useState(0);
  useEffect(() => {
    if (state !== 'recording') return;
    const t = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(t);
  }, [state]);
  const level = useLevel(recorder?.stream ?? null, state === 'recording');
  const elapsed = live && recorder ? recorder.elapsedMs() : (recording?.durationMs ?? 0);
  // Playback appears once Stop has written the whole recording, not with its last slice: mounted
  // earlier it was built twice, collapsing and growing again under the buttons below.
  const stored = recording && recording.state !== 'recording' && recording.state !== 'paused' ? recording : undefined;
  // A take being recorded shows its own clock; the recording it goes into keeps its length.
  // Once stopped, the same clock shows where playback is, before the length: one time display (issue 23).
  // Kept with the version of the recording it was read from: an edit makes a new one, played from 0.
  const [position, setPosition] = useState({ of: '', ms: 0 });
  const version = String(stored?.updatedAt ?? '');
  const positionMs = position.of === version ? position.ms : 0;
  const playable = state === 'stopped' && !!stored && !busy;

  return (
    <section
      aria-label="Recorder"
      className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex flex-wrap items-center gap-4">
        {playable ? (
          <p className="font-mono text-4xl tabular-nums">
            <span className="sr-only">Playback position and length: </span>
            <span data-testid="playback-position">
              {formatElapsed(positionMs)}
              <span className="text-slate-500 dark:text-slate-400"> / </span>
              <span data-testid="elapsed">{formatElapsed(elapsed)}</span>
            </span>
          </p>
        ) : (
          <output aria-label="Elapsed time" className="font-mono text-4xl tabular-nums" data-testid="elapsed">
            {formatElapsed(elapsed)}
          </output>
        )}
        <span
          role="status"
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-medium dark:bg-slate-800"
          data-testid="recorder-state"
        >
          {busy && state === 'stopped'
            ? 'Applying the change…'
            : state === 'recording'
              ? recorder?.edit
                ? `Recording a take to ${recorder.edit.mode} at ${formatElapsed(recorder.edit.atMs)}`
                : 'Recording'
              : state === 'paused'
                ? 'Paused'
                : state === 'stopped'
                  ? 'Recorded'
                  : 'Ready'}
        </span>
        <div className="ml-auto flex gap-2">
          {state === 'idle' && (
            <Button onPress={onStart} isDisabled={busy} className="bg-red-700 hover:bg-red-800">
              <Circle aria-hidden className="size-4 fill-current" /> Record
            </Button>
          )}
          {state === 'recording' && (
            <Button tone="secondary" onPress={onPause}>
              <Pause aria-hidden className="size-4" /> Pause
            </Button>
          )}
          {state === 'paused' && (
            <Button onPress={onResume} className="bg-red-700 hover:bg-red-800">
              <Play aria-hidden className="size-4" /> Resume
            </Button>
          )}
          {live && (
            <Button tone="secondary" onPress={onStop}>
              <Square aria-hidden className="size-4" /> Stop
            </Button>
          )}
        </div>
      </div>
      {live && (
        <div className="mt-4 space-y-2">
          <LiveWaveform stream={recorder?.stream ?? null} />
          <div
            className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-700"
            role="meter"
            aria-label="Input level"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(level * 100)}
          >
            <div className="h-full bg-emerald-500 transition-[width] duration-75" style={{ width: `${Math.round(level * 100)}%` }} />
          </div>
        </div>
      )}
      {recorder?.writeError && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          Saving the recording on this device failed: {recorder.writeError.message}. Free some space and keep this page open.
        </p>
      )}
      {playable && (
        <PlaybackPanel
          key={version}
          recording={stored}
          positionMs={positionMs}
          onPosition={(ms) => setPosition({ of: version, ms })}
          onEdit={onEdit}
        />
      )}
    </section>
  );
}
