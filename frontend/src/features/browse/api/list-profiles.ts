import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { browseKeys } from '@/features/browse/api/keys';
import type { ProfileListPage, ProfileListQuery } from '@/features/browse/api/types';
import { ApiError } from '@/lib/api/api-error';

/** The query string of the list call, without the fields that are absent or empty. */
export function profileListSearch(query: ProfileListQuery): string {
  const search = new URLSearchParams();
  const fields: [string, string | number | undefined][] = [
    ['type', query.type],
    ['q', query.q?.trim()],
    ['near', query.near?.trim()],
    ['radiusKm', query.radiusKm],
    ['page', query.page],
    ['perPage', query.perPage],
  ];
  for (const [name, value] of fields) {
    if (value !== undefined && value !== '') {
      search.set(name, String(value));
    }
  }
  return search.toString();
}

/**
 * `GET /api/profiles?type=&q=&near=&radiusKm=&page=&perPage=`: one page of matching profiles.
 * Rejects with an {@link ApiError} as the typed client does: 422 names the parameter at fault in
 * `field`, 429 means throttled.
 *
 * The generated client does not know this path yet, so this is plain fetch; once `openapi.json`
 * has it, the body becomes `unwrap(api.GET('/api/profiles', { params: { query } }))`.
 */
export async function listProfiles(
  query: ProfileListQuery,
  signal?: AbortSignal,
): Promise<ProfileListPage> {
  const search = profileListSearch(query);
  const response = await fetch(search ? `/api/profiles?${search}` : '/api/profiles', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
    signal: signal ?? null,
  });
  // A proxy or a crashed server may answer with HTML or nothing at all.
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw ApiError.fromResponse(response.status, body);
  }
  return body as ProfileListPage;
}

export const profileListQueryOptions = (query: ProfileListQuery) =>
  queryOptions({
    queryKey: browseKeys.list(query),
    queryFn: ({ signal }) => listProfiles(query, signal),
    // The old page stays on screen while the next search loads, instead of a spinner each key.
    placeholderData: keepPreviousData,
  });

export function useProfileList(query: ProfileListQuery) {
  return useQuery(profileListQueryOptions(query));
}
