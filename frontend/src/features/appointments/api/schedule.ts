import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { listKeys } from '@/lib/browse/keys';
import { profileKeys } from '@/lib/profiles/keys';

export type Schedule = components['schemas']['ScheduleView'];
export type ScheduleBody = components['schemas']['ScheduleBody'];
export type WeekSlot = components['schemas']['WeekSlot'];
export type AwayPeriod = components['schemas']['AwayPeriod'];

const scheduleKey = [...profileKeys.all, 'schedule'] as const;

/** `GET /api/volunteers/me/schedule`: the signed-in sitter's week, periods away and pause. */
export function useMySchedule(enabled: boolean) {
  return useQuery({
    queryKey: scheduleKey,
    queryFn: () => unwrap(api.GET('/api/volunteers/me/schedule')),
    enabled,
  });
}

/**
 * `PUT /api/volunteers/me/schedule` with the whole schedule; afterwards her pages are read
 * again.
 * Rejects with an `ApiError`: 422 names the period at fault in `field` (`away[1]`).
 */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ScheduleBody) => unwrap(api.PUT('/api/volunteers/me/schedule', { body })),
    onSuccess: async (saved) => {
      queryClient.setQueryData(scheduleKey, saved);
      // Her card follows: a pause takes it out of the lists, the week is what they filter on.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKeys.pages() }),
        queryClient.invalidateQueries({ queryKey: listKeys.lists() }),
      ]);
    },
  });
}
