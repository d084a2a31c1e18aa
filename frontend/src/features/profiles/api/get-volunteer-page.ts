import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { profileKeys } from '@/lib/profiles/keys';

export type VolunteerPageData = components['schemas']['VolunteerPage'];

/** `GET /api/volunteers/{volunteerId}`, or null when there is no such volunteer. */
export async function getVolunteerPage(volunteerId: number): Promise<VolunteerPageData | null> {
  try {
    return await unwrap(
      api.GET('/api/volunteers/{volunteerId}', { params: { path: { volunteerId } } }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const volunteerPageQueryOptions = (volunteerId: number) =>
  queryOptions({
    queryKey: profileKeys.volunteer(volunteerId),
    queryFn: () => getVolunteerPage(volunteerId),
  });

export function useVolunteerPage(volunteerId: number) {
  return useQuery(volunteerPageQueryOptions(volunteerId));
}
