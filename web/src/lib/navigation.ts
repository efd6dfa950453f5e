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
