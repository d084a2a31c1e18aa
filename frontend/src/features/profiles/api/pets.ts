import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  splitPetChange,
  type DraftChange,
  type PetDraftBody,
} from '@/features/profiles/api/draft-from-profile';
import { useUpdateProfileField } from '@/features/profiles/api/update-profile';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { authKeys } from '@/lib/auth/api/keys';
import { listKeys } from '@/lib/browse/keys';
import { profileKeys } from '@/lib/profiles/keys';

type PetView = components['schemas']['PetView'];

/**
 * After a change to someone's pets: every profile page, the own profile and the lists of cards
 * are read again.
 */
function useRefreshProfiles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
      queryClient.invalidateQueries({ queryKey: authKeys.profileLookups() }),
      queryClient.invalidateQueries({ queryKey: listKeys.lists() }),
    ]);
}

/**
 * `POST /api/pets`: adds a pet to the signed-in owner's profile, once however often the form is
 * sent; resolves to the new pet.
 */
export function useAddPet() {
  const refresh = useRefreshProfiles();
  const add = useIdempotentCall((draft: PetDraftBody, key: string) =>
    unwrap(api.POST('/api/pets', { params: { header: idempotencyHeader(key) }, body: draft })),
  );
  return useMutation({ mutationFn: add, onSuccess: refresh });
}

/** `DELETE /api/pets/{petId}`: removes one of the owner's pets (never the last one). */
export function useRemovePet() {
  const refresh = useRefreshProfiles();
  return useMutation({
    mutationFn: (petId: number) =>
      unwrap(api.DELETE('/api/pets/{petId}', { params: { path: { petId } } })),
    onSuccess: refresh,
  });
}

/**
 * An inline edit on a pet's page: the pet's own fields go to `PATCH /api/pets/{petId}`, anything
 * else (the place, which the owner's profile holds) to the owner's profile; only the changed
 * fields travel, so a change made meanwhile in another tab stays.
 */
export function useUpdatePetField(pet: PetView) {
  const refresh = useRefreshProfiles();
  const updateOwner = useUpdateProfileField();
  return useMutation({
    mutationFn: async (change: DraftChange) => {
      const split = splitPetChange(change);
      if (Object.keys(split.pet).length > 0) {
        await unwrap(
          api.PATCH('/api/pets/{petId}', {
            params: { path: { petId: pet.id } },
            body: split.pet,
          }),
        );
      }
      if (Object.keys(split.owner).length > 0) {
        await updateOwner.mutateAsync(split.owner);
      }
    },
    onSuccess: refresh,
  });
}
