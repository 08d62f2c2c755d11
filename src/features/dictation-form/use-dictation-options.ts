import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_PATHS, dictationOptionsSchema, type DictationOptions } from '../../domain/contract';
import { apiCall } from '../../lib/api/client';
import { ApiError } from '../../lib/api/errors';
import { getSecure, putSecure } from '../../lib/crypto/secure-store';

const KEY = 'dictation_options';

/** Services, job types and authors for the form; offline, the copy saved on this device (encrypted). */
export function useDictationOptions() {
  return useQuery({
    queryKey: ['dictation-options'],
    queryFn: async (): Promise<DictationOptions> => {
      try {
        const { data } = await apiCall('get', API_PATHS.dictationOptions, { schema: z.object({ data: dictationOptionsSchema }) });
        await putSecure(KEY, data);
        return data;
      } catch (err) {
        const saved = dictationOptionsSchema.safeParse(await getSecure(KEY));
        if (err instanceof ApiError && err.isNetwork && saved.success) return saved.data;
        throw err;
      }
    },
    staleTime: 5 * 60_000,
  });
}
