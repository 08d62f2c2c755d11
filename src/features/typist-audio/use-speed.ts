import { useState } from 'react';
import { SPEEDS } from './playback-controller';

const KEY = 'wardnote.playbackSpeed';

function saved(): number {
  try {
    const value = Number(localStorage.getItem(KEY));
    return (SPEEDS as readonly number[]).includes(value) ? value : 1;
  } catch {
    return 1;
  }
}

/** The playback speed, kept on this device so the next dictation plays at the speed the typist chose. */
export function useSpeed(): [number, (speed: number) => void] {
  const [speed, setSpeed] = useState(saved);
  const choose = (next: number) => {
    setSpeed(next);
    try {
      localStorage.setItem(KEY, String(next));
    } catch {
      // private mode or storage full: the speed still applies to this dictation
    }
  };
  return [speed, choose];
}
