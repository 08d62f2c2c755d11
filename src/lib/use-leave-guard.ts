import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * The unsaved-changes warning: while `shouldBlock()` says so, leaving the page (a link, Back, another
 * article) waits for the user's answer in our own dialog, and closing or reloading the tab gets the
 * browser's. Built on the router's history blockers directly: TanStack's useBlocker would add its code to
 * the entry bundle (shared by every route), which the sign-in page's budget has no room for.
 */
export function useLeaveGuard(shouldBlock: () => boolean) {
  const router = useRouter();
  const [answer, setAnswer] = useState<((leave: boolean) => void) | null>(null);
  useEffect(
    () =>
      router.history.block({
        blockerFn: () =>
          shouldBlock()
            ? new Promise<boolean>((resolve) =>
                setAnswer(() => (leave: boolean) => {
                  setAnswer(null);
                  resolve(!leave);
                }),
              )
            : false,
        enableBeforeUnload: shouldBlock,
      }),
    [router, shouldBlock],
  );
  return { asking: answer !== null, leave: () => answer?.(true), stay: () => answer?.(false) };
}
