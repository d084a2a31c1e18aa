import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';

export type QueuedReport = components['schemas']['QueuedReportView'];
export type LogEntry = components['schemas']['LogEntryView'];

const moderationKeys = {
  reports: () => ['moderation', 'reports'] as const,
  log: () => ['moderation', 'log'] as const,
};

/** `GET /api/moderation/log`: every moderator action, newest first, a page at a time. */
export function useModerationLog() {
  return useInfiniteQuery({
    queryKey: moderationKeys.log(),
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }) =>
      unwrap(
        api.GET('/api/moderation/log', {
          params: { query: pageParam === null ? {} : { before: pageParam } },
        }),
      ),
    getNextPageParam: (page) => (page.hasMore ? (page.entries.at(-1)?.id ?? null) : null),
  });
}

/** `GET /api/moderation/reports`: the open reports, newest first. */
export function useReportQueue() {
  return useQuery({
    queryKey: moderationKeys.reports(),
    queryFn: async () => (await unwrap(api.GET('/api/moderation/reports'))).reports,
  });
}

/** `PUT` or `DELETE /api/moderation/hidden/{userId}`: hides a profile or shows it again. */
export function useSetHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, hidden }: { userId: number; hidden: boolean }) => {
      const params = { params: { path: { userId } } };
      await unwrap(
        hidden
          ? api.PUT('/api/moderation/hidden/{userId}', params)
          : api.DELETE('/api/moderation/hidden/{userId}', params),
      );
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/**
 * `PUT` or `DELETE /api/moderation/hidden-references/{referenceId}`: hides a reference from the
 * pages or shows it again.
 */
export function useSetReferenceHidden() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ referenceId, hidden }: { referenceId: number; hidden: boolean }) => {
      const params = { params: { path: { referenceId } } };
      await unwrap(
        hidden
          ? api.PUT('/api/moderation/hidden-references/{referenceId}', params)
          : api.DELETE('/api/moderation/hidden-references/{referenceId}', params),
      );
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

/** `POST /api/moderation/reports/{reportId}/close`: closes a report with a note. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, note }: { reportId: number; note: string | null }) =>
      unwrap(
        api.POST('/api/moderation/reports/{reportId}/close', {
          params: { path: { reportId } },
          body: { note },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: moderationKeys.reports() }),
  });
}

/**
 * `PUT /api/moderation/suspended/{userId}` with a reason, or `DELETE` to lift it: suspends an
 * account (its sessions end, its profile is hidden, the people it wrote to are warned).
 */
export function useSetSuspended() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { userId: number; reason: string } | { userId: number }) => {
      const params = { path: { userId: change.userId } };
      await unwrap(
        'reason' in change
          ? api.PUT('/api/moderation/suspended/{userId}', {
              params,
              body: { reason: change.reason },
            })
          : api.DELETE('/api/moderation/suspended/{userId}', { params }),
      );
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
