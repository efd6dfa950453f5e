import { lazy, Suspense, useEffect } from 'react';
import { useHydrated } from '../lib/hydration.js';
import { loadToastify, showCarriedToast } from '../lib/toast.js';
import { TOAST_AUTO_CLOSE_MS } from '../lib/ui.js';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

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
      <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} />
    </Suspense>
  );
}
