import { useEffect } from 'react';

/** A service worker of some pages, as web/vite.config.ts builds it: its file and the path it controls. */
export interface PageWorker {
  readonly scope: string;
  readonly worker: string;
}

const registrations = new Map<string, Promise<ServiceWorkerRegistration | undefined>>();

/**
 * Registers the worker of the pages under its scope, once per page load. Workbox waits for the page's
 * load event first, so the worker's downloads never compete with the page's own on a slow network.
 * Nothing happens where the browser has no service workers (a test's jsdom, an insecure origin) or in
 * the dev server, which builds no worker. A new worker takes over as soon as it is installed; the open
 * page keeps the code it runs and the next load gets the new build. False where there are no workers.
 */
export function registerPageWorker(worker: PageWorker): boolean {
  if (!supported()) return false;
  if (registrations.has(worker.worker)) return true;
  // Loaded here, not with the page: the pages' first render (and the server's render) never need it.
  const registration = import('workbox-window')
    .then(({ Workbox }) => new Workbox(worker.worker, { scope: worker.scope }).register())
    .catch((error: unknown) => {
      // The pages still work online without the worker; the next load tries again.
      registrations.delete(worker.worker);
      console.warn(`${worker.worker} could not be installed`, error);
      return undefined;
    });
  registrations.set(worker.worker, registration);
  return true;
}

/** The attendee's pages (token, ticket, arena and chats): they load and show the kept arena offline. */
export function useEventPagesWorker(): void {
  useEffect(() => void registerPageWorker(__EVENT_PWA__), []);
}

function supported(): boolean {
  return !import.meta.env.DEV && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && window.isSecureContext;
}
