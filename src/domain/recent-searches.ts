import { MAX_RECENT_SEARCHES } from './limits';

/** Spec §5: keep at most three, newest last; a repeated search moves to the end. */
export function addRecentSearch(list: readonly string[], term: string): string[] {
  const trimmed = term.trim();
  if (!trimmed) return [...list];
  const next = list.filter((t) => t !== trimmed);
  next.push(trimmed);
  return next.slice(-MAX_RECENT_SEARCHES);
}
