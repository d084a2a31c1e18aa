import type { components } from '@/lib/api/openapi';

type Schemas = components['schemas'];
export type ProfileDraftBody = Schemas['ProfileDraftBody'];
export type OwnProfileLookup = Schemas['ProfileLookup'];
export type PetDraftBody = Schemas['PetDraftBody'];
type PetView = Schemas['PetView'];

/** A pet's draft with nothing filled in. */
export const EMPTY_PET_DRAFT: PetDraftBody = {
  petSpecies: null,
  petName: null,
  petBreed: null,
  petAge: null,
  petSize: null,
  petGender: null,
  petPersonality: null,
  petSpecialNeeds: null,
  petWeight: null,
  petVaccinated: null,
  petChipped: null,
  petNeutered: null,
  petGoodWith: null,
  petLookingFor: null,
  avatarUrl: null,
  coverImageUrl: null,
  bio: null,
};

/** A draft with nothing filled in; the profile type is set by {@link draftFromProfile}. */
const EMPTY_DRAFT: ProfileDraftBody = {
  ...EMPTY_PET_DRAFT,
  profileType: 'huisdier',
  userId: null,
  petId: null,
  email: null,
  firstName: null,
  lastName: null,
  ownerBio: null,
  location: null,
  postalCode: null,
  phone: null,
  dateOfBirth: null,
  ownerAvatarUrl: null,
  availability: null,
  specialties: null,
  species: null,
  languages: null,
  experience: null,
  maxDistance: null,
  hourlyRate: null,
  hasOwnPet: null,
  transportMode: null,
};

/**
 * The whole draft that `PUT /api/profiles/{userId}` takes, rebuilt from the own profile as read
 * (private fields included). The one place that knows how read fields map to draft fields.
 */
export function draftFromProfile(lookup: OwnProfileLookup): ProfileDraftBody {
  if (lookup.type === 'vrijwilliger') {
    const v = lookup.profile;
    return {
      ...EMPTY_DRAFT,
      profileType: 'vrijwilliger',
      firstName: v.first_name,
      lastName: v.last_name,
      bio: v.bio ?? null,
      location: v.location ?? null,
      postalCode: v.postal_code ?? null,
      phone: v.phone ?? null,
      dateOfBirth: v.date_of_birth ?? null,
      avatarUrl: v.avatar_url ?? null,
      availability: v.availability,
      specialties: v.specialties,
      species: v.species,
      languages: v.languages,
      experience: v.experience ?? null,
      maxDistance: v.max_distance ?? null,
      hourlyRate: v.hourly_rate ?? null,
      hasOwnPet: v.has_own_pet ?? null,
      transportMode: v.transport_mode ?? null,
    };
  }
  const pet = lookup.profile;
  const owner = pet.owner;
  return {
    ...EMPTY_DRAFT,
    profileType: 'huisdier',
    firstName: owner.first_name,
    lastName: owner.last_name,
    ownerBio: owner.bio ?? null,
    location: owner.location ?? pet.location ?? null,
    postalCode: owner.postal_code ?? pet.postal_code ?? null,
    phone: owner.phone ?? null,
    dateOfBirth: owner.date_of_birth ?? null,
    ownerAvatarUrl: owner.avatar_url ?? null,
    experience: owner.experience ?? null,
    languages: owner.languages,
    ...petDraftFromView(pet),
  };
}

/** The draft of one pet that `PUT /api/pets/{petId}` takes, rebuilt from the pet as read. */
export function petDraftFromView(pet: PetView): PetDraftBody {
  return {
    petSpecies: pet.species,
    petName: pet.name,
    petBreed: pet.breed ?? null,
    petAge: pet.age ?? null,
    petSize: pet.size ?? null,
    petGender: pet.gender ?? null,
    petPersonality: pet.personality ?? null,
    petSpecialNeeds: pet.special_needs ?? null,
    petWeight: pet.weight ?? null,
    petVaccinated: pet.vaccinated ?? null,
    petChipped: pet.chipped ?? null,
    petNeutered: pet.neutered ?? null,
    petGoodWith: pet.good_with,
    petLookingFor: pet.looking_for,
    avatarUrl: pet.avatar_url ?? null,
    coverImageUrl: pet.cover_image_url ?? null,
    bio: pet.bio ?? null,
  };
}

/** The change an inline edit makes: some draft fields with their new values. */
export type DraftChange = Omit<Schemas['ProfileChangesBody'], 'profileType' | 'userId' | 'email'>;

/** The fields of a change that belong to one pet, and the rest (the owner's). */
export function splitPetChange(change: DraftChange): {
  pet: Schemas['PetChangesBody'];
  owner: DraftChange;
} {
  const pet: Record<string, unknown> = {};
  const owner: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(change)) {
    (PET_FIELDS.has(field) ? pet : owner)[field] = value;
  }
  return { pet: pet, owner: owner };
}

const PET_FIELDS = new Set<string>(Object.keys(EMPTY_PET_DRAFT));

/** Splits a full name at the first space: 'Anna van Dijk' → 'Anna' and 'van Dijk'. */
export function splitName(fullName: string): { firstName: string; lastName: string } {
  const trimmed = fullName.trim();
  const space = trimmed.indexOf(' ');
  if (space === -1) {
    return { firstName: trimmed, lastName: '' };
  }
  return { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}
