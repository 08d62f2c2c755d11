import { useState } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { PAGE_MESSAGES } from '../../domain/messages';
import { DeliveryCard } from './delivery-card';
import { useFailedDeliveries, usePrintQueue } from './letters-out-api';
import { PrintQueue } from './print-queue';
import { ServerState } from './server-state';

const TAB =
  'cursor-pointer rounded-md px-3 py-2 text-sm font-medium text-slate-600 outline-none data-[selected]:bg-brand-600 data-[selected]:text-white focus-visible:ring-2 focus-visible:ring-brand-600 dark:text-slate-300 dark:data-[selected]:bg-emerald-600';

const count = (n: number | undefined) => (n === undefined ? '' : ` (${n})`);

/**
 * Letters out, on the Manual Distribution tab of the work queue (Secretary, Manager): what a typing pool
 * does with approved letters that have not all gone — print and post the paper copies, and deal with the
 * deliveries that failed. The dictations themselves are listed below it, as on every tab.
 */
export function LettersOutPanel() {
  const [tab, setTab] = useState('print');
  const queue = usePrintQueue(true);
  const failed = useFailedDeliveries(true);
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
            To print{count(queue.data?.data.length)}
          </Tab>
          <Tab id="failed" className={TAB}>
            Failed{count(failed.data?.data.length)}
          </Tab>
        </TabList>
        <TabPanel id="print" className="outline-none">
          <ServerState isPending={queue.isPending} error={queue.error} hasData={!!queue.data}>
            <PrintQueue items={queue.data?.data ?? []} />
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
          </ServerState>
        </TabPanel>
      </Tabs>
    </section>
  );
}
