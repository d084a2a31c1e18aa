import { QueryClient } from '@tanstack/react-query';

/** The app's query cache: how long answers stay fresh and how often a failed read is retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists and profiles change slowly; refetching on every mount would only add load.
        staleTime: 30_000,
        retry: 1,
      },
    },
  });
}
