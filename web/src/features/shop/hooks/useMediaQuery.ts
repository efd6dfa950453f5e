import { useSyncExternalStore } from 'react';

/** Screens where the cart sits beside the product, and the payment methods show as tabs. */
export const LARGE_SCREEN = '(min-width: 960px)';
export const TABS_SCREEN = '(min-width: 640px)';

function mediaQuery(query: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;
}

/** Whether a media query matches, read on the first render (no flash of the other layout) and kept current. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = mediaQuery(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    () => mediaQuery(query)?.matches ?? false,
    () => false,
  );
}
