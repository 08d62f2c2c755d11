import { useEffect, useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import type { DictationOptions, UserSummary } from '../../domain/contract';
import type { ListParams } from './list-params';

interface Props {
  params: ListParams;
  /** The trust's authors, departments and job types; null when this user has no such lists (an external typist). */
  options?: DictationOptions | null;
  /** Why the lists could not be loaded (a refused or failed call is said, never an empty select). */
  optionsRefused?: string | null;
  typists?: UserSummary[];
  typistsRefused?: string | null;
  showAuthor: boolean;
  /** On a phone the selects fold away behind a Filters button. */
  compact: boolean;
  onChange: (next: Partial<ListParams>) => void;
}

/**
 * Each select is as wide as its chosen text (issue 23: a fixed width cut "All departments" and "Mobile and
 * web" short). Where `field-sizing` is not supported a select is as wide as its longest option, still whole.
 */
const selectClass =
  'min-h-10 min-w-28 max-w-full field-sizing-content rounded-lg border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-800 aria-[invalid=true]:border-red-600';

function Select({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600 dark:text-slate-400">
      {label}
      <select
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={`${selectClass} ${value ? 'border-brand-600 ring-1 ring-brand-600' : ''}`}
      >
        {children}
      </select>
    </label>
  );
}

const num = (v: string) => (v ? Number(v) : undefined);

/** The spec's filterable columns (§9) as selects, plus a search box; every change goes back to page 1. */
export function FiltersBar({ params, options, optionsRefused, typists, typistsRefused, showAuthor, compact, onChange }: Props) {
  const [text, setText] = useState(params.search ?? '');
  const [unfolded, setUnfolded] = useState(false);
  useEffect(() => setText(params.search ?? ''), [params.search]);
  const set = (next: Partial<ListParams>) => onChange({ ...next, page: 1 });
  const chosen = [params.author, params.department, params.document_type, params.assigned_to, params.dictation_type].filter(
    (v) => v !== undefined,
  ).length;
  const active = chosen > 0 || params.search !== undefined;
  const showSelects = !compact || unfolded;
  // No lists for this user, or the server refused them: the selects they would fill are left out.
  const showLists = options !== null && !optionsRefused;
  const refused = [
    optionsRefused && `The author, department and document type filters could not be loaded: ${optionsRefused}`,
    typistsRefused && `The typists filter could not be loaded: ${typistsRefused}`,
  ].filter(Boolean);

  return (
    <div className="mb-3 flex flex-wrap items-end gap-2" role="group" aria-label="Filters">
      {refused.length > 0 && (
        <p
          role="alert"
          className="w-full rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          {refused.join(' ')}
        </p>
      )}
      <form
        role="search"
        className="flex items-end"
        onSubmit={(e) => {
          e.preventDefault();
          set({ search: text.trim() || undefined });
        }}
      >
        <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600 dark:text-slate-400">
          Find in this list
          <span className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2 size-4 -translate-y-1/2 text-slate-500" />
            <input
              type="search"
              value={text}
              maxLength={100}
              onChange={(e) => setText(e.target.value)}
              placeholder="Reference or patient"
              className="min-h-10 w-52 rounded-lg border border-slate-300 bg-white pr-2 pl-8 text-sm dark:border-slate-600 dark:bg-slate-800"
            />
          </span>
        </label>
      </form>
      {compact && (
        <button
          type="button"
          aria-expanded={unfolded}
          onClick={() => setUnfolded((u) => !u)}
          className="inline-flex min-h-10 items-center gap-1 rounded-lg border border-slate-300 px-3 text-sm dark:border-slate-600"
        >
          <SlidersHorizontal aria-hidden className="size-4" /> Filters{chosen ? ` (${chosen})` : ''}
        </button>
      )}
      {showSelects && showLists && showAuthor && (
        <Select label="Author" value={String(params.author ?? '')} onChange={(v) => set({ author: num(v) })}>
          <option value="">All authors</option>
          {options?.authors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.full_name}
            </option>
          ))}
        </Select>
      )}
      {showSelects && (
        <>
          {showLists && (
            <>
              <Select label="Department" value={String(params.department ?? '')} onChange={(v) => set({ department: num(v) })}>
                <option value="">All departments</option>
                {options?.departments.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name} ({d.code})
                  </option>
                ))}
              </Select>
              <Select label="Document type" value={String(params.document_type ?? '')} onChange={(v) => set({ document_type: num(v) })}>
                <option value="">All types</option>
                {options?.job_types.map((j) => (
                  <option key={j.id} value={j.id}>
                    {j.name}
                  </option>
                ))}
              </Select>
            </>
          )}
          {typists && (
            <Select
              label="Assigned to"
              value={String(params.assigned_to ?? '')}
              onChange={(v) => set({ assigned_to: v === 'none' ? 'none' : num(v) })}
            >
              <option value="">Anyone</option>
              <option value="none">Unassigned</option>
              {typists.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </Select>
          )}
          <Select
            label="Recorded on"
            value={params.dictation_type ?? ''}
            onChange={(v) => set({ dictation_type: v === 'mobile' || v === 'web' ? v : undefined })}
          >
            <option value="">Mobile and web</option>
            <option value="mobile">Mobile</option>
            <option value="web">Web</option>
          </Select>
        </>
      )}
      {active && (
        <button
          type="button"
          onClick={() =>
            set({
              author: undefined,
              department: undefined,
              document_type: undefined,
              assigned_to: undefined,
              dictation_type: undefined,
              search: undefined,
            })
          }
          className="inline-flex min-h-10 items-center gap-1 rounded-lg px-3 text-sm text-brand-700 hover:bg-slate-100 dark:text-emerald-300 dark:hover:bg-slate-800"
        >
          <X aria-hidden className="size-4" /> Clear filters
        </button>
      )}
    </div>
  );
}
