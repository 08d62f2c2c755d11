/**
 * Offline review (issue 12), its screens: the author's approval queue kept on the device for review without
 * a signal. The copies themselves (prefetch, the sealed cache, the queue copy) are in src/lib/offline.
 * - <OfflineCopyNotice dictationId? />: "offline — last synced hh:mm" while a copy is shown.
 * - <NotAvailableOffline />: what a page says when it has no copy.
 * - <OfflineReviewPreferences />: the preferences section (size, budget, last synced, remove).
 */
export { OfflineCopyNotice, NotAvailableOffline } from './offline-notice';
export { OfflineReviewPreferences } from './preferences-section';
