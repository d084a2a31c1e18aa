import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { ApiError, failureMessage, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { authKeys } from '@/lib/auth/api/keys';

export type ProfileLookup = components['schemas']['ProfileLookup'];

/**
 * Which profile a user has (sitter or owner), or null without one. Failures never surface: the
 * navigation then simply offers no profile link (spec section 8, "Profile type lookup failure").
 */
export async function getProfileLookup(userId: number): Promise<ProfileLookup | null> {
  try {
    return await unwrap(api.GET('/api/profiles/{userId}', { params: { path: { userId } } }));
  } catch (error) {
    // 404 is the ordinary answer for a user who has not made a profile yet.
    if (!(error instanceof ApiError && error.status === 404)) {
      console.error(failureMessage('Failed to fetch profile', error));
    }
    return null;
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
