type BadgeNavigator = Navigator & { setAppBadge?: (count?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };

/**
 * The installed app's icon badge follows the unread count the page learns (PITFALLS 36): set to the
 * count, cleared at 0. Browsers without the Badging API are left alone; a refusal is ignored.
 */
export function showAppBadge(count: number): void {
  if (typeof navigator === 'undefined') return;
  const nav = navigator as BadgeNavigator;
  const done = count > 0 ? nav.setAppBadge?.(count) : nav.clearAppBadge?.();
  done?.catch(() => {});
}
