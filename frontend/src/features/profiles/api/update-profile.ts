import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  draftWithChange,
  type DraftChange,
  type ProfileDraftBody,
} from '@/features/profiles/api/draft-from-profile';
import { ownProfileQueryOptions } from '@/features/profiles/api/get-own-profile';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/api/keys';
import { useAuth } from '@/lib/auth/use-auth';
import { listKeys } from '@/lib/browse/keys';
import { profileKeys } from '@/lib/profiles/keys';

/** `PUT /api/profiles/{userId}` with the whole draft. */
export function updateProfile(userId: number, draft: ProfileDraftBody) {
  return unwrap(api.PUT('/api/profiles/{userId}', { params: { path: { userId } }, body: draft }));
}

/**
 * An inline edit: reads the own profile fresh, changes one field and sends the whole profile
 * back, as the server replaces a profile whole; afterwards every profile page and the profile
 * lookup are read again.
 */
export function useUpdateProfileField() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: DraftChange) => {
      if (!user) {
        throw new Error('Not signed in');
      }
      const own = await queryClient.query(ownProfileQueryOptions(user.id));
      return updateProfile(user.id, draftWithChange(own, change));
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.all }),
        queryClient.invalidateQueries({ queryKey: authKeys.profileLookups() }),
        queryClient.invalidateQueries({ queryKey: listKeys.lists() }),
      ]);
    },
  });
}
