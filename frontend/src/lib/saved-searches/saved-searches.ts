import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';

export type SavedSearch = components['schemas']['SavedSearchView'];
export type SavedSearchList = components['schemas']['SavedSearchList'];

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
};

/** `GET /api/saved-searches`: the signed-in person's saved searches, newest first. */
export function getSavedSearches(): Promise<SavedSearchList> {
  return unwrap(api.GET('/api/saved-searches'));
}

export const savedSearchesQueryOptions = () =>
  queryOptions({ queryKey: savedSearchKeys.all, queryFn: getSavedSearches });

export function useSavedSearches() {
  return useQuery(savedSearchesQueryOptions());
}

/**
 * `POST /api/saved-searches` with the query string of a search: 201 saved, 200 saved before;
 * rejects with the server's Dutch text at the most saved searches (409) or for a wrong search
 * (422). One idempotency key per search saved: tapped twice, both get the first answer.
 */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  const save = useIdempotentCall((query: string, key: string) =>
    unwrap(
      api.POST('/api/saved-searches', {
        params: { header: idempotencyHeader(key) },
        body: { query },
      }),
    ),
  );
  return useMutation({
    mutationFn: save,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** `DELETE /api/saved-searches/{id}`. */
export function useRemoveSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      unwrap(api.DELETE('/api/saved-searches/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

/** `POST /api/saved-searches/unsubscribe?token=`: ends the search a mail's link names. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      unwrap(api.POST('/api/saved-searches/unsubscribe', { params: { query: { token } } })),
  });
}
