import { useId } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { CloudUpload } from 'lucide-react';
import { db, type OutboxDictation } from '../../../lib/db/db';
import { useOnline } from '../../../lib/use-online';
import { describeItem } from '../describe-item';

export const WAITING_ON_DEVICE_TITLE = 'On this device — waiting to send';

const minutes = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

interface Waiting {
  item: OutboxDictation;
  durationMs: number | null;
}

/**
 * Recordings and files submitted on this device that the server does not have yet (issue 23): listed above
 * the work list, from the device's outbox, so a dictation made without a signal is not missing from it.
 * Each goes from here once the server confirms it (it then appears in the list itself).
 */
export function WaitingOnDevice() {
  const online = useOnline();
  const headingId = useId();
  const waiting =
    useLiveQuery(async (): Promise<Waiting[]> => {
      const items = (await db.outbox.orderBy('createdAt').toArray()).filter((i): i is OutboxDictation => i.kind === 'dictation');
      const recordings = await db.recordings.bulkGet(items.map((i) => i.recordingId));
      return items.map((item, n) => ({ item, durationMs: recordings[n]?.durationMs || null }));
    }, []) ?? [];
  if (waiting.length === 0) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mt-3 rounded-xl border border-sky-300 bg-sky-50 px-3 py-2 dark:border-sky-800 dark:bg-sky-950"
      data-testid="waiting-on-device"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold text-sky-950 dark:text-sky-100">
        <CloudUpload aria-hidden className="size-4 shrink-0" />
        {WAITING_ON_DEVICE_TITLE}
      </h2>
      <ul className="mt-1 divide-y divide-sky-200 dark:divide-sky-900">
        {waiting.map(({ item, durationMs }) => (
          <li key={item.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5 text-sm">
            <span className="font-medium text-slate-900 dark:text-slate-100">
              {item.label}
              {durationMs ? (
                <span className="ml-2 font-normal text-slate-700 tabular-nums dark:text-slate-300">{minutes(durationMs)}</span>
              ) : null}
            </span>
            <span className={item.state === 'dead' ? 'text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'}>
              {item.state === 'pending' && !online && item.stage === 'upload' && item.bytesAcked === 0
                ? 'Sent when this device is back online.'
                : describeItem(item)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
