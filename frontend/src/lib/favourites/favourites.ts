import {
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useEffect } from 'react';

import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { useAuth } from '@/lib/auth/use-auth';

export type ProfileViewCount = components['schemas']['ProfileViewCount'];
export type ReceivedFavourites = components['schemas']['ReceivedFavouritesView'];
type ProfileListItem = components['schemas']['ProfileListItem'];

export const favouriteKeys = {
  all: ['favourites'] as const,
  list: () => [...favouriteKeys.all, 'list'] as const,
  views: () => ['profile-views'] as const,
  received: (since: string) => [...favouriteKeys.all, 'received', since] as const,
};

/** `GET /api/favourites`: the signed-in person's favourite cards, the latest first. */
export async function getFavourites(): Promise<ProfileListItem[]> {
  return (await unwrap(api.GET('/api/favourites'))).profiles;
}

/** `signedIn` false (a visitor) disables the query. */
export const favouritesQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: favouriteKeys.list(),
    queryFn: signedIn ? getFavourites : skipToken,
  });

/** The favourites of the signed-in person; pending (never loading) for a visitor. */
export function useFavourites() {
  const { user } = useAuth();
  return useQuery(favouritesQueryOptions(user !== null));
}

/** Whether the card with this id is a favourite: undefined while unknown or signed out. */
export function useIsFavourite(listingId: string): boolean | undefined {
  const { data } = useFavourites();
  return data?.some((item) => item.id === listingId);
}

/**
 * `PUT` or `DELETE /api/favourites/{listingId}`. The heart changes at once; when the server
 * refuses, the list is read again and the heart shows what is true.
 */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ listingId, favourite }: { listingId: string; favourite: boolean }) => {
      const params = { params: { path: { listingId } } };
      await unwrap(
        favourite
          ? api.PUT('/api/favourites/{listingId}', params)
          : api.DELETE('/api/favourites/{listingId}', params),
      );
    },
    onMutate: async ({ listingId, favourite }) => {
      await queryClient.cancelQueries({ queryKey: favouriteKeys.list() });
      queryClient.setQueryData<ProfileListItem[]>(favouriteKeys.list(), (items) =>
        items && !favourite ? items.filter((item) => item.id !== listingId) : items,
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.list() }),
  });
}

/** `GET /api/views`: views of the signed-in person's pages in the last days. */
export const profileViewsQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: favouriteKeys.views(),
    queryFn: signedIn ? () => unwrap(api.GET('/api/views')) : skipToken,
  });

/** The views of the signed-in person's pages; pending (never loading) for a visitor. */
export function useProfileViews() {
  const { user } = useAuth();
  return useQuery(profileViewsQueryOptions(user !== null));
}

/** `POST /api/views/{listingId}`: tells the server a card's page was seen; failures are ignored. */
export async function recordView(listingId: string): Promise<void> {
  try {
    await api.POST('/api/views/{listingId}', { params: { path: { listingId } } });
  } catch {
    // A view that is not counted is no reason to bother anyone.
  }
}

/**
 * Counts the view of a card's page once it shows (the server counts one per viewer per day, and
 * never the page's own person).
 */
export function useRecordView(listingId: string): void {
  useEffect(() => {
    void recordView(listingId);
  }, [listingId]);
}

/**
 * `GET /api/favourites/received`: how many people kept each of the signed-in person's cards as a
 * favourite since `since` (an ISO date and time); only counts, never who.
 */
export const receivedFavouritesQueryOptions = (signedIn: boolean, since: string) =>
  queryOptions({
    queryKey: favouriteKeys.received(since),
    queryFn: signedIn
      ? async () =>
          (await unwrap(api.GET('/api/favourites/received', { params: { query: { since } } })))
            .cards
      : skipToken,
  });

/** The favourites the signed-in person's cards received since `since`; pending for a visitor. */
export function useReceivedFavourites(since: string) {
  const { user } = useAuth();
  return useQuery(receivedFavouritesQueryOptions(user !== null, since));
}
