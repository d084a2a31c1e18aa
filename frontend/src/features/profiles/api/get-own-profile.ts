import { queryOptions } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { profileKeys } from '@/lib/profiles/keys';

export type OwnProfile = components['schemas']['ProfileLookup'];

/**
 * `GET /api/profiles/{userId}` for the signed-in user: the whole profile, private fields
 * included, that an inline edit sends back with one field changed.
 */
export function getOwnProfile(userId: number): Promise<OwnProfile> {
  return unwrap(api.GET('/api/profiles/{userId}', { params: { path: { userId } } }));
}

/** Always read fresh: an edit must start from what the server holds now. */
export const ownProfileQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: profileKeys.own(userId),
    queryFn: () => getOwnProfile(userId),
    staleTime: 0,
  });
