import { useEffect } from 'react';

/**
 * Links the owner's app manifest while a signed-in page is open (the signed-in pages' layout calls it);
 * the door pages link their own. Loaded after the first render: every page's first JS stays as it was.
 */
export function useOwnerAppManifest(): void {
  useEffect(() => {
    let live = true;
    let unlink: (() => void) | undefined;
    import('./owner-app-link.js').then(
      (module) => {
        if (live) unlink = module.linkOwnerApp();
      },
      () => undefined,
    );
    return () => {
      live = false;
      unlink?.();
    };
  }, []);
}
