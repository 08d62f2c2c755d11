/**
 * The page buttons a pager shows: the first, the last, and `around` pages either side of the current one,
 * with null where pages are left out (shown as "…"). Built from those few pages, not by walking every
 * page: a million dictations are 40,000 pages.
 */
export function pageNumbers(current: number, last: number, around = 1): (number | null)[] {
  if (last < 1) return [];
  const shown = new Set<number>([1, last]);
  for (let n = current - around; n <= current + around; n++) if (n >= 1 && n <= last) shown.add(n);
  const pages: (number | null)[] = [];
  for (const n of [...shown].sort((a, b) => a - b)) {
    const previous = pages[pages.length - 1];
    if (typeof previous === 'number' && n > previous + 1) pages.push(null);
    pages.push(n);
  }
  return pages;
}
