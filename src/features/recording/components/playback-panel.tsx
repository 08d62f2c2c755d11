import { useEffect, useRef, useState } from 'react';
import type { RecordingRow } from '../../../lib/db/db';
import { assembleRecording } from '../../../lib/recordings/recording-store';
import { Button } from '../../../components/ui/button';
import { formatElapsed } from '../format';
import type { EditMode } from '../edit/splice';

/**
 * Plays back what is stored on the device. Keys (spec §9): Space play/pause, arrows rewind/forward 3 s.
 */
export function PlaybackPanel({ recording, onEdit }: { recording: RecordingRow; onEdit?: (mode: EditMode, atMs: number) => void }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [positionMs, setPositionMs] = useState(0);

  useEffect(() => {
    let revoked = false;
    let objectUrl: string | null = null;
    void assembleRecording(recording.id).then((blob) => {
      if (revoked) return;
      objectUrl = URL.createObjectURL(blob);
      setUrl(objectUrl);
    });
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [recording.id, recording.bytes]);

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      const el = audio.current;
      const target = e.target as HTMLElement;
      if (!el || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON'].includes(target.tagName)) return;
      if (e.code === 'Space') {
        e.preventDefault();
        if (el.paused) void el.play();
        else el.pause();
      } else if (e.code === 'ArrowLeft') el.currentTime = Math.max(0, el.currentTime - 3);
      else if (e.code === 'ArrowRight') el.currentTime = el.currentTime + 3;
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <div className="mt-4">
      {url ? (
        <audio
          ref={audio}
          controls
          src={url}
          className="w-full"
          aria-label="Play back the recording"
          onTimeUpdate={(e) => setPositionMs(Math.round(e.currentTarget.currentTime * 1000))}
          onSeeked={(e) => setPositionMs(Math.round(e.currentTarget.currentTime * 1000))}
        />
      ) : (
        <p className="text-sm">Preparing playback…</p>
      )}
      {onEdit && url && (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button tone="secondary" onPress={() => onEdit('insert', positionMs)}>
            Insert at {formatElapsed(positionMs)}
          </Button>
          <Button tone="secondary" onPress={() => onEdit('overwrite', positionMs)}>
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
