import { useQuery } from '@tanstack/react-query';
import type { components } from '@/lib/api/openapi';
import { APPOINTMENT_KIND_HELP, SPECIES_RULES } from '@/lib/api/vocabulary';
import { profileLookupQueryOptions } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import { ownerPageQueryOptions } from '@/lib/profiles/get-owner-page';
import { dutchList } from '@/lib/profiles/help-needed';

type Species = components['schemas']['Species'];

/** A pet an afspraak can be for. */
export interface ConversationPet {
  id: number;
  name: string;
  species: Species;
}

/**
 * The pets of whichever of the two people of a conversation is the owner (the signed-in person or
 * `otherUserId`): what an afspraak can be for. Empty while unknown, or when neither has pets.
 */
export function useConversationPets(otherUserId: number | undefined): ConversationPet[] {
  const { user } = useAuth();
  const mine = useQuery(profileLookupQueryOptions(user?.id ?? null));
  const theirs = useQuery(profileLookupQueryOptions(otherUserId ?? null));
  const owner = [mine.data, theirs.data].find((lookup) => lookup?.type === 'huisdier');
  const ownerId = owner?.type === 'huisdier' ? owner.profile.owner_id : null;
  const page = useQuery({
    ...ownerPageQueryOptions(ownerId ?? 0),
    enabled: ownerId !== null,
  });
  return (page.data?.pets ?? []).map((pet) => ({
    id: pet.id,
    name: pet.name,
    species: pet.species,
  }));
}

/** 'Pip', 'Pip en Bobby', 'Pip, Bobby en Luna' of the pets among `pets` whose ids are `ids`. */
export function petNames(ids: number[], pets: ConversationPet[]): string {
  return dutchList(ids.flatMap((id) => pets.find((pet) => pet.id === id)?.name ?? []));
}

/**
 * Whether an afspraak of `kind` suits every one of `pets`: the help it gives is on each pet's
 * species' list (no walks for a cat), as the server checks it.
 */
export function kindSuits(
  kind: components['schemas']['AppointmentKind'],
  pets: Pick<ConversationPet, 'species'>[],
): boolean {
  const help = APPOINTMENT_KIND_HELP[kind];
  return help === null || pets.every((pet) => SPECIES_RULES[pet.species].lookingFor.includes(help));
}
