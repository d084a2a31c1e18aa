import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';

/** The app's query cache: how long answers stay fresh and how often a failed read is retried. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Lists and profiles change slowly; refetching on every mount would only add load.
        staleTime: 30_000,
        // Once, and only for failures that may pass: a 4xx answer (invalid search, throttled)
        // comes back the same, so the page shows it at once.
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status < 500),
      },
    },
  });
}
