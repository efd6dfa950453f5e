import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider as JotaiProvider } from 'jotai';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query.js';
import { jotaiStore } from '../lib/session.js';
import { appRoutes } from './router.js';

/**
 * Lazy areas are transformed on first use in tests: give them time (beside busy loops at load 17 the login
 * page's first use took over 10 s). Below the web project's 60 s test timeout, so a miss still names its wait.
 */
export const LAZY = { timeout: 45_000 };

/** The whole app (every route, lazy areas, the guard and the root layout) in a memory router. */
export function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  render(
    <JotaiProvider store={jotaiStore}>
      <QueryClientProvider client={createQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>,
  );
  return { router, user };
}
