/**
 * The find-document panel's state and the pure parts of what it shows: chip labels, the empty state
 * (spec §8 'No {search key or Data} found'), the query it sends, and, offline, the search over the
 * dictations this device holds (list rows in memory, the stored copy of the approval queue).
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
  sortKey: 'dictation_date',
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

/**
 * A dictation offline search can look at: a list row, plus what only the device's stored copy of the
 * approval queue holds (stored-rows.ts): the appointment's clinic code and the letter's text. Null
 * (or absent): not known on this device, so that field cannot match.
 */
export interface LocalRow {
  row: SearchRow;
  clinicCode?: string | null;
  letterText?: string | null;
}

/**
 * The rows in memory and the stored copies, once each: the in-memory row wins (it is the fresher),
 * keeping what only the stored copy knows (clinic code, letter text).
 */
export function mergeLocal(memory: readonly SearchRow[], stored: readonly LocalRow[]): LocalRow[] {
  const byId = new Map<number, LocalRow>(stored.map((s) => [s.row.id, s]));
  for (const row of memory) byId.set(row.id, { ...byId.get(row.id), row });
  return [...byId.values()];
}

/** Whether a dictation this device holds matches, by the same fields as the server. */
export function matchesLocally(local: SearchRow | LocalRow, term: string, key: SearchKey): boolean {
  const { row, clinicCode, letterText } = 'row' in local ? local : { row: local, clinicCode: null, letterText: null };
  const q = parseSearchTerm(term, key);
  const lower = q.text.toLowerCase();
  const has = (value: string | null | undefined) => !!value && value.toLowerCase().includes(lower);
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
      // Like the server: the code starts with the term, in any case.
      case 'clinic_code':
        return !!clinicCode && clinicCode.toLowerCase().startsWith(lower);
      // The server's English full-text search (stems, stop words) is not repeated here: every word of
      // the term must appear in the letter, in any case (so "fracture" finds "fractures", not the reverse).
      case 'letter_text': {
        const text = letterText?.toLowerCase();
        return !!text && lower.split(' ').every((word) => text.includes(word));
      }
      default:
        return false;
    }
  });
}

/** One page of the local matches, in the chosen order, shaped like the server's page. */
export function localPage(rows: readonly (SearchRow | LocalRow)[], state: SearchState) {
  const matching = rows.filter((r) => matchesLocally(r, state.term, state.key)).map((r) => ('row' in r ? r.row : r));
  const unique = [...new Map(matching.map((r) => [r.id, r])).values()];
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
