import { useEffect, useState, type ReactNode } from 'react';
import { INPUT } from './styles';

export type ActiveFilter = 'all' | 'active' | 'inactive';
export const activeValue = (f: ActiveFilter): boolean | undefined => (f === 'all' ? undefined : f === 'active');

/** What a typed search asks for once the typing pauses: one request, not one per key. */
export function useSettled(text: string, ms = 250): string {
  const [settled, setSettled] = useState(text.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text.trim()), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/** A list's search box and its Active / Inactive / All choice, and any other filter given as children. */
export function ListFilters({
  searchLabel,
  placeholder,
  search,
  onSearch,
  active,
  onActive,
  children,
}: {
  searchLabel: string;
  placeholder: string;
  search: string;
  onSearch: (s: string) => void;
  active: ActiveFilter;
  onActive: (a: ActiveFilter) => void;
  children?: ReactNode;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3">
      <label className="flex min-w-0 flex-1 basis-60 flex-col gap-1 text-sm font-medium sm:max-w-sm">
        {searchLabel}
        <input type="search" value={search} placeholder={placeholder} onChange={(e) => onSearch(e.target.value)} className={INPUT} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Status
        <select value={active} onChange={(e) => onActive(e.target.value as ActiveFilter)} className={INPUT}>
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
      </label>
      {children}
    </div>
  );
}
