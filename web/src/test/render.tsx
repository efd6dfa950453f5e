import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as JotaiProvider } from 'jotai';
import { Suspense, useEffect, type ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation, useNavigate, type RouteObject } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { RouterLinks } from '../components/RouterLinks.js';
import { TOAST_CONTAINER_PROPS } from '../lib/toast.js';
import { setNavigator } from '../lib/navigation.js';
import { routes } from '../lib/paths.js';
import { createQueryClient } from '../lib/query.js';
import { authTokenAtom, jotaiStore } from '../lib/session.js';

/**
 * Renders a feature's route objects in a memory router inside a shell like the app's (toasts, the
 * API layer's navigator, the query layer and the jotai store). A feature test cannot import the app's
 * router (features never import app code), so it lists the routes it needs.
 */
function TestShell() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((to, options) => void navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return (
    <RouterLinks>
      <Suspense fallback={<p>Loading...</p>}>
        <Outlet />
      </Suspense>
      <ToastContainer {...TOAST_CONTAINER_PROPS} />
    </RouterLinks>
  );
}

/** Shows where the router is, so a test can assert a navigation without a real target page. */
export function LocationProbe({ label }: { label: string }) {
  const location = useLocation();
  return (
    <p data-testid="location">
      {label} {location.pathname}
      {location.search}
    </p>
  );
}

/** The links inside `element`, each as its text and its address, in the page's order. */
export function linksIn(element: HTMLElement): Array<[string | null, string | null]> {
  return within(element)
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')]);
}

/**
 * A feature's pages at their paths as the app registers them, then a probe at each path they lead to
 * (labelled for the test to assert), and probes at the app's not-found and no-internet pages.
 */
export function routesWithProbes(pages: Array<[path: string, Component: ComponentType]>, probes: Array<[path: string, label: string]>): RouteObject[] {
  const leadsTo: Array<[string, string]> = [...probes, [routes.notFound, 'not found page'], [routes.noInternet, 'no internet page']];
  return [...pages.map(([path, Component]) => ({ path, Component })), ...leadsTo.map(([path, label]) => ({ path, element: <LocationProbe label={label} /> }))];
}

export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retry: false }, mutations: { retry: false } });
  return client;
}

export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter([{ element: <TestShell />, children: routes }], { initialEntries: [path] });
  const queryClient = testQueryClient();
  const user = userEvent.setup();
  const view = render(
    <JotaiProvider store={jotaiStore}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { container: view.container, unmount: view.unmount, router, queryClient, user };
}

export const TEST_TOKEN = 'Bearer test-access-token';

/** Stores a session as a login would. */
export function signIn(token = TEST_TOKEN): void {
  jotaiStore.set(authTokenAtom, token);
}

/** Forgets the session (storage is cleared after each test by the setup; the atom is not). */
export function signOut(): void {
  jotaiStore.set(authTokenAtom, null);
}
