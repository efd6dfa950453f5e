import { lazy, Suspense } from 'react';

const InstallApp = lazy(() => import('./InstallApp.js').then((module) => ({ default: module.InstallApp })));

/**
 * "Add to home screen" as an item of the owner's menus (an `<li>`, or nothing where the app cannot be
 * installed), loaded after the menu's first render.
 */
export function InstallAppItem({ className }: { className?: string }) {
  return (
    <Suspense fallback={null}>
      <InstallApp className={className} />
    </Suspense>
  );
}
