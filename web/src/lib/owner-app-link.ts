import { OWNER_APP_MANIFEST_PATH } from './owner-app-manifest.js';

/** The install offer of Chromium browsers (not in TypeScript's DOM library). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

let offer: BeforeInstallPromptEvent | null = null;
let listening = false;
const subscribers = new Set<() => void>();

/** The browser's install offer, kept for the menus' button (lib/install-app.ts). */
export const installOffer = {
  current: (): BeforeInstallPromptEvent | null => offer,
  set(next: BeforeInstallPromptEvent | null): void {
    offer = next;
    subscribers.forEach((notify) => notify());
  },
  subscribe(notify: () => void): () => void {
    subscribers.add(notify);
    return () => void subscribers.delete(notify);
  },
};

/**
 * Links the owner's app manifest, so the browser can install the owner's area, and keeps the install
 * offer it then makes (maybe before any menu is open). Returns the unlinking.
 */
export function linkOwnerApp(): () => void {
  if (!listening) {
    listening = true;
    window.addEventListener('beforeinstallprompt', (event) => {
      // The menus' button offers the install; the browser's own mini bar would offer it a second time.
      event.preventDefault();
      installOffer.set(event as BeforeInstallPromptEvent);
    });
    window.addEventListener('appinstalled', () => installOffer.set(null));
  }
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = OWNER_APP_MANIFEST_PATH;
  document.head.append(link);
  return () => link.remove();
}
