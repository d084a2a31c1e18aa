import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type LastActiveSetting = components['schemas']['LastActiveSetting'];

/** `GET /api/trust/last-active`: whether one's pages say when one was last active. */
export function getLastActiveSetting(): Promise<LastActiveSetting> {
  return unwrap(api.GET('/api/trust/last-active'));
}

/** `PUT /api/trust/last-active`. */
export function updateLastActiveSetting(body: LastActiveSetting): Promise<LastActiveSetting> {
  return unwrap(api.PUT('/api/trust/last-active', { body }));
}

export const lastActiveQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.lastActive(), queryFn: getLastActiveSetting });

export function useLastActiveSetting() {
  return useQuery(lastActiveQueryOptions());
}

/** Saves the setting; the cache holds what the server stored. */
export function useUpdateLastActiveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLastActiveSetting,
    onSuccess: (stored) => {
      queryClient.setQueryData(dashboardKeys.lastActive(), stored);
    },
  });
}
