import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PetPageData } from '@/features/profiles/api/get-pet-page';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { authKeys } from '@/lib/auth/api/keys';
import { listKeys } from '@/lib/browse/keys';
import { favouriteKeys } from '@/lib/favourites/favourites';
import { profileKeys } from '@/lib/profiles/keys';

export type HelpNeededBody = components['schemas']['HelpNeededBody'];

/**
 * After a change to when a pet needs help: every profile page but `keep` (already up to date),
 * the own profile (its first pet), the favourite cards and the lists of cards are read again.
 */
function useRefreshAfterHelp() {
  const queryClient = useQueryClient();
  return (keep?: readonly unknown[]) => {
    const kept = keep ? hashKey(keep) : null;
    return Promise.all([
      queryClient.invalidateQueries({
        queryKey: profileKeys.all,
        predicate: (query) => query.queryHash !== kept,
      }),
      queryClient.invalidateQueries({ queryKey: authKeys.profileLookups() }),
      queryClient.invalidateQueries({ queryKey: favouriteKeys.list() }),
      queryClient.invalidateQueries({ queryKey: listKeys.lists() }),
    ]);
  };
}

/**
 * `PUT /api/pets/{petId}/help-needed`: a period or regular days; the pet's page takes the answer
 * as it is.
 * Rejects with an `ApiError`: 422 names the field at fault in `field` (`from`, `until`, `days`).
 * One idempotency key per save: tapped twice, both get the first answer.
 */
export function useSaveHelpNeeded(petId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterHelp();
  const save = useIdempotentCall((body: HelpNeededBody, key: string) =>
    unwrap(
      api.PUT('/api/pets/{petId}/help-needed', {
        params: { path: { petId }, header: idempotencyHeader(key) },
        body,
      }),
    ),
  );
  return useMutation({
    mutationFn: save,
    onSuccess: async (saved) => {
      queryClient.setQueryData<PetPageData | null>(profileKeys.pet(petId), saved);
      await refresh(profileKeys.pet(petId));
    },
  });
}

/** `DELETE /api/pets/{petId}/help-needed`: no help needed any more; the pages are read again. */
export function useClearHelpNeeded(petId: number) {
  const refresh = useRefreshAfterHelp();
  return useMutation({
    mutationFn: () =>
      unwrap(api.DELETE('/api/pets/{petId}/help-needed', { params: { path: { petId } } })),
    onSuccess: () => refresh(),
  });
}
