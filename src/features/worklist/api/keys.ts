import type { HomeTab } from '../../../domain/statuses';
import { sharedKeys } from '../../../lib/api/query-keys';
import type { ListParams } from '../list-params';

/** The work queue's query keys, one factory (issue 24 point 5): everything under `all` refreshes together. */
export const worklistKeys = {
  all: sharedKeys.worklist,
  page: (tab: HomeTab, p: ListParams) => [...sharedKeys.worklistPages, tab, p] as const,
  counts: [...sharedKeys.worklist, 'counts'] as const,
  typists: ['typists'] as const,
};
