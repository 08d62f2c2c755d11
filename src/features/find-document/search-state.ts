/**
 * The find-document panel's state and the pure parts of what it shows: chip labels, the empty state
 * (spec §8 'No {search key or Data} found'), the query it sends, and, offline, the search over the
 * list rows kept in memory on this device.
 */
import { DEFAULT_SEARCH_PAGE_SIZE } from '../../domain/limits';
import { MESSAGES } from '../../domain/messages';
import { parseSearchTerm, searchTermProblem, type SearchKey, type SearchRow, type SearchSortKey } from '../../domain/contract/search';

export interface SearchState {
  /** The submitted term (Enter), not what is being typed. */
  term: string;
  key: SearchKey;
  sort: 'asc' | 'desc';
  sortKey: SearchSortKey;
  perPage: number;
  page: number;
}

export const INITIAL_SEARCH: SearchState = {
  term: '',
  key: 'all',
  sort: 'desc',
  sortKey: 'created_at',
  perPage: DEFAULT_SEARCH_PAGE_SIZE,
  page: 1,
};

/** The chips, as spec §2 names them (the API's search_key values), labelled for people. */
export const CHIP_LABELS: Record<SearchKey, string> = {
  all: 'All',
  author: 'Author',
  department: 'Department',
  clinic_code: 'Clinic code',
  patient: 'Patient',
};

/** Spec §8: 'No {search key or Data} found', the key as the API names it, or Data for All. */
export function emptyText(key: SearchKey): string {
  return MESSAGES.noSearchResults(key === 'all' ? 'Data' : key);
}

/** Changing anything but the page starts again from page 1. */
export function withChange(state: SearchState, change: Partial<Omit<SearchState, 'page'>>): SearchState {
  return { ...state, ...change, page: 1 };
}

/** The query string of GET /api/dictation/document, or null while there is nothing (valid) to search for. */
export function toQuery(state: SearchState): Record<string, string> | null {
  if (searchTermProblem(state.term, state.key)) return null;
  return {
    search: state.term.trim(),
    search_key: state.key,
    sort: state.sort,
    sort_key: state.sortKey,
    paginate: String(state.perPage),
    page: String(state.page),
  };
}

/** Whether a list row (held in memory from the work queues) matches, by the same fields as the server. */
export function matchesLocally(row: SearchRow, term: string, key: SearchKey): boolean {
  const q = parseSearchTerm(term, key);
  const has = (value: string | null | undefined) => !!value && value.toLowerCase().includes(q.text.toLowerCase());
  const p = row.patient ?? {};
  return q.fields.some((f) => {
    switch (f) {
      case 'reference':
        return row.reference.includes(q.text);
      case 'nhs':
        return (p.patient_nhs_id ?? '').replace(/\s/g, '') === q.nhs;
      case 'mrn':
        return has(p.patient_mrn_id);
      case 'patient_name':
        return has(`${p.patient_first_name ?? ''} ${p.patient_last_name ?? ''}`);
      case 'author':
        return has(row.user.full_name);
      case 'department':
        return has(row.department?.name) || has(row.department?.code);
      // Neither the clinic code nor the letter's text is in a list row.
      default:
        return false;
    }
  });
}

/** One page of the local matches, in the chosen order, shaped like the server's page. */
export function localPage(rows: readonly SearchRow[], state: SearchState) {
  const unique = [...new Map(rows.map((r) => [r.id, r])).values()].filter((r) => matchesLocally(r, state.term, state.key));
  const by = (r: SearchRow) => (state.sortKey === 'reference' ? r.reference : r.created_at);
  unique.sort((a, b) => (by(a) < by(b) ? -1 : by(a) > by(b) ? 1 : a.id - b.id) * (state.sort === 'asc' ? 1 : -1));
  const lastPage = Math.max(1, Math.ceil(unique.length / state.perPage));
  const start = (state.page - 1) * state.perPage;
  return {
    data: unique.slice(start, start + state.perPage),
    current_page: state.page,
    last_page: lastPage,
    per_page: state.perPage,
    total: unique.length,
    next_page_url: state.page < lastPage ? 'local' : null,
    prev_page_url: state.page > 1 ? 'local' : null,
  };
}
