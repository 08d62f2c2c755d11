import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WifiOff } from 'lucide-react';
import { dictationKey, offlineCopySyncedAt, queueKey, subscribeOfflineCopy } from '../../lib/offline/offline-copy';
import { sharedKeys } from '../../lib/api/query-keys';

const clock = (at: number) => new Date(at).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });

/** The words of the notice: "offline — last synced 14:05". */
export function offlineNoticeText(syncedAt: number): string {
  return syncedAt > 0 ? `offline — last synced ${clock(syncedAt)}` : 'offline — showing the copy on this device';
}

/**
 * "offline — last synced hh:mm" above the author's approval list (no props) or a letter (`dictationId`)
 * while it shows the device's copy; nothing otherwise.
 */
export function OfflineCopyNotice({ dictationId }: { dictationId?: number }) {
  const key = dictationId === undefined ? queueKey : dictationKey(dictationId);
  const syncedAt = useSyncExternalStore(subscribeOfflineCopy, () => offlineCopySyncedAt(key));
  const queries = useQueryClient();
  const shown = syncedAt !== undefined;
  // Back online, ask the server again at once: its answer replaces the copy and this notice goes. (A page
  // loaded offline has React Query believing it is online, so its own reconnect refetch never fires.)
  useEffect(() => {
    if (!shown) return;
    const again = () =>
      void queries.invalidateQueries({ queryKey: dictationId === undefined ? sharedKeys.worklist : sharedKeys.dictation(dictationId) });
    window.addEventListener('online', again);
    return () => window.removeEventListener('online', again);
  }, [shown, queries, dictationId]);
  if (syncedAt === undefined) return null;
  return (
    <p
      role="status"
      data-testid="offline-copy-notice"
      data-offline-notice
      className="my-2 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      <WifiOff aria-hidden className="size-4 shrink-0" />
      <span>{offlineNoticeText(syncedAt)}</span>
    </p>
  );
}

/** For a tab whose data only the server has (comments, audit trail, versions) when there is no connection. */
export function NotAvailableOffline() {
  return <p className="text-sm text-slate-600 dark:text-slate-300">Not available offline.</p>;
}
