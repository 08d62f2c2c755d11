import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

/** Stuck letters' query keys, one factory (issue 24 point 5). */
export const stuckLetterKeys = {
  all: ['stuck-letters'] as const,
  /** The notice: the first few, longest waiting first. */
  notice: (shown: number) => [...stuckLetterKeys.all, shown] as const,
  list: (page: number, perPage: number) => [...stuckLetterKeys.all, 'list', page, perPage] as const,
};

/** The manager's notice: how many letters wait too long, and the first `shown` of them; looked at again every five minutes. */
export const stuckNoticeOptions = (shown: number) =>
  queryOptions({
    queryKey: stuckLetterKeys.notice(shown),
    queryFn: () => apiCall(E.stuckLetters, { query: { per_page: shown }, quiet: true }),
    refetchOnWindowFocus: true,
    refetchInterval: 5 * 60_000,
  });

export function useStuckNotice(shown: number) {
  return useQuery(stuckNoticeOptions(shown));
}

/** Every stuck letter of the trust, a page at a time. */
export const stuckLettersOptions = (page: number, perPage: number) =>
  queryOptions({
    queryKey: stuckLetterKeys.list(page, perPage),
    queryFn: () => apiCall(E.stuckLetters, { query: { page, per_page: perPage }, quiet: true }),
    placeholderData: keepPreviousData,
  });

export function useStuckLetters(page: number, perPage: number) {
  return useQuery(stuckLettersOptions(page, perPage));
}
