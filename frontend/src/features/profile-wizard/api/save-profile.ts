import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProfile } from '@/features/profile-wizard/api/create-profile';
import { updateProfile } from '@/features/profile-wizard/api/update-profile';
import { useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { authKeys } from '@/lib/auth/api/keys';
import { listKeys } from '@/lib/browse/keys';

type ProfileDraftBody = components['schemas']['ProfileDraftBody'];

export interface SaveProfileInput {
  userId: number;
  draft: ProfileDraftBody;
  /** Edit mode replaces the profile; otherwise it is made. */
  editing: boolean;
}

/**
 * Saves the wizard's draft and lets everything that shows the profile kind (header, dashboard)
 * learn about it.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const save = useIdempotentCall(({ userId, draft, editing }: SaveProfileInput, key: string) =>
    editing ? updateProfile(userId, draft) : createProfile(draft, key),
  );
  return useMutation({
    mutationFn: save,
    onSuccess: (saved, { userId }) => {
      queryClient.setQueryData(authKeys.profileLookup(userId), saved);
      void queryClient.invalidateQueries({ queryKey: authKeys.profileLookups() });
      // The card in the lists follows the profile.
      void queryClient.invalidateQueries({ queryKey: listKeys.lists() });
    },
  });
}
