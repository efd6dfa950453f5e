import { lazy, Suspense, useEffect } from 'react';
import type { ToastContainerProps } from 'react-toastify';
import { useHydrated } from '../lib/hydration.js';
import { loadToastify, showCarriedToast, TOAST_CONTAINER_PROPS } from '../lib/toast.js';

/** The container with the one-toast rule's props (one at a time, the app's transitions). */
const ToastContainer = lazy(() =>
  loadToastify().then((m) => ({ default: (props: ToastContainerProps) => <m.ToastContainer {...TOAST_CONTAINER_PROPS} {...props} /> })),
);

/** The toasts' container, fetched once the page is the browser's (the server renders none). */
export function Toasts() {
  const hydrated = useHydrated();
  useEffect(() => {
    showCarriedToast();
    // A page shown again from the back-forward cache mounts nothing anew.
    const shown = (event: PageTransitionEvent) => event.persisted && showCarriedToast();
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-center" closeOnClick pauseOnFocusLoss={false} />
    </Suspense>
  );
}
