import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { profileKeys } from '@/lib/profiles/keys';

export type PetPageData = components['schemas']['PetPage'];

/** `GET /api/pets/{petId}`: the pet and its owner, or null when there is no such pet. */
export async function getPetPage(petId: number): Promise<PetPageData | null> {
  try {
    return await unwrap(api.GET('/api/pets/{petId}', { params: { path: { petId } } }));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const petPageQueryOptions = (petId: number) =>
  queryOptions({
    queryKey: profileKeys.pet(petId),
    queryFn: () => getPetPage(petId),
  });

export function usePetPage(petId: number) {
  return useQuery(petPageQueryOptions(petId));
}
