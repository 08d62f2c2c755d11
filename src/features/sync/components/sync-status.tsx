import { useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { CloudCheck, CloudUpload, TriangleAlert } from 'lucide-react';
import { Dialog, DialogTrigger, Popover, Button as AriaButton } from 'react-aria-components';
import { db, type OutboxItem } from '../../../lib/db/db';
import { discardItem, retryItem } from '../../../lib/sync/outbox';
import { requestSync } from '../../../lib/sync/triggers';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DiscardRecordingDialog } from '../../../components/ui/discard-recording-dialog';
import { MESSAGES } from '../../../domain/messages';
import { SentList } from './sent-list';
import { describeItem } from '../describe-item';

/** Top-bar sync status: what is waiting to be sent, its progress, the last error, and the dead letters. */
export function SyncStatus() {
  const items = useLiveQuery(() => db.outbox.orderBy('createdAt').toArray(), []) ?? [];
  const [discarding, setDiscarding] = useState<OutboxItem | null>(null);
  const dead = items.filter((i) => i.state === 'dead');
  const discard = (item: OutboxItem) => {
    setDiscarding(null);
    void discardItem(item.id);
  };
  const waiting = items.length - dead.length;
  const Icon = dead.length ? TriangleAlert : waiting ? CloudUpload : CloudCheck;
  const label = dead.length ? `${dead.length} not sent` : waiting ? `${waiting} to send` : 'All sent';

  return (
    <>
      <DialogTrigger>
        <AriaButton
          aria-label={`Sync status: ${label}`}
          data-testid="sync-status"
          className={`flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-medium ${dead.length ? 'text-red-700 dark:text-red-400' : waiting ? 'text-amber-700 dark:text-amber-300' : 'text-slate-600 dark:text-slate-300'}`}
        >
          <Icon aria-hidden className="size-5" />
          {/* On a phone "All sent" is the icon alone (the button's name says it), leaving the header line room. */}
          <span className={dead.length || waiting ? 'whitespace-nowrap' : 'whitespace-nowrap max-sm:sr-only'}>{label}</span>
        </AriaButton>
        <Popover
          placement="bottom end"
          className="w-[min(26rem,calc(100vw-1rem))] rounded-xl bg-white p-4 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700"
        >
          <Dialog aria-label="Sync status" className="outline-none">
            {({ close }) => (
              <>
                {items.length === 0 ? (
                  <p className="text-sm">Everything recorded on this device has reached the server.</p>
                ) : (
                  <ul className="space-y-3" data-testid="outbox-list">
                    {items.map((item) => (
                      <li key={item.id} className="text-sm">
                        <div className="font-medium">{item.label}</div>
                        <div className={item.state === 'dead' ? 'text-red-700 dark:text-red-400' : 'text-slate-600 dark:text-slate-300'}>
                          {describeItem(item)}
                        </div>
                        {item.state !== 'dead' && item.kind === 'dictation' && (
                          <progress
                            className="mt-1 h-1.5 w-full"
                            max={item.totalBytes}
                            value={item.stage === 'finalise' ? item.totalBytes : item.bytesAcked}
                            aria-label={`${item.label} upload progress`}
                          />
                        )}
                        {item.state === 'dead' && (
                          <div className="mt-2 flex gap-2">
                            <Button tone="secondary" onPress={() => void retryItem(item.id).then(requestSync)}>
                              Retry
                            </Button>
                            <Button tone="ghost" onPress={() => setDiscarding(item)}>
                              Discard
                            </Button>
                          </div>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
                {waiting > 0 && (
                  <Button tone="secondary" className="mt-4 w-full" onPress={() => void requestSync()}>
                    Send now
                  </Button>
                )}
                <SentList onOpen={close} />
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <DiscardRecordingDialog
        open={discarding?.kind === 'dictation'}
        unsent
        onCancel={() => setDiscarding(null)}
        onConfirm={() => discard(discarding!)}
      />
      <ConfirmDialog
        open={discarding?.kind === 'request'}
        title={MESSAGES.discardChangeTitle}
        body={MESSAGES.discardChangeBody}
        confirmLabel="Discard"
        destructive
        onCancel={() => setDiscarding(null)}
        onConfirm={() => discard(discarding!)}
      />
    </>
  );
}
