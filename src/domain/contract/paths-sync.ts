/** Part of `API_PATHS` (paths.ts re-exports it): the addresses the outbox calls from the service worker. */
export const SYNC_PATHS = {
  dictation: '/api/dictation',
  uploads: '/api/uploads',
  dictationLetter: (id: number) => `/api/dictation/${id}/letter`,
} as const;
