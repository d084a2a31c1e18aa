import type { components } from '@/lib/api/openapi';

type Schemas = components['schemas'];
export type VolunteerView = Schemas['VolunteerView'];
export type OwnerView = Schemas['OwnerView'];
export type PetView = Schemas['PetView'];
export type ProfileLookup = Schemas['ProfileLookup'];

const created = '2026-01-10T09:30:00';

/** A volunteer as the backend returns one; override what a test is about. */
export function aVolunteer(overrides: Partial<VolunteerView> = {}): VolunteerView {
  return {
    id: 12,
    listing_id: `volunteer-${String(overrides.id ?? 12)}`,
    user_id: 7,
    first_name: 'Lotte',
    last_name: 'Jansen',
    bio: 'Ik ben dol op honden en loop graag lange rondjes.',
    location: 'Haarlem',
    postal_code: '2011',
    lat: 52.3812,
    lon: 4.6368,
    avatar_url: null,
    experience: 'ervaren',
    availability: ['Doordeweeks avond', 'Weekend overdag'],
    specialties: [],
    species: ['hond'],
    max_distance: 5,
    hourly_rate: 'gratis',
    has_own_pet: 'nee',
    transport_mode: 'fiets',
    languages: ['Nederlands'],
    age: null,
    is_new: false,
    week: [],
    paused: false,
    created_at: created,
    ...overrides,
  };
}

/** An owner as the backend returns one. */
export function anOwner(overrides: Partial<OwnerView> = {}): OwnerView {
  return {
    id: 4,
    user_id: 8,
    first_name: 'Sanne',
    last_name: 'de Vries',
    bio: null,
    location: 'Utrecht',
    postal_code: '3512',
    lat: 52.0907,
    lon: 5.1214,
    avatar_url: null,
    experience: null,
    languages: [],
    age: null,
    created_at: created,
    ...overrides,
  };
}

/** A pet as the backend returns one, with its owner's name and place. */
export function aPet(overrides: Partial<PetView> = {}): PetView {
  return {
    id: 30,
    listing_id: `pet-${String(overrides.id ?? 30)}`,
    owner_id: 4,
    user_id: 8,
    species: 'hond',
    name: 'Bobby',
    breed: 'Labrador',
    age: '3 jaar',
    size: 'groot',
    gender: 'reu',
    personality: 'Vrolijk en speels',
    special_needs: null,
    weight: null,
    vaccinated: 'ja',
    chipped: 'ja',
    neutered: 'ja',
    good_with: ['Kinderen'],
    looking_for: [],
    help_needed: null,
    avatar_url: null,
    cover_image_url: null,
    bio: 'Bobby houdt van lange wandelingen.',
    location: 'Utrecht',
    postal_code: '3512',
    lat: 52.0907,
    lon: 5.1214,
    owner_first_name: 'Sanne',
    owner_last_name: 'de Vries',
    owner_avatar_url: null,
    created_at: created,
    ...overrides,
  };
}

/** The profile lookup of a sitter. */
export function aVolunteerLookup(overrides: Partial<VolunteerView> = {}): ProfileLookup {
  return { type: 'vrijwilliger', profile: aVolunteer(overrides) };
}

/** The profile lookup of an owner: their first pet and the owner. */
export function anOwnerLookup(
  pet: Partial<PetView> = {},
  owner: Partial<OwnerView> = {},
): ProfileLookup {
  const ownerView = anOwner(owner);
  return {
    type: 'huisdier',
    profile: {
      ...aPet({ owner_id: ownerView.id, user_id: ownerView.user_id, ...pet }),
      owner: ownerView,
    },
  };
}
