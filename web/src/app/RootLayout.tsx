import { lazy, Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { TOAST_AUTO_CLOSE_MS } from '../lib/ui.js';
import { LoadingScreen } from '../components/LoadingScreen.js';
import { OfflineBanner } from '../components/OfflineBanner.js';
import { useHydrated } from '../lib/hydration.js';
import { useInactivityWipe } from '../lib/inactivity.js';
import { setNavigator } from '../lib/navigation.js';
import { loadToastify } from '../lib/toast.js';

const ToastContainer = lazy(() => loadToastify().then((m) => ({ default: m.ToastContainer })));

/** The shell around every route: the offline banner, toasts, scroll restoration, the visitor data wipe and the navigator for the API layer. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  useInactivityWipe();
  const hydrated = useHydrated();
  useEffect(() => {
    // The app has taken the page over: a server-rendered page is readable before this, but its buttons
    // do nothing until now (browser journeys wait for it before they click).
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <>
      <OfflineBanner />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      {hydrated && (
        <Suspense fallback={null}>
          <ToastContainer position="top-center" autoClose={TOAST_AUTO_CLOSE_MS} newestOnTop closeOnClick pauseOnFocusLoss={false} />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
