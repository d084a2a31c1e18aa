import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, failureMessage, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { authKeys } from '@/lib/auth/api/keys';

export type SessionUser = components['schemas']['SessionUser'];

/**
 * Whether a call failed for want of a connection (offline, or the server out of reach): fetch
 * rejects with a TypeError, or the browser says it is offline. An answer of the server is none.
 */
export function isConnectionFailure(error: unknown): boolean {
  return !(error instanceof ApiError) && (error instanceof TypeError || !navigator.onLine);
}

/**
 * The signed-in user, or null when signed out (the server answers `null` for a visitor, so that
 * no page logs an error). An answer of the server that is no user is logged and treated as signed
 * out too, so the app always leaves its pending state and never hangs on a spinner. Without a
 * connection it rejects instead: who is signed in is then unknown, not "nobody" (the query keeps
 * whoever it knew, and a page for signed-in people says it is offline rather than asking to sign
 * in).
 */
export async function getCurrentUser(): Promise<SessionUser | null> {
  try {
    return await unwrap(api.GET('/api/users/me'));
  } catch (error) {
    if (isConnectionFailure(error)) {
      throw error;
    }
    if (!(error instanceof ApiError && error.status === 401)) {
      console.error(failureMessage('Failed to fetch user', error));
    }
    return null;
  }
}

export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.currentUser(),
    queryFn: getCurrentUser,
    // A session lasts days; checking again when the tab regains focus after five minutes is
    // enough to notice a sign-out elsewhere.
    staleTime: 5 * 60_000,
  });

export function useCurrentUser() {
  return useQuery(currentUserQueryOptions());
}

/**
 * Drops everything the cache read for whoever was there before (the visitor before a sign-in,
 * the person before a sign-out): a page's answer can be made for its reader (their own
 * reference, a hidden profile's notice, their hearts), and must not be shown to someone else.
 * Only who is signed in stays.
 */
export function forgetOthersReads(queryClient: QueryClient) {
  const [scope, name] = authKeys.currentUser();
  queryClient.removeQueries({
    predicate: ({ queryKey }) => !(queryKey[0] === scope && queryKey[1] === name),
  });
}

/**
 * Asks the server again who is signed in (after a sign-in), and shares the answer app-wide. Null
 * when the connection failed meanwhile: the guarded pages then say so, and ask again.
 */
export async function refreshCurrentUser(queryClient: QueryClient): Promise<SessionUser | null> {
  // A fetch still in flight started before the sign-in and would answer "signed out".
  await queryClient.cancelQueries({ queryKey: authKeys.currentUser(), exact: true });
  forgetOthersReads(queryClient);
  return queryClient.query({ ...currentUserQueryOptions(), staleTime: 0 }).catch(() => null);
}
