import { Suspense, useEffect } from 'react';
import { Outlet, ScrollRestoration, useNavigate } from 'react-router-dom';
import { LoadingScreen } from '../components/LoadingScreen.js';
import { OfflineBanner } from '../components/OfflineBanner.js';
import { RouterLinks } from '../components/RouterLinks.js';
import { Toasts } from '../components/Toasts.js';
import { useInactivityWipe } from '../lib/inactivity.js';
import { setNavigator } from '../lib/navigation.js';

/** The shell around every route: the offline banner, toasts, scroll restoration, the visitor data wipe and the navigator for the API layer. */
export function RootLayout() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  useInactivityWipe();
  useEffect(() => {
    // The app has taken the page over: a server-rendered page is readable before this, but its buttons
    // do nothing until now (browser journeys wait for it before they click).
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <RouterLinks>
      <OfflineBanner />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <Toasts />
      <ScrollRestoration />
    </RouterLinks>
  );
}
