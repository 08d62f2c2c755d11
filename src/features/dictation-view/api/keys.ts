import { sharedKeys } from '../../../lib/api/query-keys';

/** A dictation's query keys, one factory (issue 24 point 5): its details, and under them its comments and audit trail. */
export const dictationKeys = {
  all: sharedKeys.dictations,
  detail: sharedKeys.dictation,
  comments: (id: number, page: number) => [...sharedKeys.dictation(id), 'comments', page] as const,
  logs: (id: number, page: number) => [...sharedKeys.dictation(id), 'logs', page] as const,
};
