import { queryOptions } from '@tanstack/react-query';
import { E } from '../../../domain/contract/endpoints';
import { apiCall } from '../../../lib/api/client';

/** The letter's version history keys, one factory (issue 24 point 5). */
export const letterVersionKeys = {
  list: (dictationId: number) => ['letter-versions', dictationId] as const,
  one: (dictationId: number, version: number) => ['letter-version', dictationId, version] as const,
};

/** GET /api/dictation/{id}/versions: final saves and hand-offs, newest first as the server lists them. */
export const versionsQuery = (dictationId: number) =>
  queryOptions({
    queryKey: letterVersionKeys.list(dictationId),
    queryFn: async () => (await apiCall(E.dictationVersions, { params: { id: dictationId } })).data,
  });

/** GET /api/dictation/{id}/versions/{version}: a version's text never changes, so it is kept once fetched. */
export const versionQuery = (dictationId: number, version: number) =>
  queryOptions({
    queryKey: letterVersionKeys.one(dictationId, version),
    queryFn: async () => (await apiCall(E.dictationVersion, { params: { id: dictationId, version } })).data,
    staleTime: Infinity,
  });
