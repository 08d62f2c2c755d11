import { useEffect, useState } from 'react';
import { readCachedAudio } from '../../lib/offline/review-cache';

const AUDIO_PATH = /\/api\/dictation\/(\d+)\/audio(?:\?|$)/;

/** The dictation a signed audio link is for (`/api/dictation/{id}/audio?…`), or null. */
export function dictationOfAudioUrl(url: string): number | null {
  const match = AUDIO_PATH.exec(url);
  return match ? Number(match[1]) : null;
}

/**
 * What the player plays: the audio kept on this device for offline review (issue 12; decrypted into
 * an object URL) when there is a copy, else the server's signed link. The copy is the same compressed
 * file, so it is used online too (no download, and a link that has expired does not matter); the link
 * is used until the copy has been read. The object URL is released when the player goes.
 */
export function useAudioSource(url: string): string {
  const [src, setSrc] = useState(url);
  useEffect(() => {
    const id = dictationOfAudioUrl(url);
    if (id === null) return;
    let objectUrl: string | null = null;
    let gone = false;
    void readCachedAudio(id).then((blob) => {
      if (!blob || gone) return;
      objectUrl = URL.createObjectURL(blob);
      setSrc(objectUrl);
    });
    return () => {
      gone = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
    // The player is keyed by the file: a newly signed link for the same audio keeps what it plays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return src;
}
