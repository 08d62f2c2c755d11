import { db, type RecordingTabRow } from '../../lib/db/db';
import { nextTabIndex, type RecordingTabType } from '../../domain/recording-tabs';

/** Recording tabs survive a reload: they live in IndexedDB with the recordings. */
export async function openTab(type: RecordingTabType): Promise<{ index: number } | { error: string }> {
  const tabs = await db.tabs.toArray();
  const next = nextTabIndex(tabs);
  if ('error' in next) return next;
  await db.tabs.put({ index: next.index, title: null, type, recordingId: null });
  return next;
}

export async function ensureTab(index: number, type: RecordingTabType): Promise<RecordingTabRow> {
  const existing = await db.tabs.get(index);
  if (existing) return existing;
  const row = { index, title: null, type, recordingId: null };
  await db.tabs.put(row);
  return row;
}

export async function renameTab(index: number, title: string | null): Promise<void> {
  await db.tabs.update(index, { title });
}

/** Closing a tab never deletes audio: an unsent recording stays on the device, listed for later. */
export async function closeTab(index: number): Promise<void> {
  await db.transaction('rw', db.tabs, db.recordings, async () => {
    const tab = await db.tabs.get(index);
    if (tab?.recordingId) await db.recordings.update(tab.recordingId, { tabIndex: null });
    await db.tabs.delete(index);
  });
}

export async function attachRecording(index: number, recordingId: string): Promise<void> {
  await db.transaction('rw', db.tabs, db.recordings, async () => {
    await db.tabs.update(index, { recordingId });
    await db.recordings.update(recordingId, { tabIndex: index });
  });
}
