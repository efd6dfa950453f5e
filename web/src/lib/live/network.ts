import { useSyncExternalStore } from 'react';

/**
 * The browser's own word on the network (its offline and online events). The live layer acts on it at
 * once: a dead socket would otherwise look live until its ping times out.
 */

/** Whether the browser says it is online (true where it cannot tell). */
export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `onChange` when the browser goes offline or online; answers the unsubscribe. */
export function listenNetwork(onChange: () => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The browser's online state, following its offline and online events. */
export function useOnline(): boolean {
  return useSyncExternalStore(listenNetwork, isOnline, () => true);
}
