import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { API_PATHS, type Dictation, type TransitionRequest } from '../../domain/contract';
import { enqueueRequest } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';

/**
 * A hand-off (send for approval, to QA, back to the author) is an outbox operation queued after the
 * letter's last save, carrying the version that save reaches (DESIGN §3 Letter path): it works offline
 * and never overtakes the text it hands over.
 */
export function useHandOff(d: Dictation) {
  const queries = useQueryClient();
  return async (request: Omit<TransitionRequest, 'base_version'>, flush: () => Promise<void>, done: string) => {
    await flush();
    await enqueueRequest({
      method: 'POST',
      path: API_PATHS.dictationTransition(d.id),
      body: request,
      label: `${d.reference}: ${request.action.replaceAll('_', ' ')}`,
      afterLetter: d.id,
    });
    void requestSync();
    queries.removeQueries({ queryKey: ['dictation', d.id] });
    void queries.invalidateQueries({ queryKey: ['worklist'] });
    toast.success(done);
  };
}
