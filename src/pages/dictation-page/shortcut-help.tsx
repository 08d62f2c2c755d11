import { AppDialog } from '../../components/ui/dialog';
import type { Shortcut } from './page-shortcuts';

/** "?": every key the dictation page answers to, in groups. */
export function ShortcutHelp({
  open,
  onOpenChange,
  groups,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  groups: { title: string; rows: Shortcut[] }[];
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Keyboard shortcuts" size="lg">
      <div className="grid gap-6 sm:grid-cols-2">
        {groups.map((g) => (
          <section key={g.title}>
            <h3 className="mb-2 text-sm font-semibold text-slate-600 dark:text-slate-300">{g.title}</h3>
            <dl className="space-y-1 text-sm">
              {g.rows.map((r) => (
                <div key={r.keys + r.does} className="flex gap-3">
                  <dt className="w-32 shrink-0">
                    <kbd className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs dark:border-slate-600 dark:bg-slate-900">
                      {r.keys}
                    </kbd>
                  </dt>
                  <dd>{r.does}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </AppDialog>
  );
}
