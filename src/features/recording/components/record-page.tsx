import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from 'sonner';
import { tabLabel } from '../../../domain/recording-tabs';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DiscardRecordingDialog } from '../../../components/ui/discard-recording-dialog';
import { Page } from '../../../components/ui/page';
import { db } from '../../../lib/db/db';
import { createRecording, deleteRecording } from '../../../lib/recordings/recording-store';
import { enqueueDictation } from '../../../lib/sync/outbox';
import { requestSync } from '../../../lib/sync/triggers';
import { PAGE_MESSAGES } from '../../../domain/messages';
import { announceQueued, type QueuedWords } from '../../sync';
import { requestPersistentStorage } from '../../../lib/storage';
import { DetailsSection, EMPTY_DETAILS, useDetailsForm, useDictationKeys } from '../../dictation-form';
import { attachRecording, closeTab } from '../tabs-store';
import { recorderRegistry } from '../recorder-registry';
import { dictationLabel, formatElapsed } from '../format';
import { extensionFor, pickMimeType } from '../recorder';
import { primeAudioContext } from '../audio-context';
import { RecorderPanel } from './recorder-panel';
import { applyTake } from '../edit/apply-edit';
import type { EditMode } from '../edit/splice';

/** What the Author is told after Submit or Save as draft: sent, or kept on this device (issue 23). */
const SUBMIT_WORDS: QueuedWords = {
  sending: PAGE_MESSAGES.submittedSending,
  sent: PAGE_MESSAGES.submittedSent,
  offline: PAGE_MESSAGES.submittedOffline,
  kept: PAGE_MESSAGES.submittedKept,
};
const DRAFT_WORDS: QueuedWords = {
  sending: PAGE_MESSAGES.draftSending,
  sent: PAGE_MESSAGES.draftSent,
  offline: PAGE_MESSAGES.draftOffline,
  kept: PAGE_MESSAGES.submittedKept,
};

export function RecordPage({ tabIndex }: { tabIndex: number }) {
  const navigate = useNavigate();
  const tab = useLiveQuery(() => db.tabs.get(tabIndex), [tabIndex]);
  const recording = useLiveQuery(async () => (tab?.recordingId ? db.recordings.get(tab.recordingId) : undefined), [tab?.recordingId]);
  useSyncExternalStore(recorderRegistry.subscribe, recorderRegistry.version);
  const recorder = recorderRegistry.get(tabIndex);
  const form = useDetailsForm(EMPTY_DETAILS, false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirmDiscard, setConfirmDiscard] = useState(false);

  async function start() {
    primeAudioContext(); // inside the gesture, before any await (iOS)
    setProblem(null);
    setBusy(true);
    try {
      const id = crypto.randomUUID();
      const mimeType = pickMimeType();
      await createRecording({
        id,
        tabIndex,
        source: 'recorder',
        mimeType,
        filename: `${tab ? tabLabel(tab) : 'Recording'}.${extensionFor(mimeType)}`,
      });
      await attachRecording(tabIndex, id);
      await recorderRegistry.create(tabIndex, id).start();
      void requestPersistentStorage();
    } catch (err) {
      setProblem(
        err instanceof DOMException && err.name === 'NotAllowedError'
          ? 'Wardnote may not use the microphone. Allow it in the browser settings, then try again.'
          : `The recording could not start: ${(err as Error).message}`,
      );
    } finally {
      setBusy(false);
    }
  }

  async function startTake(mode: EditMode, atMs: number) {
    if (!recording) return;
    primeAudioContext();
    setProblem(null);
    setBusy(true);
    try {
      const id = crypto.randomUUID();
      const mimeType = pickMimeType();
      await createRecording({ id, tabIndex: null, source: 'recorder', mimeType, filename: `take.${extensionFor(mimeType)}` });
      await recorderRegistry.create(tabIndex, id, { mode, atMs }).start();
    } catch (err) {
      setProblem(`The take could not start: ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    const r = recorderRegistry.get(tabIndex);
    if (!r) return;
    await r.stop();
    if (!r.edit || !recording) return;
    setBusy(true);
    try {
      await recorderRegistry.release(tabIndex);
      await applyTake(recording.id, r.recordingId, r.edit.atMs, r.edit.mode);
      toast.success(r.edit.mode === 'insert' ? 'The take was inserted.' : 'The take replaced the recording from that point.');
    } catch (err) {
      setProblem(`The change could not be applied; the take is kept on this device. ${(err as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  async function send(status: 'DRAFT' | 'READY_FOR_TYPING') {
    if (!recording) return;
    const current = recorderRegistry.get(tabIndex);
    if (current?.state === 'recording' || current?.state === 'paused') {
      toast.warning('Stop recording first.');
      return;
    }
    const details = await form.confirmed();
    if (!details) return;
    setBusy(true);
    try {
      await recorderRegistry.release(tabIndex);
      const stored = await db.recordings.get(recording.id);
      const queued = await enqueueDictation(
        recording.id,
        {
          ...details,
          status,
          original_filename: stored!.filename,
          mime_type: stored!.mimeType,
          duration_ms: stored!.durationMs,
          is_mobile: matchMedia('(pointer: coarse)').matches,
        },
        dictationLabel(),
      );
      await closeTab(tabIndex);
      announceQueued(queued.id, status === 'DRAFT' ? DRAFT_WORDS : SUBMIT_WORDS);
      void requestSync();
      await navigate({ to: '/{-$tab}', params: { tab: undefined } });
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  useDictationKeys({
    submit: () => void send('READY_FOR_TYPING'),
    draft: () => void send('DRAFT'),
    toggleRecord: () => {
      const r = recorderRegistry.get(tabIndex);
      if (!r && !recording) void start();
      else if (r?.state === 'recording') void r.pause();
      else if (r?.state === 'paused') {
        primeAudioContext();
        void r.resume();
      }
    },
  });

  const live = recorder?.state === 'recording' || recorder?.state === 'paused';
  const hasAudio = !!recording && recording.bytes > 0;

  return (
    <Page title={tab ? tabLabel(tab) : `Recording (${tabIndex})`}>
      <div className="space-y-4">
        {problem && <Alert>{problem}</Alert>}
        {recording?.state === 'interrupted' && (
          <Alert tone="info">
            This recording was interrupted (the app or browser closed). What was saved, {formatElapsed(recording.durationMs)}, is kept: play
            it back, then submit it or record a new one.
          </Alert>
        )}
        <RecorderPanel
          recorder={recorder}
          recording={recording}
          busy={busy}
          onStart={() => void start()}
          onPause={() => void recorder?.pause()}
          onResume={() => {
            primeAudioContext();
            void recorder?.resume();
          }}
          onStop={() => void stop()}
          onEdit={(mode, atMs) => void startTake(mode, atMs)}
        />
        <DetailsSection {...form.section} showAuthor={false} />
        <div className="flex flex-wrap justify-end gap-3">
          {hasAudio && !live && (
            <Button tone="ghost" onPress={() => setConfirmDiscard(true)} isDisabled={busy}>
              Discard recording
            </Button>
          )}
          <Button tone="secondary" onPress={() => void send('DRAFT')} isDisabled={busy || !hasAudio || live}>
            Save as draft (D)
          </Button>
          <Button onPress={() => void send('READY_FOR_TYPING')} isDisabled={busy || !hasAudio || live}>
            Submit (Ctrl+S)
          </Button>
        </div>
      </div>
      <DiscardRecordingDialog
        open={confirmDiscard}
        onCancel={() => setConfirmDiscard(false)}
        onConfirm={() => {
          setConfirmDiscard(false);
          void (async () => {
            await recorderRegistry.release(tabIndex);
            if (recording) await deleteRecording(recording.id);
            await db.tabs.update(tabIndex, { recordingId: null });
          })();
        }}
      />
    </Page>
  );
}
