import { useSyncExternalStore } from 'react';

/**
 * Whether the app can reach the server: the browser's offline/online events, and the API layer's
 * requests (a request that fails on the network marks the app offline, any answer marks it online
 * again), so a connection that is up for the browser but reaches nothing counts as offline too.
 */
let requestsFailing = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** The API layer: a request failed on the network (true) or got an answer (false). */
export function reportNetwork(failed: boolean): void {
  if (requestsFailing === failed) return;
  requestsFailing = failed;
  emit();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onOnline = () => {
    // The browser's word that the connection is back: requests are tried again before they fail.
    requestsFailing = false;
    listener();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', listener);
  };
}

export function isOffline(): boolean {
  return requestsFailing || !browserOnline();
}

/** True while the app is offline; a server render is always online. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}
