import { useQuery } from '@tanstack/react-query';
import { profileLookupQueryOptions } from '@/lib/auth/api/get-profile-lookup';
import { useAuth } from '@/lib/auth/use-auth';
import { ownerPageQueryOptions } from '@/lib/profiles/get-owner-page';
import { dutchList } from '@/lib/profiles/help-needed';

/** A pet an afspraak can be for. */
export interface ConversationPet {
  id: number;
  name: string;
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
  return (page.data?.pets ?? []).map((pet) => ({ id: pet.id, name: pet.name }));
}

/** 'Pip', 'Pip en Bobby', 'Pip, Bobby en Luna' of the pets among `pets` whose ids are `ids`. */
export function petNames(ids: number[], pets: ConversationPet[]): string {
  return dutchList(ids.flatMap((id) => pets.find((pet) => pet.id === id)?.name ?? []));
}
