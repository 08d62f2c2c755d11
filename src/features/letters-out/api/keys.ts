import { sharedKeys } from '../../../lib/api/query-keys';

/** Everything letters-out shows is the server's: one key prefix refreshes the log, the queue and the failures together. */
export const lettersOutKeys = {
  all: sharedKeys.lettersOut,
  deliveries: (id: number) => [...sharedKeys.lettersOut, 'deliveries', id] as const,
  printQueue: [...sharedKeys.lettersOut, 'print-queue'] as const,
  failed: [...sharedKeys.lettersOut, 'failed'] as const,
};
