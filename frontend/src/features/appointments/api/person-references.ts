import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { profileKeys } from '@/lib/profiles/keys';

export type PublicReference = components['schemas']['PublicReferenceView'];

/** `GET /api/users/{userId}/references`: the published references about a person, newest first. */
export const referencesQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: profileKeys.references(userId),
    queryFn: () =>
      unwrap(api.GET('/api/users/{userId}/references', { params: { path: { userId } } })),
  });

export function useReferences(userId: number) {
  return useQuery(referencesQueryOptions(userId));
}

/**
 * `POST /api/references/{id}/reply`: the subject's one public reply, under one idempotency key
 * per reply. Rejects with an `ApiError`: 422 names `text`, 409 when replied already.
 */
export function useReplyToReference(userId: number) {
  const queryClient = useQueryClient();
  const reply = useIdempotentCall(({ id, text }: { id: number; text: string }, key: string) =>
    unwrap(
      api.POST('/api/references/{id}/reply', {
        params: { path: { id }, header: idempotencyHeader(key) },
        body: { text },
      }),
    ),
  );
  return useMutation({
    mutationFn: reply,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileKeys.references(userId) }),
  });
}
