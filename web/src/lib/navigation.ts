import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * Lets code outside React (the API layer) navigate. The router registers its navigate function at
 * start; before that, navigation falls back to a full page load.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => void;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigateImpl) navigateImpl(to, options);
  else if (typeof window === 'undefined') return; // a server render never navigates
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** Whether the page before this document was one of this site's (a plain link of a light visitor page). */
function openedFromSite(): boolean {
  try {
    return document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * "Back" that never leaves the site: back in history when this page was reached from another page of
 * the site (in the app, or by a link of a server-rendered visitor page, whose document Back reloads),
 * else (opened from a direct link, the first page of the tab) to `fallback`, replacing this page so
 * Back from there does not return to it. `leavesDocument`: going back loads another document.
 */
export function useBackWithinSite(): { back: (fallback: string) => void; leavesDocument: boolean } {
  const navigate = useNavigate();
  const { key } = useLocation();
  // The router gives the tab's first page the key 'default'; every page reached in the app has its own.
  const inApp = key !== 'default';
  const leavesDocument = !inApp && openedFromSite();
  const back = useCallback(
    (fallback: string) => {
      if (inApp) void navigate(-1);
      else if (leavesDocument) window.history.back();
      else void navigate(fallback, { replace: true });
    },
    [inApp, leavesDocument, navigate],
  );
  return { back, leavesDocument };
}
