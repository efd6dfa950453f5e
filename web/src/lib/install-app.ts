import { useSyncExternalStore } from 'react';
import { useHydrated } from './hydration.js';
import { installOffer } from './owner-app-link.js';

/** iPhone and iPad browsers, which install only from the share sheet (iPadOS reports itself as a Mac). */
function isIos(): boolean {
  const agent = navigator.userAgent;
  return /iPhone|iPad|iPod/.test(agent) || (agent.includes('Macintosh') && navigator.maxTouchPoints > 1);
}

/** Already opened as the installed app. */
function isStandalone(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || (typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches);
}

/** How this browser installs the app: its own prompt, the steps to follow (iOS), or not at all (null). */
export type InstallWay = 'prompt' | 'steps' | null;

export function useInstallApp(): { way: InstallWay; install: () => Promise<void> } {
  const offer = useSyncExternalStore(installOffer.subscribe, installOffer.current, () => null);
  const hydrated = useHydrated();
  let way: InstallWay = null;
  if (hydrated && !isStandalone()) way = offer ? 'prompt' : isIos() ? 'steps' : null;
  return { way, install: promptInstall };
}

/** Shows the browser's install prompt; an offer prompts once, so the button hides until the next. */
async function promptInstall(): Promise<void> {
  const offer = installOffer.current();
  if (!offer) return;
  installOffer.set(null);
  await offer.prompt();
  await offer.userChoice;
}
