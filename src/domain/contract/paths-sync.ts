/** The addresses the outbox calls from the service worker, without zod (the endpoint table declares these calls; a unit test keeps the two equal). */
export const SYNC_PATHS = {
  dictation: '/api/dictation',
  uploads: '/api/uploads',
  dictationLetter: (id: number) => `/api/dictation/${id}/letter`,
} as const;
