/** The work queue's server state (issue 24 point 5): its keys, queries, changes and queued allocations. */
export { worklistKeys } from './keys';
export { useTypists, useWorklistCounts, useWorklistPage, typistsOptions, worklistCountsOptions, worklistPageOptions } from './get-worklist';
export { useDeleteDictations, useReturnForTyping, useSetConfidential, type RowsOutcome } from './change-dictations';
export { useAllocations } from './use-allocations';
