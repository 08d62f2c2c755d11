import { useEffect, useRef } from 'react';
import WaveSurfer from 'wavesurfer.js';
import RecordPlugin from 'wavesurfer.js/dist/plugins/record.esm.js';

/** The scrolling waveform of the microphone while recording (wavesurfer's record plugin). */
export function LiveWaveform({ stream }: { stream: MediaStream | null }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!stream || !container.current) return;
    const ws = WaveSurfer.create({ container: container.current, height: 64, waveColor: '#0b5cab', interact: false, cursorWidth: 0 });
    const record = ws.registerPlugin(RecordPlugin.create({ scrollingWaveform: true, scrollingWaveformWindow: 8 }));
    const mic = record.renderMicStream(stream);
    return () => {
      mic.onDestroy();
      ws.destroy();
    };
  }, [stream]);
  return <div ref={container} aria-hidden className="h-16 w-full overflow-hidden rounded-lg bg-slate-100 dark:bg-slate-800" />;
}
