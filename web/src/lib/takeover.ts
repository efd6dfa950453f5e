import { useEffect } from 'react';

/**
 * Runs `attempt` once the page has hydrated (a server-rendered page fetching what takes it over); when
 * it fails (the code could not be fetched: the network went), the page stays as it is and tries again
 * when the browser is back online. `attempt` must be stable; `mounted()` says whether the page still
 * wants its result.
 */
export function useTakeOver(attempt: ((mounted: () => boolean) => Promise<unknown>) | null): void {
  useEffect(() => {
    if (!attempt) return;
    let live = true;
    const mounted = () => live;
    const run = () => {
      attempt(mounted).catch(() => {
        if (live) window.addEventListener('online', run, { once: true });
      });
    };
    run();
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
  }, [attempt]);
}
