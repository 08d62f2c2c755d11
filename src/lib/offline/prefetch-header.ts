/**
 * Sent with every request of offline review's prefetcher (GET /api/dictation, /api/dictation/{id},
 * /api/dictation/{id}/letter and the audio link): copying the author's queue to the device is not the
 * author opening a letter. The server must not count such a GET as a view (batch approval's "opened at
 * least once") nor log it as a view of a confidential dictation.
 */
export const PREFETCH_HEADER = 'X-Wardnote-Prefetch';
