import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DraftChange } from '@/features/profiles/api/draft-from-profile';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { authKeys } from '@/lib/auth/api/keys';
import { useAuth } from '@/lib/auth/use-auth';
import { listKeys } from '@/lib/browse/keys';
import { profileKeys } from '@/lib/profiles/keys';

/**
 * An inline edit: `PATCH /api/profiles/{userId}` with only the changed fields, which the server
 * lays over the profile as stored (a change made meanwhile in another tab stays); afterwards every
 * profile page and the profile lookup are read again.
 */
export function useUpdateProfileField() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: DraftChange) => {
      if (!user) {
        throw new Error('Not signed in');
      }
      return unwrap(
        api.PATCH('/api/profiles/{userId}', { params: { path: { userId: user.id } }, body: change }),
      );
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
