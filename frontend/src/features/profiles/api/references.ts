import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
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
