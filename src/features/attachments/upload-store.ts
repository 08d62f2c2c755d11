/**
 * The files being sent, per dictation, kept outside the component: switching side-panel tabs or pages
 * does not stop an upload (only closing the app does; tus then starts the file again when re-added).
 */
import { useSyncExternalStore } from 'react';
import { precheckAttachment } from '../../domain/attachment-types';
import { TRANSPORT_MESSAGES } from '../../domain/messages-transport';
import { sendAttachment } from './tus-attachment';

export interface SendingFile {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: 'sending' | 'waiting' | 'done' | 'refused';
  message?: string;
}

const files = new Map<number, SendingFile[]>();
const listeners = new Set<() => void>();
const EMPTY: SendingFile[] = [];
let serial = 0;

function update(dictationId: number, key: string, change: Partial<SendingFile>) {
  files.set(
    dictationId,
    (files.get(dictationId) ?? []).map((f) => (f.key === key ? { ...f, ...change } : f)),
  );
  listeners.forEach((l) => l());
}

function add(dictationId: number, file: SendingFile) {
  files.set(dictationId, [...(files.get(dictationId) ?? []), file]);
  listeners.forEach((l) => l());
}

export function dismiss(dictationId: number, key: string) {
  files.set(
    dictationId,
    (files.get(dictationId) ?? []).filter((f) => f.key !== key),
  );
  listeners.forEach((l) => l());
}

/** Checks each file's size and name here first (the server checks the content), then sends the rest. */
export function sendFiles(dictationId: number, picked: Iterable<File>, onAttached: () => void) {
  for (const file of picked) {
    const key = `f${++serial}`;
    const early = precheckAttachment(file.name, file.size);
    add(dictationId, { key, name: file.name, size: file.size, sent: 0, state: early ? 'refused' : 'sending', message: early?.message });
    if (early) continue;
    void sendAttachment(dictationId, file, {
      progress: (sent) => update(dictationId, key, { sent, state: 'sending' }),
      waiting: () => update(dictationId, key, { state: 'waiting' }),
      done: () => {
        update(dictationId, key, { state: 'done', sent: file.size });
        onAttached();
        // The list now shows it: the progress row goes.
        setTimeout(() => dismiss(dictationId, key), 1500);
      },
      refused: (message) => update(dictationId, key, { state: 'refused', message }),
    }).catch(() => update(dictationId, key, { state: 'refused', message: TRANSPORT_MESSAGES.errorFetching }));
  }
}

export function useSendingFiles(dictationId: number): SendingFile[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => files.get(dictationId) ?? EMPTY,
  );
}
