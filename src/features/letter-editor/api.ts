import { queryOptions } from '@tanstack/react-query';
import { letterVersionAnswerSchema, letterVersionsSchema } from '../../domain/contract/letter';
import { API_PATHS } from '../../domain/contract/paths';
import { apiCall } from '../../lib/api/client';

/** GET /api/dictation/{id}/versions: final saves and hand-offs, newest first as the server lists them. */
export const versionsQuery = (dictationId: number) =>
  queryOptions({
    queryKey: ['letter-versions', dictationId],
    queryFn: async () => (await apiCall('get', API_PATHS.dictationVersions(dictationId), { schema: letterVersionsSchema })).data,
  });

/** GET /api/dictation/{id}/versions/{version}: a version's text never changes, so it is kept once fetched. */
export const versionQuery = (dictationId: number, version: number) =>
  queryOptions({
    queryKey: ['letter-version', dictationId, version],
    queryFn: async () =>
      (await apiCall('get', API_PATHS.dictationVersion(dictationId, version), { schema: letterVersionAnswerSchema })).data,
    staleTime: Infinity,
  });
