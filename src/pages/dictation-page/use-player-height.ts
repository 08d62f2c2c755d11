import { useCallback } from 'react';

/**
 * The letter's toolbar sticks just below the sticky player: the player's height is published as
 * --letter-toolbar-top (the top bar's height plus the player's) on the document root.
 */
export function usePlayerHeight() {
  return useCallback((el: HTMLElement | null) => {
    if (!el) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--letter-toolbar-top', `calc(var(--topbar-h, 0px) + ${el.offsetHeight}px)`),
    );
    observer.observe(el);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--letter-toolbar-top');
    };
  }, []);
}
