import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { Dictation, TransitionRequest } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { MESSAGES, PAGE_MESSAGES } from '../../domain/messages';
import { enqueue } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';
import { announceQueued } from '../../features/sync';
import { sharedKeys } from '../../lib/api/query-keys';

/**
 * A hand-off (send for approval, to QA, back to the author) is an outbox operation queued after the
 * letter's last save, carrying the version that save reaches (DESIGN §3 Letter path): it works offline
 * and never overtakes the text it hands over. A letter the schema refuses (issue 22: it could be
 * neither saved nor printed) is not handed on: the user is told what to put right. Answers whether it
 * was queued.
 */
export function useHandOff(d: Dictation) {
  const queries = useQueryClient();
  return async (request: Omit<TransitionRequest, 'base_version'>, flush: () => Promise<readonly string[]>, done: string) => {
    const problems = await flush();
    if (problems.length) {
      toast.error(MESSAGES.letterPutRightFirst(problems[0]!));
      return false;
    }
    const queued = await enqueue(E.dictationTransition, {
      params: { id: d.id },
      body: request,
      label: `${d.reference}: ${request.action.replaceAll('_', ' ')}`,
    });
    void requestSync();
    queries.removeQueries({ queryKey: sharedKeys.dictation(d.id) });
    void queries.invalidateQueries({ queryKey: sharedKeys.worklist });
    // Said once the server has it (issue 23): "Sent for approval.", not "as soon as there is a connection".
    announceQueued(queued.id, {
      sending: PAGE_MESSAGES.submittedSending,
      sent: done,
      offline: PAGE_MESSAGES.submittedOffline,
      kept: PAGE_MESSAGES.submittedKept,
    });
    return true;
  };
}
