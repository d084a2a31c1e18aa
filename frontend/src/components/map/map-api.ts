import { queryOptions, skipToken } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type GeoPlace = components['schemas']['GeoPlace'];
export type MapConfig = components['schemas']['MapConfig'];

/** Query keys of the map widget: the tile settings and resolved places. */
export const mapKeys = {
  all: ['map'] as const,
  config: () => [...mapKeys.all, 'config'] as const,
  place: (query: string) => [...mapKeys.all, 'place', query] as const,
};

/** `GET /api/geo?q=`: a place or postcode, or null when nothing matches (404). */
export async function getPlace(query: string): Promise<GeoPlace | null> {
  try {
    return await unwrap(api.GET('/api/geo', { params: { query: { q: query } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) {
      return null;
    }
    throw error;
  }
}

/** `query` null (nothing to look up) disables the query. */
export const placeQueryOptions = (query: string | null) =>
  queryOptions({
    queryKey: mapKeys.place(query ?? ''),
    queryFn: query === null ? skipToken : () => getPlace(query),
    // Places do not move.
    staleTime: Infinity,
    retry: false,
  });

/** `GET /api/map`: where tiles come from; a failure means a map without tiles. */
export async function getMapConfig(): Promise<MapConfig> {
  try {
    return await unwrap(api.GET('/api/map'));
  } catch {
    return { tileUrl: null };
  }
}

export const mapConfigQueryOptions = () =>
  queryOptions({
    queryKey: mapKeys.config(),
    queryFn: getMapConfig,
    staleTime: Infinity,
  });
