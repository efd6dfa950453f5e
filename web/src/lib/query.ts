import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error.js';

/** The one query layer for server state. Failures of the contract are not retried; network blips are, twice. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Asked even while the browser says it is offline: a query fails (an error state with a retry)
        // instead of pausing behind an endless spinner.
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => !(error instanceof ApiError && error.kind === 'failure') && count < 2,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
