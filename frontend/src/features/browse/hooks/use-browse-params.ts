import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ProfileListQuery, ProfileType } from '@/features/browse/api/types';
import * as V from '@/lib/api/vocabulary';
import { pick } from '@/lib/vocabulary';

/** The radius choices next to the postcode box, in km. */
export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;
export const DEFAULT_RADIUS_KM = 10;

export type BrowseView = 'lijst' | 'kaart';

/**
 * What a browse page shows, as it lives in the address (`?q=&type=&near=&radiusKm=&page=&view=`),
 * so that the back button and a shared link bring back the same results.
 */
export interface BrowseParams {
  q: string;
  type: ProfileType | null;
  near: string;
  radiusKm: number;
  page: number;
  view: BrowseView;
}

const isRadius = (value: number): boolean => (RADIUS_OPTIONS as readonly number[]).includes(value);

/** Reads the params from an address; anything unknown or malformed falls back to the default. */
export function readBrowseParams(search: URLSearchParams): BrowseParams {
  const type = search.get('type');
  const radiusKm = Number(search.get('radiusKm'));
  const page = Number(search.get('page'));
  return {
    q: (search.get('q') ?? '').trim().slice(0, V.SEARCH_QUERY_MAX),
    type: pick(V.ProfileType, type),
    near: (search.get('near') ?? '').trim().slice(0, V.SEARCH_PLACE_MAX),
    radiusKm: isRadius(radiusKm) ? radiusKm : DEFAULT_RADIUS_KM,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    view: search.get('view') === 'kaart' ? 'kaart' : 'lijst',
  };
}

/** The list call that shows the params' results: one page of `SEARCH_PER_PAGE`. */
export function listQueryOf(params: BrowseParams): ProfileListQuery {
  return {
    type: params.type ?? undefined,
    q: params.q || undefined,
    near: params.near || undefined,
    radiusKm: params.near ? params.radiusKm : undefined,
    page: params.page,
    perPage: V.SEARCH_PER_PAGE,
  };
}

/** The address of the params: defaults and empty fields are left out. */
export function writeBrowseParams(params: BrowseParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.near) search.set('near', params.near);
  if (params.radiusKm !== DEFAULT_RADIUS_KM) search.set('radiusKm', String(params.radiusKm));
  if (params.page > 1) search.set('page', String(params.page));
  if (params.view !== 'lijst') search.set('view', params.view);
  return search;
}

/** True when a search term, a type or a place narrows the list. */
export function hasFilters(params: BrowseParams): boolean {
  return params.q !== '' || params.type !== null || params.near !== '';
}

/** What 'Alle profielen tonen' resets. */
const cleared = { q: '', type: null, near: '', radiusKm: DEFAULT_RADIUS_KM, page: 1 } as const;

export interface UpdateOptions {
  /** Replace the current history entry instead of adding one (while typing). */
  replace?: boolean;
}

/**
 * The browse params of the current address and a way to change them. A change of what is searched
 * goes back to page 1; the page keeps its scroll position.
 */
export function useBrowseParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readBrowseParams(searchParams), [searchParams]);

  // Only a real change becomes a history entry: leaving the place box and then pressing
  // 'Zoeken' asks twice for the same address.
  const navigateTo = useCallback(
    (next: BrowseParams, replace: boolean) => {
      const search = writeBrowseParams(next);
      if (search.toString() === writeBrowseParams(params).toString()) {
        return;
      }
      setSearchParams(search, { replace, preventScrollReset: true });
    },
    [params, setSearchParams],
  );

  const update = useCallback(
    (patch: Partial<BrowseParams>, { replace = false }: UpdateOptions = {}) => {
      navigateTo({ ...params, page: 1, ...patch }, replace);
    },
    [params, navigateTo],
  );

  /** Clears the search, the type and the place (the view stays). */
  const clear = useCallback(() => {
    navigateTo({ ...params, ...cleared }, false);
  }, [params, navigateTo]);

  /** The query string of another page of the same list (empty for a bare first page). */
  const pageSearch = useCallback(
    (page: number) => {
      const search = writeBrowseParams({ ...params, page }).toString();
      return search ? `?${search}` : '';
    },
    [params],
  );

  return { params, update, clear, pageSearch };
}
