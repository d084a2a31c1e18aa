import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { browseKeys } from '@/features/browse/api/keys';
import type { ProfileListPage, ProfileListQuery } from '@/features/browse/api/types';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';

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
    ['species', query.species],
    ['size', query.size],
    ['lookingFor', query.lookingFor],
    ['goodWith', query.goodWith],
    ['offers', query.offers],
    ['experience', query.experience],
    ['availableOn', query.availableOn],
    ['dayPart', query.dayPart],
    ['availableFrom', query.availableFrom],
    ['availableUntil', query.availableUntil],
    ['sort', query.sort],
  ];
  for (const [name, value] of fields) {
    if (value !== undefined && value !== '') {
      search.set(name, String(value));
    }
  }
  return search.toString();
}

/**
 * `GET /api/profiles?type=&q=&near=&radiusKm=&page=&perPage=&species=&size=&lookingFor=&goodWith=&offers=&experience=&availableOn=&dayPart=&sort=`:
 * one page of matching profiles.
 * Rejects with an `ApiError`: 422 names the parameter at fault in `field`, 429 means
 * throttled.
 */
export function listProfiles(
  query: ProfileListQuery,
  signal?: AbortSignal,
): Promise<ProfileListPage> {
  const params = Object.fromEntries(new URLSearchParams(profileListSearch(query)));
  return unwrap(api.GET('/api/profiles', { params: { query: params }, signal: signal ?? null }));
}

export const profileListQueryOptions = (query: ProfileListQuery) =>
  queryOptions({
    queryKey: browseKeys.list(query),
    queryFn: ({ signal }) => listProfiles(query, signal),
    // The old page stays on screen while the next search loads, instead of a spinner each key.
    placeholderData: keepPreviousData,
  });

export function useProfileList(query: ProfileListQuery, { enabled = true } = {}) {
  return useQuery({ ...profileListQueryOptions(query), enabled });
}
