import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { Plus, X } from 'lucide-react';
import { toast } from 'sonner';
import { MESSAGES } from '../../../domain/messages';
import { commitTitle, tabLabel, tabTypeFor } from '../../../domain/recording-tabs';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { db, type RecordingTabRow } from '../../../lib/db/db';
import { useSession } from '../../../lib/auth/use-session';
import { closeTab, openTab, renameTab } from '../tabs-store';
import { recorderRegistry } from '../recorder-registry';

function TabTitle({ tab, active }: { tab: RecordingTabRow; active: boolean }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  if (!editing) {
    return (
      <span
        onDoubleClick={() => {
          setDraft(tab.title ?? '');
          setEditing(true);
        }}
        title={active ? 'Double-click to rename' : undefined}
      >
        {tabLabel(tab)}
      </span>
    );
  }
  const commit = () => {
    setEditing(false);
    void renameTab(tab.index, commitTitle(tab.title, draft));
  };
  return (
    <input
      aria-label="Tab title"
      autoFocus
      className="w-36 rounded border border-slate-300 px-1 text-sm text-slate-900"
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        if (e.key === 'Escape') setEditing(false);
      }}
    />
  );
}

/** Home plus up to four recording tabs (spec §2 Tab bar, §9 Alt+1..4 and Alt+W). */
export function RecordingTabBar() {
  const navigate = useNavigate();
  const { profile } = useSession();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const tabs = useLiveQuery(() => db.tabs.orderBy('index').toArray(), []) ?? [];
  const [closing, setClosing] = useState<number | null>(null);
  const current = /^\/record\/(\d)$/.exec(pathname)?.[1];
  const bar = useRef<HTMLElement>(null);
  const tabCount = tabs.length;

  // On a phone the bar scrolls sideways: keep the open tab in sight (issue 23).
  useEffect(() => {
    bar.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current, tabCount]);

  async function add() {
    const opened = await openTab(tabTypeFor(profile?.preferences.profile.speech_recognition, profile?.site.sr_integration ?? null));
    if ('error' in opened) toast.warning(opened.error, { id: 'max-tabs' });
    else await navigate({ to: '/record/$tab', params: { tab: String(opened.index) } });
  }

  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.altKey && !e.ctrlKey && !e.metaKey && e.code === 'KeyW' && current) {
        e.preventDefault();
        setClosing(Number(current));
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [current]);

  return (
    // One line that scrolls sideways when the tabs do not fit (a phone): tabs never wrap or shrink.
    <nav
      ref={bar}
      aria-label="Recording tabs"
      className="flex items-end gap-1 overflow-x-auto overscroll-x-contain border-b border-slate-200 bg-slate-100 px-2 pt-1 whitespace-nowrap dark:border-slate-800 dark:bg-slate-900"
    >
      <Link
        to="/{-$tab}"
        params={{ tab: undefined }}
        className="shrink-0 rounded-t-lg px-3 py-2 text-sm font-medium"
        activeOptions={{ exact: false }}
        activeProps={{ className: 'bg-white dark:bg-slate-800' }}
      >
        Home
      </Link>
      {tabs.map((t) => {
        const active = current === String(t.index);
        return (
          <div
            key={t.index}
            className={`flex shrink-0 items-center gap-1 rounded-t-lg py-2 pr-1 pl-3 text-sm font-medium max-sm:pl-2 ${active ? 'bg-white dark:bg-slate-800' : ''}`}
          >
            <Link to="/record/$tab" params={{ tab: String(t.index) }} aria-current={active ? 'page' : undefined}>
              {active ? <TabTitle tab={t} active /> : tabLabel(t)}
            </Link>
            <button
              type="button"
              aria-label={`Close ${tabLabel(t)}`}
              className="rounded p-1 hover:bg-slate-200 dark:hover:bg-slate-700"
              onClick={() => setClosing(t.index)}
            >
              <X aria-hidden className="size-3.5" />
            </button>
          </div>
        );
      })}
      <button
        type="button"
        aria-label="New recording tab"
        className="mb-1 shrink-0 rounded p-2 hover:bg-slate-200 dark:hover:bg-slate-700"
        onClick={() => void add()}
      >
        <Plus aria-hidden className="size-4" />
      </button>
      <ConfirmDialog
        open={closing !== null}
        title={MESSAGES.leavePageTitle}
        body={`${MESSAGES.leavePageBody} A recording you made stays on this device and is listed on the Record page.`}
        confirmLabel="Close tab"
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          const index = closing!;
          setClosing(null);
          void (async () => {
            await recorderRegistry.release(index);
            await closeTab(index);
            if (current === String(index)) await navigate({ to: '/recorddictation' });
          })();
        }}
      />
    </nav>
  );
}
