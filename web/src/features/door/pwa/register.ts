import { registerPageWorker } from '../../../lib/pwa.js';

/**
 * Makes the door page an installable app that loads with no network: registers the door's service
 * worker (scope: the door pages only) and links the door's web manifest in the document head.
 *
 * The returned function removes the manifest link again, so a page left for another one is not
 * installable as the door; the worker stays registered (it controls the door pages only). Call it
 * from the door pages: `useEffect(() => registerDoorWorker(), [])`.
 */
export function registerDoorWorker(): () => void {
  if (!registerPageWorker(__DOOR_PWA__)) return () => {};
  const link = linkManifest();
  return () => link.remove();
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
