import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { dashboardKeys } from './keys';

const feedKey = dashboardKeys.calendarFeed();

/** `GET /api/calendar-feed`: whether the signed-in person has a calendar address, since when. */
export function useCalendarFeed() {
  return useQuery({
    queryKey: feedKey,
    queryFn: () => unwrap(api.GET('/api/calendar-feed')),
  });
}

/** `POST /api/calendar-feed`: a new address (the old one stops); its URL, shown once. */
export function useRenewCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.POST('/api/calendar-feed')),
    // The address is shown once: no copy is kept after the page that shows it.
    gcTime: 0,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}

/** `DELETE /api/calendar-feed`: the address stops working. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unwrap(api.DELETE('/api/calendar-feed')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedKey }),
  });
}
