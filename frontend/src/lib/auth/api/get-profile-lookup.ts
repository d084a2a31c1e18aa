import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, failureMessage, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { authKeys } from '@/lib/auth/api/keys';

export type ProfileLookup = components['schemas']['ProfileLookup'];

/** What the dashboard and the wizard say when the own profile could not be looked up. */
export const PROFILE_LOOKUP_FAILED = 'Je profiel kon niet worden geladen.';

/**
 * Which profile a user has (sitter or owner), or null without one. Only a 404 means "no profile":
 * any other failure (a 5xx, the network) is logged and rejects, so that a page can tell "could not
 * look" from "has none". The header treats both alike and offers no profile link; the
 * dashboard and the wizard show an error with a retry.
 */
export async function getProfileLookup(userId: number): Promise<ProfileLookup | null> {
  try {
    return await unwrap(api.GET('/api/profiles/{userId}', { params: { path: { userId } } }));
  } catch (error) {
    // 404 is the ordinary answer for a user who has not made a profile yet.
    if (error instanceof ApiError && error.status === 404) return null;
    console.error(failureMessage('Failed to fetch profile', error));
    throw error;
  }
}

/** `userId` null (signed out) disables the query. */
export const profileLookupQueryOptions = (userId: number | null) =>
  queryOptions({
    queryKey: authKeys.profileLookup(userId),
    queryFn: userId === null ? skipToken : () => getProfileLookup(userId),
  });

export function useProfileLookup(userId: number | null) {
  return useQuery(profileLookupQueryOptions(userId));
}
