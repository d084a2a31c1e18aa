// Replaced by the generated OpenAPI types once the list call lands.
//
// `GET /api/profiles` (docs/architecture.md section 3): server-side search, type filter, distance
// filter and pagination over every public profile. These are the only hand-written API types of
// the app; when `openapi.json` describes the call, each becomes `components['schemas'][...]`.

/** The kinds of profile: a pet (with its owner) or a volunteer sitter. */
export type ProfileType = 'huisdier' | 'vrijwilliger';

/** The centre of a postcode area: never an exact address. */
export interface MapPoint {
  lat: number;
  lon: number;
}

/** The owner of a pet in the list. */
export interface OwnerInfo {
  id: number;
  name: string;
  avatarUrl: string | null;
}

/** Pet details (ras ... gecastreerdGesteriliseerd) or volunteer details (ervaring ...). */
export interface ProfileDetails {
  ras?: string | null;
  leeftijd?: string | null;
  geslacht?: string | null;
  grootte?: string | null;
  gedrag?: string | null;
  geenVriendjesMet?: string[] | null;
  gecastreerdGesteriliseerd?: string | null;
  ervaring?: string | null;
  beschikbaar?: string[] | null;
  specialiteit?: string[] | null;
}

/** One card of the browse pages (spec section 3, "Profile list item"). */
export interface ProfileListItem {
  /** `volunteer-3` or `pet-7`. */
  id: string;
  type: ProfileType;
  name: string;
  location: string;
  shortDescription: string;
  fullDescription: string;
  avatarUrl: string | null;
  coverImageUrl: string | null;
  isNew: boolean;
  /** Set when the list was asked for profiles near a place. */
  distanceKm: number | null;
  mapPoint: MapPoint | null;
  ownerInfo: OwnerInfo | null;
  details: ProfileDetails;
  availability: string[] | null;
}

/** One page of the list and how many profiles match in all. */
export interface ProfileListPage {
  profiles: ProfileListItem[];
  total: number;
  page: number;
  perPage: number;
}

/** The query of the list call; an absent field is left out of the address. */
export interface ProfileListQuery {
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
}
