import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { profileKeys } from '@/lib/profiles/keys';

export type OwnerPageData = components['schemas']['OwnerPage'];

/** `GET /api/owners/{ownerId}`: the owner and their pets, or null when there is no such owner. */
export async function getOwnerPage(ownerId: number): Promise<OwnerPageData | null> {
  try {
    return await unwrap(api.GET('/api/owners/{ownerId}', { params: { path: { ownerId } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const ownerPageQueryOptions = (ownerId: number) =>
  queryOptions({
    queryKey: profileKeys.owner(ownerId),
    queryFn: () => getOwnerPage(ownerId),
  });

export function useOwnerPage(ownerId: number) {
  return useQuery(ownerPageQueryOptions(ownerId));
}
