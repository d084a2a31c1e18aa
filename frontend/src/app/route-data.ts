import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { mapConfigQueryOptions } from '@/components/map/map-api';
import { profileListQueryOptions } from '@/features/browse/api/list-profiles';
import { listQueryOf, readBrowseParams } from '@/features/browse/hooks/use-browse-params';
import { weekAgo } from '@/features/dashboard/api/activity';
import { messageSettingsQueryOptions } from '@/features/dashboard/api/message-settings';
import { petPageQueryOptions } from '@/features/profiles/api/get-pet-page';
import { volunteerPageQueryOptions } from '@/features/profiles/api/get-volunteer-page';
import { currentUserQueryOptions } from '@/lib/auth/api/get-current-user';
import { profileLookupQueryOptions } from '@/lib/auth/api/get-profile-lookup';
import {
  favouritesQueryOptions,
  profileViewsQueryOptions,
  receivedFavouritesQueryOptions,
} from '@/lib/favourites/favourites';
import { myAppointmentsQueryOptions } from '@/lib/messaging/appointments';
import { unreadCountQueryOptions } from '@/lib/messaging/get-unread-count';
import { conversationsQueryOptions } from '@/lib/messaging/list-conversations';
import { ownerPageQueryOptions } from '@/lib/profiles/get-owner-page';
import { parsePetId, parseProfileId } from '@/lib/profiles/profile-id';

/** A failed read is the page's to show: its own query asks again and shows the error. */
const ignore = () => undefined;

/**
 * Route loaders that ask for what a page shows first while the page's code is still on its way,
 * instead of after it arrived: the router runs a route's loader beside its `lazy` import. They
 * only fill the query cache (a failure is left to the page's own query, which shows it) and never
 * hold up the navigation: each returns at once.
 */
export function routeData(queryClient: QueryClient) {
  /** Who is signed in: whoever is known already (a session lasts days), otherwise asked now. */
  const signedIn = () => queryClient.query({ ...currentUserQueryOptions(), staleTime: 'static' });
  /** Who is signed in, then `andThen` with them when someone is. */
  const withUser = (andThen?: (userId: number) => void) => {
    void signedIn().then((user) => {
      if (user && andThen) andThen(user.id);
    }, ignore);
    return null;
  };
  /**
   * A profile page's data, by the number in its address, read as the page reads it (nothing for a
   * malformed one).
   */
  const byId =
    (param: string, prefetch: (id: number) => void, parse = parseProfileId) =>
    ({ params }: LoaderFunctionArgs) => {
      const id = parse(params[param]);
      // The map's settings decide the page's layout: without them it is drawn twice.
      void queryClient.query(mapConfigQueryOptions()).catch(ignore);
      if (id !== null) prefetch(id);
      return null;
    };

  return {
    /** Who is signed in (`null` for a visitor), as every loader below reads it. */
    signedIn,
    /**
     * Every page's header shows who is signed in and links to their profile; the dashboard's
     * overview is drawn from that same profile.
     */
    session: () =>
      withUser((userId) => void queryClient.query(profileLookupQueryOptions(userId)).catch(ignore)),
    /** `/profielen`: the page of results its address asks for. */
    browse: ({ url }: LoaderFunctionArgs) => {
      const params = readBrowseParams(url.searchParams);
      void queryClient.query(profileListQueryOptions(listQueryOf(params))).catch(ignore);
      return null;
    },
    /**
     * `/dashboard`: its tiles, its activity, its e-mail setting and its afspraken, so that the page is drawn
     * once with them rather than once per answer.
     */
    dashboard: () =>
      withUser(() => {
        const ask = (read: Promise<unknown>) => void read.catch(ignore);
        ask(queryClient.query(unreadCountQueryOptions(true)));
        ask(queryClient.query(favouritesQueryOptions(true)));
        ask(queryClient.query(profileViewsQueryOptions(true)));
        ask(queryClient.query(receivedFavouritesQueryOptions(true, weekAgo())));
        ask(queryClient.query(conversationsQueryOptions()));
        ask(queryClient.query(messageSettingsQueryOptions()));
        ask(queryClient.query(myAppointmentsQueryOptions(true)));
      }),
    messages: () =>
      withUser(() => void queryClient.query(conversationsQueryOptions()).catch(ignore)),
    owner: byId('ownerId', (id) => void queryClient.query(ownerPageQueryOptions(id)).catch(ignore)),
    volunteer: byId(
      'volunteerId',
      (id) => void queryClient.query(volunteerPageQueryOptions(id)).catch(ignore),
    ),
    pet: byId(
      'petId',
      (id) => void queryClient.query(petPageQueryOptions(id)).catch(ignore),
      parsePetId,
    ),
  };
}
