import { useRef, useState, type DragEvent } from 'react';
import { ATTACHMENT_ACCEPT } from '../../domain/attachment-types';
import type { Attachment, Dictation } from '../../domain/contract';
import { formatDateTime } from '../../domain/display-format';
import { MESSAGES } from '../../domain/messages';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatFileSize } from './format-size';
import { dismiss, sendFiles, useSendingFiles, type SendingFile } from './upload-store';
import { useAttachments, useRefreshAttachments, useRemoveAttachment } from './api/attachments';

function SendingRow({ f, dictationId }: { f: SendingFile; dictationId: number }) {
  const label =
    f.state === 'refused'
      ? 'Not attached'
      : f.state === 'done'
        ? 'Attached'
        : f.state === 'waiting'
          ? 'Waiting for the connection'
          : `${Math.round((f.sent / Math.max(1, f.size)) * 100)}%`;
  return (
    <li className="rounded-lg border border-slate-200 p-2 text-sm dark:border-slate-700">
      <div className="flex items-center justify-between gap-2">
        <span className="min-w-0 truncate font-medium">{f.name}</span>
        <span className="shrink-0 text-xs text-slate-600 dark:text-slate-300">{label}</span>
      </div>
      {f.state !== 'refused' && (
        <progress className="mt-1 h-1.5 w-full" max={Math.max(1, f.size)} value={f.sent} aria-label={`Sending ${f.name}`} />
      )}
      {f.state === 'waiting' && <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">{MESSAGES.attachmentWaiting}</p>}
      {f.state === 'refused' && (
        <div className="mt-1 flex items-start justify-between gap-2">
          <p role="alert" className="text-xs text-red-800 dark:text-red-300">
            {f.message}
          </p>
          <Button tone="ghost" className="min-h-8 px-2 py-0 text-xs" onPress={() => dismiss(dictationId, f.key)}>
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}

function AttachmentRow({ a, onRemove }: { a: Attachment; onRemove: () => void }) {
  return (
    <li className="flex items-start justify-between gap-2 rounded-lg bg-slate-50 p-2 text-sm dark:bg-slate-800">
      <div className="min-w-0">
        <a href={a.download_url} download={a.filename} className="break-words font-medium text-brand-700 underline dark:text-emerald-300">
          {a.filename}
        </a>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {formatFileSize(a.filesize)} · {a.uploaded_by.full_name} · {formatDateTime(a.created_at)}
        </p>
      </div>
      {a.can_delete && (
        <Button tone="ghost" className="min-h-8 shrink-0 px-2 py-0 text-xs" aria-label={`Remove ${a.filename}`} onPress={onRemove}>
          Remove
        </Button>
      )}
    </li>
  );
}

/** The dictation page's Attachments tab: the files, who added them and when; add, download, remove. */
export function AttachmentsTab({ d }: { d: Dictation }) {
  const query = useAttachments(d.id);
  const refresh = useRefreshAttachments(d.id);
  const remove = useRemoveAttachment(d.id);
  const sending = useSendingFiles(d.id);
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const canAdd = query.data?.can_add ?? d.status !== 'SENT';

  const pick = (files: FileList | null) => {
    if (files?.length) sendFiles(d.id, Array.from(files), () => void refresh());
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (canAdd) pick(e.dataTransfer.files);
  };
  async function confirmRemove() {
    const a = removing;
    setRemoving(null);
    if (!a) return;
    try {
      await remove.mutateAsync(a.id);
      setRemoveError(null);
    } catch (err) {
      setRemoveError(err instanceof Error ? err.message : MESSAGES.errorFetching);
    }
  }

  return (
    <div
      className={`space-y-3 rounded-lg ${dragging ? 'outline-2 outline-offset-4 outline-dashed outline-brand-600' : ''}`}
      onDragOver={(e) => {
        if (!canAdd) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      {canAdd ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button tone="secondary" onPress={() => input.current?.click()}>
            Add files
          </Button>
          <span className="text-xs text-slate-600 dark:text-slate-300">or drop them here · PDF, PNG, JPEG, Word (.docx) · up to 20 MB</span>
          <input
            ref={input}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            className="hidden"
            aria-label="Files to attach"
            onChange={(e) => {
              pick(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      ) : (
        <p className="text-xs text-slate-600 dark:text-slate-300">{MESSAGES.attachmentLocked('Sent')}</p>
      )}
      {sending.length > 0 && (
        <ul className="space-y-2" aria-label="Files being sent">
          {sending.map((f) => (
            <SendingRow key={f.key} f={f} dictationId={d.id} />
          ))}
        </ul>
      )}
      {removeError && <Alert>{removeError}</Alert>}
      {query.isPending ? (
        <p className="text-sm">Loading…</p>
      ) : query.error || !query.data ? (
        <Alert>{query.error?.message ?? MESSAGES.errorFetching}</Alert>
      ) : query.data.data.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">{MESSAGES.attachmentsEmpty}</p>
      ) : (
        <ul className="space-y-2" aria-label="Attachments">
          {query.data.data.map((a) => (
            <AttachmentRow key={a.id} a={a} onRemove={() => setRemoving(a)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.filename ?? 'this file'}?`}
        body="It is removed from the dictation for everyone. The audit trail keeps a record that it was there."
        confirmLabel="Remove"
        destructive
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
