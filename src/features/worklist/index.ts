/** The work queue (spec §2, §5): the parts the list page composes, and the queue's query keys for live updates. */
export { readListParams, nextSort, worklistSearch, type ListParams } from './list-params';
export {
  useAllocations,
  useDeleteDictations,
  useSetConfidential,
  useTypists,
  useWorklistCounts,
  useWorklistPage,
  worklistKeys,
} from './api';
export { StatusTabs } from './status-tabs';
export { FiltersBar } from './filters-bar';
export { ColumnChooser } from './column-chooser';
export { WorklistTable } from './worklist-table';
export { SelectionActions } from './selection-actions';
export { BatchReview, canReviewTogether } from './batch-approval';
