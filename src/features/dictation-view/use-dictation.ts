import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_PATHS, dictationSchema } from '../../domain/contract';
import { apiCall } from '../../lib/api/client';

export function useDictation(id: number) {
  return useQuery({
    queryKey: ['dictation', id],
    queryFn: async () => (await apiCall('get', API_PATHS.dictationById(id), { schema: z.object({ data: dictationSchema }) })).data,
    // While the server converts the audio, look again every few seconds.
    refetchInterval: (q) => (q.state.data?.audio?.state === 'processing' ? 3000 : false),
  });
}
