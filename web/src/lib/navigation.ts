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

/**
 * "Back" that never leaves the site: back in history when this page was reached from another page of
 * the app, else (opened from a direct link, the first page of the tab) to `fallback`, replacing this
 * page so Back from there does not return to it.
 */
export function useBackWithinSite(): (fallback: string) => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  // The router gives the tab's first page the key 'default'; every page reached in the app has its own.
  const cameFromSite = key !== 'default';
  return useCallback((fallback: string) => void (cameFromSite ? navigate(-1) : navigate(fallback, { replace: true })), [cameFromSite, navigate]);
}
