/**
 * The list's state lives in the URL (bookmarkable, and the back button works): page, page size, sort
 * and filters. These turn the router's search object into the API's query and back, dropping values
 * that are not valid so a hand-edited address never breaks the page.
 */
import { SEARCH_PAGE_SIZES, DEFAULT_SEARCH_PAGE_SIZE } from '../../domain/limits';
import { DICTATION_TYPES, SORTABLE_COLUMNS, type SortableColumn } from '../../domain/list-query';

export interface ListParams {
  page: number;
  paginate: number;
  sort_key?: SortableColumn;
  sort: 'asc' | 'desc';
  assigned_to?: number | 'none';
  author?: number;
  department?: number;
  document_type?: number;
  dictation_type?: (typeof DICTATION_TYPES)[number];
  search?: string;
}

const id = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,10}$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : undefined;
};

export function readListParams(search: Record<string, unknown>): ListParams {
  const paginate = Number(search.paginate);
  const sortKey = String(search.sort_key ?? '');
  const dictationType = String(search.dictation_type ?? '');
  const text =
    typeof search.search === 'string' ? search.search.trim().slice(0, 100) : typeof search.search === 'number' ? String(search.search) : '';
  return {
    page: id(search.page) ?? 1,
    paginate: (SEARCH_PAGE_SIZES as readonly number[]).includes(paginate) ? paginate : DEFAULT_SEARCH_PAGE_SIZE,
    sort_key: (SORTABLE_COLUMNS as readonly string[]).includes(sortKey) ? (sortKey as SortableColumn) : undefined,
    sort: search.sort === 'desc' ? 'desc' : 'asc',
    assigned_to: search.assigned_to === 'none' ? 'none' : id(search.assigned_to),
    author: id(search.author),
    department: id(search.department),
    document_type: id(search.document_type),
    dictation_type: (DICTATION_TYPES as readonly string[]).includes(dictationType)
      ? (dictationType as ListParams['dictation_type'])
      : undefined,
    search: text || undefined,
  };
}

/** The API's query string values for a tab (only what is set). */
export function toApiQuery(tab: string, p: ListParams): Record<string, string> {
  const q: Record<string, string> = { status: tab, page: String(p.page), paginate: String(p.paginate), sort: p.sort };
  if (p.sort_key) q.sort_key = p.sort_key;
  for (const key of ['assigned_to', 'author', 'department', 'document_type', 'dictation_type', 'search'] as const) {
    const v = p[key];
    if (v !== undefined) q[key] = String(v);
  }
  return q;
}

/** Clicking a column header: a new key sorts ascending, the same key flips the direction. */
export function nextSort(p: ListParams, key: SortableColumn): Pick<ListParams, 'sort_key' | 'sort' | 'page'> {
  if (p.sort_key === key) return { sort_key: key, sort: p.sort === 'asc' ? 'desc' : 'asc', page: 1 };
  return { sort_key: key, sort: 'asc', page: 1 };
}

/** The route's search validator: only what is set and valid stays in the address. */
export function worklistSearch(search: Record<string, unknown>): Partial<ListParams> {
  const p = readListParams(search);
  const out: Partial<ListParams> = {};
  if (p.page !== 1) out.page = p.page;
  if (p.paginate !== DEFAULT_SEARCH_PAGE_SIZE) out.paginate = p.paginate;
  if (p.sort_key) {
    out.sort_key = p.sort_key;
    out.sort = p.sort;
  }
  for (const key of ['assigned_to', 'author', 'department', 'document_type', 'dictation_type', 'search'] as const) {
    if (p[key] !== undefined) (out as Record<string, unknown>)[key] = p[key];
  }
  return out;
}
