import { useEffect, useRef, useState } from 'react';
import type { RecordingRow } from '../../../lib/db/db';
import { assembleRecording } from '../../../lib/recordings/recording-store';

/**
 * Plays back what is stored on the device. Keys (spec §9): Space play/pause, arrows rewind/forward 3 s.
 */
export function PlaybackPanel({ recording }: { recording: RecordingRow }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [url, setUrl] = useState<string | null>(null);

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
        <audio ref={audio} controls src={url} className="w-full" aria-label="Play back the recording" />
      ) : (
        <p className="text-sm">Preparing playback…</p>
      )}
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Space plays or pauses; the arrow keys go back or forward 3 seconds.</p>
    </div>
  );
}
