/**
 * Offline review (issue 12): the author's approval queue kept on the device for review without a
 * signal. Loaded with the routes that use it, never with the entry.
 * - requestReviewPrefetch(): copy the queue now (the approval list calls it when it loads).
 * - withOfflineCopy / readCachedDictation / readCachedLetter / readOfflineQueuePage: the device's copies.
 * - <OfflineCopyNotice dictationId? />: "offline — last synced hh:mm" while a copy is shown.
 * - <OfflineReviewPreferences />: the preferences section (size, budget, last synced, remove).
 * - PREFETCH_HEADER: the header every prefetch request carries (not a view of the letter).
 */
export { requestReviewPrefetch } from './prefetch';
export { PREFETCH_HEADER } from './prefetch-header';
export { withOfflineCopy, dictationKey, queueKey } from './offline-copy';
export { readCachedDictation, readCachedLetter, readCachedAudio } from './review-cache';
export { readOfflineQueuePage } from './queue-copy';
export { OfflineCopyNotice, NotAvailableOffline } from './offline-notice';
export { OfflineReviewPreferences } from './preferences-section';
