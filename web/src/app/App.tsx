import { hydrate, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createQueryClient } from '../lib/query.js';
import { jotaiStore } from '../lib/session.js';
import { createAppRouter } from './router.js';

/**
 * The app; `state` is the query cache a server-rendered page was rendered from. `takingOver`: the app
 * replaces a light page already on screen (app-takeover.tsx), whose scroll it keeps.
 */
export function App({ state, takingOver = false }: { state?: DehydratedState; takingOver?: boolean }) {
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    if (state) hydrate(client, state);
    return client;
  });
  const [router] = useState(() => createAppRouter({ keepScroll: takingOver }));
  return (
    <JotaiProvider store={jotaiStore}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>
  );
}
