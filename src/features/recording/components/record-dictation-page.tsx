import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from 'sonner';
import { tabLabel, tabTypeFor } from '../../../domain/recording-tabs';
import { Button } from '../../../components/ui/button';
import { DiscardRecordingDialog } from '../../../components/ui/discard-recording-dialog';
import { Page } from '../../../components/ui/page';
import { db } from '../../../lib/db/db';
import { deleteRecording } from '../../../lib/recordings/recording-store';
import { useSession } from '../../../lib/auth/use-session';
import { attachRecording, openTab } from '../tabs-store';
import { formatElapsed } from '../format';

/** The Record page: open tabs, a new recording, and recordings kept on this device without a tab. */
export function RecordDictationPage() {
  const navigate = useNavigate();
  const { profile } = useSession();
  const tabs = useLiveQuery(() => db.tabs.orderBy('index').toArray(), []);
  const loose = useLiveQuery(
    () => db.recordings.filter((r) => r.tabIndex === null && r.source === 'recorder' && r.state !== 'queued').toArray(),
    [],
  );
  const [discard, setDiscard] = useState<string | null>(null);

  async function newRecording(recordingId?: string) {
    const opened = await openTab(tabTypeFor(profile?.preferences.profile.speech_recognition, profile?.site.sr_integration ?? null));
    if ('error' in opened) {
      toast.warning(opened.error);
      return;
    }
    if (recordingId) await attachRecording(opened.index, recordingId);
    await navigate({ to: '/record/$tab', params: { tab: String(opened.index) } });
  }

  return (
    <Page title="Record dictation" actions={<Button onPress={() => void newRecording()}>New recording</Button>}>
      <div className="space-y-6">
        <section aria-labelledby="open-tabs">
          <h2 id="open-tabs" className="mb-2 text-lg font-semibold">
            Open recording tabs
          </h2>
          {tabs?.length ? (
            <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
              {tabs.map((t) => (
                <li key={t.index}>
                  <button
                    className="flex min-h-12 w-full items-center justify-between px-4 text-left hover:bg-slate-50 dark:hover:bg-slate-800"
                    onClick={() => void navigate({ to: '/record/$tab', params: { tab: String(t.index) } })}
                  >
                    <span>{tabLabel(t)}</span>
                    <span className="text-sm text-slate-500">Alt+{t.index}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-slate-600 dark:text-slate-300">
              No recording tab is open. Start a new recording: up to four can be open at once.
            </p>
          )}
        </section>
        {!!loose?.length && (
          <section aria-labelledby="on-device">
            <h2 id="on-device" className="mb-2 text-lg font-semibold">
              Recordings kept on this device
            </h2>
            <ul className="divide-y divide-slate-200 rounded-lg bg-white ring-1 ring-slate-200 dark:divide-slate-800 dark:bg-slate-900 dark:ring-slate-800">
              {loose.map((r) => (
                <li key={r.id} className="flex flex-wrap items-center gap-3 px-4 py-2">
                  <span className="flex-1">
                    {new Date(r.createdAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                    {formatElapsed(r.durationMs)}
                    {r.state === 'interrupted' && (
                      <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">interrupted</span>
                    )}
                  </span>
                  <Button tone="secondary" onPress={() => void newRecording(r.id)}>
                    Open
                  </Button>
                  <Button tone="ghost" onPress={() => setDiscard(r.id)}>
                    Discard
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <DiscardRecordingDialog
        open={!!discard}
        onCancel={() => setDiscard(null)}
        onConfirm={() => {
          const id = discard!;
          setDiscard(null);
          void deleteRecording(id);
        }}
      />
    </Page>
  );
}
