import { useState } from 'react';
import { PAGE_MESSAGES } from '../../domain/messages';
import type { UnfilledPlaceholder } from '../../domain/send-check';
import { AppDialog } from '../../components/ui/dialog';
import { Button } from '../../components/ui/button';

/** What the send check found (src/domain/send-check.ts): placeholders from the editor, recipients by the approval's rule. */
export interface SendCheckFound {
  placeholders: UnfilledPlaceholder[];
  recipients: string[];
}

interface Props {
  found: SendCheckFound | null;
  onClose: () => void;
  /** Goes to the n-th placeholder in the letter (the dialog closes first). */
  onPlaceholder: (index: number) => void;
  onRecipients: () => void;
  onSendAnyway: (reason: string) => void;
}

/**
 * Issue 23: told at send time, not at approval. Lists the unfilled placeholders (each one a button that
 * puts the cursor on it) and the recipients nothing can reach; the letter may go anyway only with a
 * reason, which the author sees on top of it.
 */
export function SendCheckDialog({ found, onClose, onPlaceholder, onRecipients, onSendAnyway }: Props) {
  const [reason, setReason] = useState('');
  const placeholders = found?.placeholders ?? [];
  const recipients = found?.recipients ?? [];
  return (
    <AppDialog open={found !== null} onOpenChange={(o) => !o && onClose()} title={PAGE_MESSAGES.sendCheckTitle}>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (!reason.trim()) return;
          onSendAnyway(reason.trim());
          setReason('');
        }}
      >
        {placeholders.length > 0 && (
          <section aria-labelledby="send-check-placeholders" className="space-y-2">
            <p id="send-check-placeholders" className="text-sm">
              {PAGE_MESSAGES.sendCheckPlaceholders(placeholders.length)}
            </p>
            <ul className="flex flex-wrap gap-2" aria-labelledby="send-check-placeholders">
              {placeholders.map((p, i) => (
                <li key={i}>
                  <Button tone="secondary" onPress={() => onPlaceholder(i)} className="font-mono !font-normal">
                    {p.text}
                  </Button>
                </li>
              ))}
            </ul>
          </section>
        )}
        {recipients.length > 0 && (
          <section aria-labelledby="send-check-recipients" className="space-y-2">
            <p id="send-check-recipients" className="text-sm">
              {PAGE_MESSAGES.sendCheckRecipients(recipients.length)}
            </p>
            <ul className="list-disc space-y-1 pl-5 text-sm" aria-labelledby="send-check-recipients">
              {recipients.map((r, i) => (
                <li key={i}>{r}</li>
              ))}
            </ul>
            <Button tone="secondary" onPress={onRecipients}>
              {PAGE_MESSAGES.sendCheckOpenRecipients}
            </Button>
          </section>
        )}
        <div className="space-y-1 border-t border-slate-200 pt-4 dark:border-slate-700">
          <label htmlFor="send-anyway-reason" className="text-sm font-medium">
            {PAGE_MESSAGES.sendCheckReason}
          </label>
          <textarea
            id="send-anyway-reason"
            maxLength={2000}
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            className="w-full rounded-lg border border-slate-300 bg-white p-2 text-sm dark:border-slate-600 dark:bg-slate-900"
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button tone="secondary" onPress={onClose}>
            {PAGE_MESSAGES.sendCheckBack}
          </Button>
          <Button type="submit" isDisabled={!reason.trim()}>
            {PAGE_MESSAGES.sendCheckAnyway}
          </Button>
        </div>
      </form>
    </AppDialog>
  );
}
