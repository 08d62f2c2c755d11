import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { DetailsCorrection, Dictation } from '../../domain/contract';
import { E } from '../../domain/contract/endpoints';
import { enqueue } from '../../lib/sync/outbox';
import { requestSync } from '../../lib/sync/triggers';

/**
 * Corrections to a dictation's details (patient, appointment, service, job type, urgency, custom
 * fields) go through the outbox like every change, so a typist on a dying network loses nothing; the
 * page shows the corrected details at once.
 */
export function useDetailsSaver(d: Dictation) {
  const queries = useQueryClient();
  return async (details: DetailsCorrection, okMessage: string) => {
    await enqueue(E.dictationDetails, { params: { id: d.id }, body: details, label: `Details ${d.reference}` });
    void requestSync();
    queries.setQueryData<Dictation>(['dictation', d.id], (old) =>
      old
        ? {
            ...old,
            urgent: details.urgent ?? old.urgent,
            patient: { ...(details.patient ?? old.patient) } as Dictation['patient'],
          }
        : old,
    );
    toast.success(okMessage);
  };
}
