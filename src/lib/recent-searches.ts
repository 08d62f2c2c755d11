import { searchTermProblem, type SearchKey } from '../domain/contract/search';
import { addRecentSearch } from '../domain/recent-searches';
import { getSecure, putSecure } from './crypto/secure-store';

const KEY = 'recent_searches';

/** Recent searches, kept encrypted on the device (spec §3). */
export async function loadRecentSearches(): Promise<string[]> {
  const list = await getSecure<unknown>(KEY);
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}

/**
 * Remembers a search, unless the term is refused for its key (too short, empty): what was never
 * searched is not a recent search. The one rule for the top-bar box and the find-document panel.
 */
export async function rememberSearch(term: string, key: SearchKey = 'all'): Promise<string[]> {
  const list = await loadRecentSearches();
  if (searchTermProblem(term, key)) return list;
  const next = addRecentSearch(list, term);
  await putSecure(KEY, next);
  return next;
}

export async function clearRecentSearches(): Promise<void> {
  await putSecure(KEY, []);
}
