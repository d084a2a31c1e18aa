import type { components } from '@/lib/api/openapi';

type Schemas = components['schemas'];
export type PetDraftBody = Schemas['PetDraftBody'];

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
