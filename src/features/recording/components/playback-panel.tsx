import { useEffect, useState } from 'react';
import type { RecordingRow } from '../../../lib/db/db';
import { assembleRecording } from '../../../lib/recordings/recording-store';
import { playableAudio } from '../playable';
import { AudioPlayer } from '../../../components/ui/audio-player';
import { Button } from '../../../components/ui/button';
import { formatElapsed } from '../format';
import type { EditMode } from '../edit/splice';

/**
 * Plays back what is stored on the device, decoded to WAV so that it seeks on every engine (issue 9 §2),
 * with the length from our own clock. Keys (spec §9): Space play/pause, arrows rewind/forward 3 s. The
 * position is shown by the recorder's clock (one time display, issue 23), so the player shows none.
 */
export function PlaybackPanel({
  recording,
  positionMs,
  onPosition,
  onEdit,
}: {
  recording: RecordingRow;
  positionMs: number;
  onPosition: (ms: number) => void;
  onEdit?: (mode: EditMode, atMs: number) => void;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [peaks, setPeaks] = useState<number[] | null>(null);

  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    void assembleRecording(recording.id)
      .then((blob) => playableAudio(blob, recording.durationMs))
      .then((playable) => {
        if (revoked) return;
        objectUrl = URL.createObjectURL(playable.blob);
        setPeaks(playable.peaks);
        setUrl(objectUrl);
      });
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [recording.id, recording.bytes, recording.durationMs]);

  return (
    <div className="mt-4">
      {url ? (
        <AudioPlayer
          src={url}
          label="Play back the recording"
          peaks={peaks}
          durationMs={recording.durationMs}
          onPosition={onPosition}
          showTime={false}
        />
      ) : (
        // As tall as the waveform and the controls, so that nothing below moves when the player appears.
        <div className="flex h-[7.875rem] items-center justify-center rounded-lg bg-slate-100 text-sm dark:bg-slate-800" aria-busy="true">
          Preparing playback…
        </div>
      )}
      {onEdit && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button tone="secondary" isDisabled={!url} onPress={() => onEdit('insert', positionMs)}>
            Insert at {formatElapsed(positionMs)}
          </Button>
          <Button tone="secondary" isDisabled={!url} onPress={() => onEdit('overwrite', positionMs)}>
            Overwrite from {formatElapsed(positionMs)}
          </Button>
        </div>
      )}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Space plays or pauses; the arrow keys go back or forward 3 seconds. To change part of the dictation, stop where it should change and
        record a take to insert there or to overwrite from there.
      </p>
    </div>
  );
}
