// `GET /api/profiles` (docs/architecture.md section 3): server-side search, type filter, distance
// filter and pagination over every public profile. The shapes come from the generated OpenAPI
// types; only the query, which the pages keep in the address as numbers, is declared here.
import type { components } from '@/lib/api/openapi';

type Schemas = components['schemas'];

/** The kinds of profile: a pet (with its owner) or a volunteer sitter. */
export type ProfileType = Schemas['ProfileType'];

/** The centre of a postcode area: never an exact address. */
export type MapPoint = Schemas['MapPoint'];

/** The owner of a pet in the list. */
export type OwnerInfo = Schemas['OwnerInfoView'];

/** Pet details (ras ... gecastreerdGesteriliseerd) or volunteer details (ervaring ...). */
export type ProfileDetails = Schemas['CardDetailsView'];

/** One card of the browse pages: a sitter or a pet. */
export type ProfileListItem = Schemas['ProfileListItem'];

/** One page of the list and how many profiles match in all. */
export type ProfileListPage = Schemas['ProfileList'];

/** The order of a search: nearest first (only near a place) or newest first. */
export type SearchSort = Schemas['SearchSort'];

/** The facet filters of a search; an absent one does not narrow it. */
export interface FacetQuery {
  /** Pets of this species, and sitters who sit it. */
  species?: Schemas['Species'] | undefined;
  /** Pets of this size. */
  size?: Schemas['PetSize'] | undefined;
  /** Pets whose owner looks for this help. */
  lookingFor?: Schemas['LookingFor'] | undefined;
  /** Pets that get along with these. */
  goodWith?: Schemas['GoodWith'] | undefined;
  /** Sitters who offer this. */
  offers?: Schemas['Availability'] | undefined;
  /** Sitters with at least this experience. */
  experience?: Schemas['Experience'] | undefined;
  /** Sitters who can help on this day (`YYYY-MM-DD`): in their week, not away, not paused. */
  availableOn?: string | undefined;
  /** ... in this part of that day. */
  dayPart?: Schemas['DayPart'] | undefined;
  /** Sitters free for a sitting from this day (`YYYY-MM-DD`), with `availableUntil`. */
  availableFrom?: string | undefined;
  /** ... until this day, included. */
  availableUntil?: string | undefined;
}

/** The query of the list call; an absent field is left out of the address. */
export interface ProfileListQuery extends FacetQuery {
  type?: ProfileType | undefined;
  /** At most 100 characters. */
  q?: string | undefined;
  /** A 4-digit postcode or a place name. */
  near?: string | undefined;
  /** 1 to 100; the server's default is 10. */
  radiusKm?: number | undefined;
  /** From 1. */
  page?: number | undefined;
  /** 1 to 100; the server's default is 24. */
  perPage?: number | undefined;
  /** `afstand` only with `near`. */
  sort?: SearchSort | undefined;
}
