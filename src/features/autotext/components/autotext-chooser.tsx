import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import type { AutotextSnippet } from '../../../domain/contract';
import { AUTOTEXT_SCOPE_LABELS } from '../../../domain/autotext-access';
import { BodyPreview } from './body-preview';

interface Props {
  snippets: readonly AutotextSnippet[];
  /** The letter's department: other departments' snippets are left out. */
  departmentId?: number | null;
  onChoose: (snippet: AutotextSnippet) => void;
  autoFocus?: boolean;
  /** Tall lists scroll inside this height. */
  listClassName?: string;
}

/** Exact shortcut first, then shortcuts starting with the search, then titles and texts containing it. */
export function rankSnippets(snippets: readonly AutotextSnippet[], search: string, departmentId?: number | null): AutotextSnippet[] {
  const q = search.trim().toLowerCase();
  const usable = snippets.filter((s) => s.scope !== 'department' || departmentId == null || s.department_id === departmentId);
  if (!q) return [...usable];
  const rank = (s: AutotextSnippet) => {
    const shortcut = s.shortcut.toLowerCase();
    if (shortcut === q) return 0;
    if (shortcut.startsWith(q)) return 1;
    if (s.title.toLowerCase().includes(q)) return 2;
    return s.body.toLowerCase().includes(q) ? 3 : -1;
  };
  return usable
    .map((s) => ({ s, r: rank(s) }))
    .filter((x) => x.r >= 0)
    .sort((a, b) => a.r - b.r)
    .map((x) => x.s);
}

/**
 * A search box over the snippets and the list it filters, driven from the keyboard: type to search,
 * Up and Down to move, Enter to choose (the combobox pattern; the focus stays in the box).
 */
export function AutotextChooser({ snippets, departmentId, onChoose, autoFocus, listClassName }: Props) {
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const shown = useMemo(() => rankSnippets(snippets, search, departmentId), [snippets, search, departmentId]);
  const current = Math.min(active, shown.length - 1);

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      const next = Math.max(0, Math.min(shown.length - 1, current + step));
      setActive(next);
      document.getElementById(`${id}-opt-${next}`)?.scrollIntoView({ block: 'nearest' });
    } else if (e.key === 'Enter' && shown[current]) {
      e.preventDefault();
      onChoose(shown[current]);
    }
  }

  return (
    <div className="flex min-h-0 flex-col gap-3">
      <label className="flex flex-col gap-1 text-sm font-medium" htmlFor={`${id}-search`}>
        Search autotext
      </label>
      <input
        id={`${id}-search`}
        type="search"
        role="combobox"
        aria-expanded
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={shown[current] ? `${id}-opt-${current}` : undefined}
        autoFocus={autoFocus}
        value={search}
        placeholder="Shortcut, title or words"
        onChange={(e) => {
          setSearch(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900"
      />
      <ul id={`${id}-list`} role="listbox" aria-label="Autotext" className={`overflow-y-auto p-1 ${listClassName ?? 'max-h-[50dvh]'}`}>
        {shown.map((s, i) => (
          <li
            key={s.id}
            id={`${id}-opt-${i}`}
            role="option"
            aria-selected={i === current}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => onChoose(s)}
            onMouseMove={() => i !== current && setActive(i)}
            className={`cursor-pointer rounded-lg px-3 py-2 ${i === current ? 'bg-brand-50 ring-1 ring-brand-300 dark:bg-slate-700 dark:ring-slate-500' : ''}`}
          >
            <div className="flex items-baseline justify-between gap-2">
              <span>
                <span className="font-mono font-semibold">{s.shortcut}</span> <span className="text-sm">{s.title}</span>
              </span>
              <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{AUTOTEXT_SCOPE_LABELS[s.scope]}</span>
            </div>
            <BodyPreview body={s.body} className="line-clamp-2 block text-sm text-slate-600 dark:text-slate-300" />
          </li>
        ))}
        {!shown.length && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-300">No autotext found.</li>}
      </ul>
    </div>
  );
}
