import { Workbox } from 'workbox-window';

/**
 * Makes the door page an installable app that loads with no network: registers the door's service
 * worker (scope: the door pages only) and links the door's web manifest in the document head.
 *
 * The returned function removes the manifest link again, so a page left for another one is not
 * installable as the door; the worker stays registered (it controls the door pages only). Call it
 * from the door pages: `useEffect(() => registerDoorWorker(), [])`.
 *
 * Nothing happens where the browser has no service workers (a test's jsdom, an insecure origin) or
 * in the dev server, which builds no worker. A new worker takes over as soon as it is installed; the
 * open page keeps the code it runs and the next load gets the new build.
 */
export function registerDoorWorker(): () => void {
  if (!supported()) return () => {};
  const link = linkManifest();
  registration ??= new Workbox(__DOOR_PWA__.worker, { scope: __DOOR_PWA__.scope }).register().catch((error: unknown) => {
    // The door still works online without the worker; the next load tries again.
    registration = null;
    console.warn('the door could not install its offline worker', error);
    return undefined;
  });
  return () => link.remove();
}

let registration: Promise<ServiceWorkerRegistration | undefined> | null = null;

function supported(): boolean {
  return !import.meta.env.DEV && typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof window !== 'undefined' && window.isSecureContext;
}

function linkManifest(): HTMLLinkElement {
  const existing = document.head.querySelector<HTMLLinkElement>(`link[rel="manifest"][href="${__DOOR_PWA__.manifest}"]`);
  if (existing) return existing;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = __DOOR_PWA__.manifest;
  document.head.append(link);
  return link;
}
