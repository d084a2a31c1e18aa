import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type Completeness = components['schemas']['CompletenessView'];

/** `GET /api/users/me/completeness`: what one's profile holds of what makes it complete. */
export function getCompleteness(): Promise<Completeness> {
  return unwrap(api.GET('/api/users/me/completeness'));
}

export const completenessQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.completeness(),
    queryFn: getCompleteness,
    // Read afresh on each visit: the profile may have changed on its own page meanwhile.
    staleTime: 0,
  });

export function useCompleteness(enabled: boolean) {
  return useQuery({ ...completenessQueryOptions(), enabled });
}
