import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type {
  FacetQuery,
  ProfileListQuery,
  ProfileType,
  SearchSort,
} from '@/features/browse/api/types';
import type { RevealHow } from '@/features/browse/hooks/use-reveal-results';
import * as V from '@/lib/api/vocabulary';
import { pick } from '@/lib/vocabulary';

/** The radius choices next to the postcode box, in km. */
export const RADIUS_OPTIONS = [5, 10, 25, 50] as const;
/** The server's radius when a search names none. */
export const DEFAULT_RADIUS_KM = V.DEFAULT_RADIUS_KM;

export type BrowseView = 'lijst' | 'kaart';

/** The facet filters as a page holds them: null where none is chosen. */
export type FacetFilters = { [Key in keyof FacetQuery]-?: NonNullable<FacetQuery[Key]> | null };

/** No facet filter chosen. */
export const NO_FILTERS: FacetFilters = {
  species: null,
  size: null,
  lookingFor: null,
  goodWith: null,
  offers: null,
  experience: null,
  availableOn: null,
  dayPart: null,
  availableFrom: null,
  availableUntil: null,
};

/** A day as the address and the API write it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `raw` when it is a real day written `YYYY-MM-DD`, else null. */
export function dayOf(raw: string | null): string | null {
  if (raw === null || !DAY.test(raw)) return null;
  const day = new Date(`${raw}T12:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== raw ? null : raw;
}

/** How many facet filters are chosen. */
export function filterCount(filters: FacetFilters): number {
  return Object.values(filters).filter((value) => value !== null).length;
}

/** Whether a filter fits a search of `type` (every kind, or the one kind that carries it). */
export function filterFits(key: keyof FacetFilters, type: ProfileType | null): boolean {
  const only = V.SEARCH_FILTERS[key].only;
  return only === null || type === null || only === type;
}

/** `filters` without those that do not fit `type` (a sitter has no size, a pet no offer). */
export function filtersFor(type: ProfileType | null, filters: FacetFilters): FacetFilters {
  const kept = { ...filters };
  for (const key of Object.keys(kept) as (keyof FacetFilters)[]) {
    if (!filterFits(key, type)) kept[key] = null;
  }
  // A part of the day only with a day.
  if (kept.availableOn === null) kept.dayPart = null;
  // A range only whole, and not beside a single day: the server asks for both ends.
  if (kept.availableFrom === null || kept.availableUntil === null || kept.availableOn !== null) {
    kept.availableFrom = null;
    kept.availableUntil = null;
  }
  return kept;
}

/** `sort` when it fits a search near `near` (nearest first needs a place), else the default. */
export function sortFor(sort: SearchSort | null, near: string): SearchSort | null {
  return sort && V.SEARCH_SORT_RULES[sort].needsPlace && !near ? null : sort;
}

/** The order a search without one gets: the server's default near a place and elsewhere. */
export function defaultSort(near: string): SearchSort {
  const rules = Object.entries(V.SEARCH_SORT_RULES) as [SearchSort, V.SearchSortRule][];
  const found = rules.find(([, rule]) => (near ? rule.defaultNear : rule.defaultElsewhere));
  return found ? found[0] : V.SearchSort.values[0];
}

/**
 * What a browse page shows, as it lives in the address (`?q=&type=&near=&radiusKm=&page=&view=`
 * and the filters and order by their API names), so that the back button and a shared link
 * bring back the same results.
 */
export interface BrowseParams {
  q: string;
  type: ProfileType | null;
  near: string;
  radiusKm: number;
  page: number;
  view: BrowseView;
  filters: FacetFilters;
  /** Null: the server's default (nearest first near a place, else newest). */
  sort: SearchSort | null;
}

const isRadius = (value: number): boolean => (RADIUS_OPTIONS as readonly number[]).includes(value);

/** Reads the params from an address; anything unknown or malformed falls back to the default. */
export function readBrowseParams(search: URLSearchParams): BrowseParams {
  const type = pick(V.ProfileType, search.get('type'));
  const radiusKm = Number(search.get('radiusKm'));
  const page = Number(search.get('page'));
  const near = (search.get('near') ?? '').trim().slice(0, V.SEARCH_PLACE_MAX);
  const sort = pick(V.SearchSort, search.get('sort'));
  return {
    q: (search.get('q') ?? '').trim().slice(0, V.SEARCH_QUERY_MAX),
    type,
    near,
    radiusKm: isRadius(radiusKm) ? radiusKm : DEFAULT_RADIUS_KM,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
    view: search.get('view') === 'kaart' ? 'kaart' : 'lijst',
    filters: filtersFor(type, {
      species: pick(V.Species, search.get('species')),
      size: pick(V.PetSize, search.get('size')),
      lookingFor: pick(V.LookingFor, search.get('lookingFor')),
      goodWith: pick(V.GoodWith, search.get('goodWith')),
      offers: pick(V.Availability, search.get('offers')),
      experience: pick(V.Experience, search.get('experience')),
      availableOn: dayOf(search.get('availableOn')),
      // A part of the day only with a day.
      dayPart: dayOf(search.get('availableOn')) ? pick(V.DayPart, search.get('dayPart')) : null,
      availableFrom: dayOf(search.get('availableFrom')),
      availableUntil: dayOf(search.get('availableUntil')),
    }),
    sort: sortFor(sort, near),
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
    species: params.filters.species ?? undefined,
    size: params.filters.size ?? undefined,
    lookingFor: params.filters.lookingFor ?? undefined,
    goodWith: params.filters.goodWith ?? undefined,
    offers: params.filters.offers ?? undefined,
    experience: params.filters.experience ?? undefined,
    availableOn: params.filters.availableOn ?? undefined,
    dayPart: params.filters.dayPart ?? undefined,
    availableFrom: params.filters.availableFrom ?? undefined,
    availableUntil: params.filters.availableUntil ?? undefined,
    sort: params.sort ?? undefined,
  };
}

/** The address of the params: defaults and empty fields are left out. */
export function writeBrowseParams(params: BrowseParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.q) search.set('q', params.q);
  if (params.type) search.set('type', params.type);
  if (params.near) search.set('near', params.near);
  if (params.radiusKm !== DEFAULT_RADIUS_KM) search.set('radiusKm', String(params.radiusKm));
  for (const [key, value] of Object.entries(params.filters)) {
    if (value !== null) search.set(key, value);
  }
  if (params.sort) search.set('sort', params.sort);
  if (params.page > 1) search.set('page', String(params.page));
  if (params.view !== 'lijst') search.set('view', params.view);
  return search;
}

/** True when a search term, a type, a place or a facet filter narrows the list. */
export function hasFilters(params: BrowseParams): boolean {
  return (
    params.q !== '' || params.type !== null || params.near !== '' || filterCount(params.filters) > 0
  );
}

/** What 'Alle profielen tonen' resets. */
const cleared = {
  q: '',
  type: null,
  near: '',
  radiusKm: DEFAULT_RADIUS_KM,
  page: 1,
  filters: NO_FILTERS,
  sort: null,
} as const;

export interface UpdateOptions {
  /** Replace the current history entry instead of adding one (while typing). */
  replace?: boolean;
  /**
   * A search the person sent or a filter they chose (not typing that pauses): the page that shows
   * the results brings them into view once they are there (`useRevealResults`).
   */
  reveal?: RevealHow;
}

/**
 * The browse params of the current address and a way to change them. A change of what is searched
 * goes back to page 1; the page keeps its scroll position.
 */
export function useBrowseParams() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => readBrowseParams(searchParams), [searchParams]);

  // Only a real change becomes a history entry: leaving the place box and then pressing
  // 'Zoeken' asks twice for the same address. True when the address changes.
  const navigateTo = useCallback(
    (next: BrowseParams, replace: boolean) => {
      const search = writeBrowseParams(next);
      if (search.toString() === writeBrowseParams(params).toString()) {
        return false;
      }
      setSearchParams(search, { replace, preventScrollReset: true });
      return true;
    },
    [params, setSearchParams],
  );

  /** Changes what is searched; true when that changes the address (and so the results). */
  const update = useCallback(
    (patch: Partial<BrowseParams>, { replace = false }: UpdateOptions = {}) => {
      const next = { ...params, page: 1, ...patch };
      // A kind of profile keeps only its own filters; nearest first needs a place.
      next.filters = filtersFor(next.type, next.filters);
      next.sort = sortFor(next.sort, next.near);
      return navigateTo(next, replace);
    },
    [params, navigateTo],
  );

  /** Clears the search, the type and the place (the view stays). */
  const clear = useCallback(() => {
    return navigateTo({ ...params, ...cleared }, false);
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
