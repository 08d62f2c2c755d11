import type { ReactNode } from 'react';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';

export interface SideTab {
  id: string;
  title: string;
  content: ReactNode;
}

const TAB =
  'cursor-pointer rounded-md px-2.5 py-1.5 text-sm font-medium text-slate-600 outline-none data-[selected]:bg-brand-600 data-[selected]:text-white focus-visible:ring-2 focus-visible:ring-brand-600 dark:text-slate-300 dark:data-[selected]:bg-emerald-600';

/** The dictation page's side panel (spec §2 detail panel): details, comments, audit trail, versions, attachments, delivery. */
export function SidePanel({ tabs, selected, onSelect }: { tabs: SideTab[]; selected: string; onSelect: (id: string) => void }) {
  return (
    <Tabs
      selectedKey={selected}
      onSelectionChange={(k) => onSelect(String(k))}
      className="rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <TabList aria-label="Dictation information" className="mb-3 flex flex-wrap gap-1">
        {tabs.map((t) => (
          <Tab key={t.id} id={t.id} className={TAB}>
            {t.title}
          </Tab>
        ))}
      </TabList>
      {tabs.map((t) => (
        <TabPanel key={t.id} id={t.id} className="outline-none">
          {t.content}
        </TabPanel>
      ))}
    </Tabs>
  );
}
