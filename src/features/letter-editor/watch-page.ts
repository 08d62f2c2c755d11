/**
 * Calls back when the network comes or goes, and when the page is hidden or left (tab switched, app
 * backgrounded, tab closed): the moments a pending letter write must not wait. Returns the unwatch.
 */
export function watchPage(on: { network: () => void; leaving: () => void }): () => void {
  const hidden = () => {
    if (document.visibilityState === 'hidden') on.leaving();
  };
  window.addEventListener('online', on.network);
  window.addEventListener('offline', on.network);
  document.addEventListener('visibilitychange', hidden);
  window.addEventListener('pagehide', on.leaving);
  return () => {
    window.removeEventListener('online', on.network);
    window.removeEventListener('offline', on.network);
    document.removeEventListener('visibilitychange', hidden);
    window.removeEventListener('pagehide', on.leaving);
  };
}
