import { Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/form-fields';
import { Input } from '@/components/ui/input';
import type { ProfileType } from '@/features/browse/api/types';
import {
  RADIUS_OPTIONS,
  type BrowseParams,
  type UpdateOptions,
} from '@/features/browse/hooks/use-browse-params';
import { useDebouncedSearch } from '@/features/browse/hooks/use-debounced-search';
import * as V from '@/lib/api/vocabulary';
import { pick } from '@/lib/vocabulary';

export const SEARCH_PLACEHOLDER = 'Zoek op naam, locatie of beschrijving...';

/** How the type filter names each kind of profile. */
const PLURAL: Record<ProfileType, string> = {
  huisdier: 'Huisdieren',
  vrijwilliger: 'Vrijwilligers',
};

/** The type filter's choices: all, pets, volunteers. */
export const TYPE_OPTIONS = [
  { value: '', label: 'Alle profielen' },
  ...V.ProfileType.values.map((value) => ({ value, label: PLURAL[value] })),
];

const radiusOptions = RADIUS_OPTIONS.map((km) => ({ value: String(km), label: `${km} km` }));

export interface BrowseFiltersProps {
  params: BrowseParams;
  update: (patch: Partial<BrowseParams>, options?: UpdateOptions) => void;
  /** The server's text when it refused the search term (422 on `q`). */
  searchError?: string | undefined;
  /** The server's text when it refused the place or radius (422 on `near`, `radiusKm`). */
  placeError?: string | undefined;
  /** The text field's label and placeholder (default: 'Zoeken' and {@link SEARCH_PLACEHOLDER}). */
  search?: { label: string; placeholder: string };
  /** One kind of profile only: no type filter, the search is of this kind. */
  fixedType?: ProfileType;
  /**
   * Takes the whole search on Enter or 'Zoeken' instead of searching as the fields change: for
   * a search that opens elsewhere. The fields then only change `params` through `update`.
   */
  onSubmit?: (params: BrowseParams) => void;
}

/**
 * The search of /profielen: text (searched once typing pauses), type, and a postcode or place
 * with a radius (searched on Enter, on 'Zoeken', when the field is left or the radius changes).
 * With `onSubmit`, the same form searches from another page (/voor-baasjes, /voor-oppassers).
 */
export function BrowseFilters({
  params,
  update,
  searchError,
  placeError,
  search: searchText = { label: 'Zoeken', placeholder: SEARCH_PLACEHOLDER },
  fixedType,
  onSubmit,
}: BrowseFiltersProps) {
  const search = useDebouncedSearch(
    params.q,
    (term, replace) => {
      update({ q: term }, { replace });
    },
    { maxLength: V.SEARCH_QUERY_MAX },
  );

  // The place box follows the address too (back button, 'Alle profielen tonen').
  const [place, setPlace] = useState(params.near);
  const [seenNear, setSeenNear] = useState(params.near);
  if (params.near !== seenNear) {
    setSeenNear(params.near);
    setPlace(params.near);
  }
  const placeTerm = place.trim().slice(0, V.SEARCH_PLACE_MAX);

  const commitPlace = () => {
    if (placeTerm !== params.near) {
      update({ near: placeTerm });
    }
  };

  return (
    <form
      role="search"
      aria-label="Profielen zoeken"
      className="grid gap-4 md:grid-cols-2 lg:grid-cols-[2fr_1fr]"
      onSubmit={(event) => {
        event.preventDefault();
        const term = search.text.trim().slice(0, V.SEARCH_QUERY_MAX);
        if (onSubmit) {
          onSubmit({ ...params, type: fixedType ?? params.type, q: term, near: placeTerm });
        } else if (term !== params.q || placeTerm !== params.near) {
          update({ q: term, near: placeTerm }, { reveal: 'focus' });
        } else {
          // Nothing new to search: the results shown are those asked for.
          update({ page: params.page }, { reveal: 'focus' });
        }
      }}
    >
      <Input
        label={searchText.label}
        type="search"
        value={search.text}
        maxLength={V.SEARCH_QUERY_MAX}
        placeholder={searchText.placeholder}
        error={searchError}
        // Smaller than what is typed, so the whole hint fits a phone's field (typed text stays
        // 16 px: a phone zooms in on anything smaller).
        className="[&_input]:placeholder:text-sm"
        onChange={(event) => {
          search.setText(event.target.value);
        }}
      />
      {fixedType === undefined && (
        <Select
          label="Soort profiel"
          placeholder={null}
          options={TYPE_OPTIONS}
          value={params.type ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            update({ type: pick(V.ProfileType, value) }, { reveal: 'scroll' });
          }}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_auto] md:col-span-2 lg:col-span-1 lg:grid-cols-1 xl:grid-cols-[1fr_auto]">
        <Input
          label="Bij postcode"
          hint="4 cijfers of een plaatsnaam"
          value={place}
          maxLength={V.SEARCH_PLACE_MAX}
          autoComplete="postal-code"
          error={placeError}
          onChange={(event) => {
            setPlace(event.target.value);
          }}
          onBlur={commitPlace}
        />
        <Select
          label="Straal"
          placeholder={null}
          options={radiusOptions}
          value={String(params.radiusKm)}
          onChange={(event) => {
            update({ radiusKm: Number(event.target.value), near: placeTerm }, { reveal: 'scroll' });
          }}
        />
      </div>
      <div className="flex items-end md:col-span-2 lg:col-span-1">
        <Button type="submit" size="lg" className="w-full sm:w-auto">
          <Search aria-hidden="true" className="size-5" />
          Zoeken
        </Button>
      </div>
    </form>
  );
}
