import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/features/dashboard/api/keys';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type MessageSettings = components['schemas']['MessageSettings'];

/** `GET /api/users/me/settings`: whether new messages are announced by e-mail. */
export function getMessageSettings(): Promise<MessageSettings> {
  return unwrap(api.GET('/api/users/me/settings'));
}

/** `PUT /api/users/me/settings`. */
export function updateMessageSettings(body: MessageSettings): Promise<MessageSettings> {
  return unwrap(api.PUT('/api/users/me/settings', { body }));
}

export const messageSettingsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.messageSettings(),
    queryFn: getMessageSettings,
  });

export function useMessageSettings() {
  return useQuery(messageSettingsQueryOptions());
}

/** Saves the setting; the cache holds what the server stored. */
export function useUpdateMessageSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMessageSettings,
    onSuccess: (stored) => {
      queryClient.setQueryData(dashboardKeys.messageSettings(), stored);
    },
  });
}
