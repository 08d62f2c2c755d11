import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { toast } from 'sonner';
import { Upload } from 'lucide-react';
import { UPLOAD_EXTENSIONS, uploadRefusal } from '../../domain/upload-files';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Page } from '../../components/ui/page';
import { db } from '../../lib/db/db';
import { deleteRecording, storeFile } from '../../lib/recordings/recording-store';
import { enqueueDictation } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';
import { formatBytes, requestPersistentStorage } from '../../lib/storage';
import { useSession } from '../../lib/auth/use-session';
import { DetailsSection, EMPTY_DETAILS, useDetailsForm } from '../dictation-form';

/**
 * Upload dictation files (spec §2 UploadDictation): several at once, only the recorder formats of
 * spec §5, the same details as a recording, and the same outbox, so a dropped connection resumes.
 */
export function UploadPage() {
  const navigate = useNavigate();
  const { subject } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const isAuthor = !!subject?.roles.includes('Author');
  const form = useDetailsForm(EMPTY_DETAILS, !isAuthor);
  const [busy, setBusy] = useState(false);
  const [sentIds, setSentIds] = useState<string[]>([]);
  const [sentNames, setSentNames] = useState<Record<string, string>>({});
  // undefined while loading: "received" is said only once the device has let go of the file, which it
  // does after the server confirmed it.
  const live = useLiveQuery(
    async () => ({
      ids: sentIds,
      items: (await db.outbox.where('recordingId').anyOf(sentIds).toArray()).filter((i) => i.kind === 'dictation'),
      kept: await db.recordings.where('id').anyOf(sentIds).primaryKeys(),
    }),
    [sentIds],
  );
  // useLiveQuery hands back the previous answer until the new query has run: ignore a stale one.
  const progress = live?.ids === sentIds ? live : undefined;
  const received = (id: string) => !!progress && !progress.items.some((p) => p.recordingId === id) && !progress.kept.includes(id);
  const allReceived = sentIds.length > 0 && sentIds.every(received);
  const notAccepted = progress?.items.some((p) => p.state === 'dead');
  // The progress sits above the form: after Upload (at the foot of a long form) it is brought into view,
  // and its heading takes the focus so that a screen reader says what happened.
  const progressHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!sentIds.length) return;
    // It is the first thing under the title: show the page's top, clear of the sticky header.
    window.scrollTo({ top: 0 });
    progressHeading.current?.focus({ preventScroll: true });
  }, [sentIds]);

  function pick(list: FileList | null) {
    const all = [...(list ?? [])];
    setRefused(all.map((f) => uploadRefusal(f.name)).filter((m): m is string => !!m));
    setFiles(all.filter((f) => !uploadRefusal(f.name)));
  }

  async function submit() {
    if (!files.length) {
      toast.error('Choose at least one dictation file.');
      return;
    }
    const details = await form.confirmed();
    if (!details) return;
    setBusy(true);
    const ids: string[] = [];
    try {
      for (const file of files) {
        const id = crypto.randomUUID();
        try {
          await storeFile(id, file);
          await enqueueDictation(
            id,
            { ...details, status: 'READY_FOR_TYPING', original_filename: file.name, mime_type: file.type || undefined },
            file.name,
          );
          ids.push(id);
          setSentNames((n) => ({ ...n, [id]: file.name }));
        } catch (err) {
          await deleteRecording(id).catch(() => {});
          toast.error((err as Error).message);
        }
      }
      setSentIds(ids);
      setFiles([]);
      if (input.current) input.current.value = '';
      // Ready for the next dictation: the last one's patient must not be sent again by mistake (issue 23).
      if (ids.length) form.setValue(EMPTY_DETAILS);
      void requestPersistentStorage();
      void requestSync();
      if (ids.length) toast.success(`${ids.length} file${ids.length === 1 ? '' : 's'} queued. Uploads carry on if the connection drops.`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="Upload dictation">
      <div className="space-y-4">
        {sentIds.length > 0 && (
          <section
            aria-label="Upload progress"
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <h2 ref={progressHeading} tabIndex={-1} className="text-lg font-semibold outline-none">
              {allReceived ? 'Last upload sent' : notAccepted ? 'The last upload was not accepted' : 'Sending the last upload'}
            </h2>
            <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" role="status">
              {allReceived
                ? 'The server has received it. The form below is cleared for the next dictation.'
                : notAccepted
                  ? 'See the reason below. The form below is cleared for the next dictation.'
                  : 'It carries on if the connection drops. The form below is cleared for the next dictation.'}
            </p>
            <ul className="space-y-2 text-sm">
              {sentIds.map((id) => {
                if (!progress) return null;
                const item = progress.items.find((p) => p.recordingId === id);
                return (
                  <li key={id}>
                    <div>{sentNames[id] ?? item?.label}</div>
                    {item ? (
                      <>
                        <progress
                          className="h-2 w-full"
                          max={item.totalBytes}
                          value={item.stage === 'finalise' ? item.totalBytes : item.bytesAcked}
                          aria-label={`${item.label} progress`}
                        />
                        {item.lastError && <p className={item.state === 'dead' ? 'text-red-700' : 'text-slate-600'}>{item.lastError}</p>}
                      </>
                    ) : received(id) ? (
                      <p className="text-emerald-700 dark:text-emerald-400">Received by the server.</p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        )}
        <section className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <label htmlFor="dictation-files" className="mb-2 block text-sm font-medium">
            Dictation files ({UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(', ')})
          </label>
          <input
            ref={input}
            id="dictation-files"
            type="file"
            multiple
            accept={UPLOAD_EXTENSIONS.flatMap((e) => [`.${e}`, `.${e.toUpperCase()}`]).join(',')}
            onChange={(e) => pick(e.target.files)}
            className="block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border-0 file:bg-brand-600 file:px-4 file:font-semibold file:text-white"
          />
          {refused.map((m) => (
            <div key={m} className="mt-2">
              <Alert>{m}</Alert>
            </div>
          ))}
          {files.length > 0 && (
            <ul className="mt-3 space-y-1 text-sm" aria-label="Chosen files">
              {files.map((f) => (
                <li key={f.name}>
                  {f.name} · {formatBytes(f.size)}
                </li>
              ))}
            </ul>
          )}
        </section>
        <DetailsSection
          value={form.value}
          onChange={form.setValue}
          errors={form.errors}
          identityDialog={form.identityDialog}
          showAuthor={!isAuthor}
        />
        <div className="flex justify-end gap-3">
          <Button tone="secondary" onPress={() => void navigate({ to: '/{-$tab}', params: { tab: undefined } })}>
            Back to the list
          </Button>
          <Button onPress={() => void submit()} isDisabled={busy || files.length === 0}>
            <Upload aria-hidden className="size-4" /> Upload {files.length > 1 ? `${files.length} files` : ''}
          </Button>
        </div>
      </div>
    </Page>
  );
}
