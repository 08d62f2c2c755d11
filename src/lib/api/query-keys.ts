/**
 * The roots of the React Query keys one part of the app refreshes for another (live updates, a
 * notification opened): each feature's own keys start with its root, so refreshing a root refreshes
 * them all. Kept here, not in the features, so the live stream does not load the features' code.
 */
export const QUERY_ROOTS = {
  worklist: ['worklist'],
  lettersOut: ['letters-out'],
  notifications: ['notifications'],
} as const;
