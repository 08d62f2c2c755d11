import { useEffect, useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Pager } from '../../components/ui/pager';
import { PAGE_MESSAGES } from '../../domain/messages';
import { DeliveryCard } from './delivery-card';
import { useFailedDeliveries, usePrintQueue } from './api/letters-out';
import { PrintQueue } from './print-queue';
import { ServerState } from './server-state';

const TAB =
  'cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-600 outline-none data-[selected]:bg-brand-600 data-[selected]:text-white focus-visible:ring-2 focus-visible:ring-brand-600 dark:text-slate-300 dark:data-[selected]:bg-emerald-600';

const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

type Paged = ReturnType<typeof usePrintQueue>;

/** A page number that follows its list: after the last items of a page leave (posted, resent), the last page that has any. */
function usePage(list: (page: number) => Paged): [Paged, number, (n: number) => void] {
  const [page, setPage] = useState(1);
  const q = list(page);
  const last = q.data?.last_page;
  useEffect(() => {
    if (last !== undefined && page > last) setPage(last);
  }, [last, page]);
  return [q, page, setPage];
}

function PagerOf({ q, onPage }: { q: Paged; onPage: (n: number) => void }) {
  const d = q.data;
  if (!d || d.last_page <= 1) return null;
  return <Pager page={d.current_page} lastPage={d.last_page} total={d.total} perPage={d.per_page} onPage={onPage} />;
}

/**
 * Letters out, on the Manual Distribution tab of the work queue (Secretary, Manager): what a typing pool
 * does with approved letters that have not all gone — print and post the paper copies, and deal with the
 * deliveries that failed. The dictations themselves are listed below it, as on every tab.
 */
export function LettersOutPanel() {
  const [tab, setTab] = useState('print');
  const [queue, , setQueuePage] = usePage(usePrintQueue);
  const [failed, , setFailedPage] = usePage(useFailedDeliveries);
  return (
    <section
      aria-labelledby="letters-out-title"
      className="mt-3 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="letters-out-title" className="mb-2 text-base font-semibold">
        Letters out
      </h2>
      <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(String(k))}>
        <TabList aria-label="Letters out" className="mb-3 flex flex-wrap gap-1">
          <Tab id="print" className={TAB}>
            To print{count(queue.data?.total)}
          </Tab>
          <Tab id="failed" className={TAB}>
            Failed{count(failed.data?.total)}
          </Tab>
        </TabList>
        <TabPanel id="print" className="outline-none">
          <ServerState isPending={queue.isPending} error={queue.error} hasData={!!queue.data}>
            <PrintQueue items={queue.data?.data ?? []} />
            <PagerOf q={queue} onPage={setQueuePage} />
          </ServerState>
        </TabPanel>
        <TabPanel id="failed" className="outline-none">
          <ServerState isPending={failed.isPending} error={failed.error} hasData={!!failed.data}>
            {failed.data?.data.length ? (
              <ul className="space-y-2" aria-label="Failed deliveries">
                {failed.data.data.map((x) => (
                  <DeliveryCard key={x.id} d={x} reference={x.reference} mayResend />
                ))}
              </ul>
            ) : (
              <p className="py-2 text-sm text-slate-600 dark:text-slate-300">{PAGE_MESSAGES.failuresEmpty}</p>
            )}
            <PagerOf q={failed} onPage={setFailedPage} />
          </ServerState>
        </TabPanel>
      </Tabs>
    </section>
  );
}
