import { addRecentSearch } from '../../domain/recent-searches';
import { getSecure, putSecure } from '../../lib/crypto/secure-store';

const KEY = 'recent_searches';

/** Recent searches, kept encrypted on the device (spec §3). */
export async function loadRecentSearches(): Promise<string[]> {
  const list = await getSecure<unknown>(KEY);
  return Array.isArray(list) ? list.filter((t): t is string => typeof t === 'string') : [];
}

export async function rememberSearch(term: string): Promise<string[]> {
  const next = addRecentSearch(await loadRecentSearches(), term);
  await putSecure(KEY, next);
  return next;
}

export async function clearRecentSearches(): Promise<void> {
  await putSecure(KEY, []);
}
