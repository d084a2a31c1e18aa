import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { useAuth } from '@/lib/auth/use-auth';

export type ReportBody = components['schemas']['ReportBody'];
export type ReferenceReportBody = components['schemas']['ReferenceReportBody'];
export type BlockedPerson = components['schemas']['BlockedPersonView'];

const FAILED = 'Dat lukte niet. Probeer het later opnieuw.';

/** What went wrong with a report or a block, in words for the person who tried it. */
export const failureText = (error: unknown) => (error instanceof ApiError ? error.message : FAILED);

export const trustKeys = {
  blocks: () => ['blocks'] as const,
};

/** `POST /api/reports`: a report for the moderators, stored once however often it is sent. */
export function useReport() {
  const report = useIdempotentCall((body: ReportBody, key: string) =>
    unwrap(api.POST('/api/reports', { params: { header: idempotencyHeader(key) }, body })),
  );
  return useMutation({ mutationFn: report });
}

/**
 * `POST /api/references/{referenceId}/report`: a report of a reference (its author is the person
 * reported), stored once however often it is sent.
 */
export function useReportReference() {
  const report = useIdempotentCall(
    ({ referenceId, ...body }: ReferenceReportBody & { referenceId: number }, key: string) =>
      unwrap(
        api.POST('/api/references/{referenceId}/report', {
          params: { path: { referenceId }, header: idempotencyHeader(key) },
          body,
        }),
      ),
  );
  return useMutation({ mutationFn: report });
}

/** `GET /api/blocks`: the people the signed-in person blocked. */
export function useBlocks() {
  const { user } = useAuth();
  return useQuery({
    queryKey: trustKeys.blocks(),
    queryFn: user === null ? skipToken : async () => (await unwrap(api.GET('/api/blocks'))).blocked,
  });
}

/**
 * `PUT` or `DELETE /api/blocks/{userId}`. Afterwards everything a block changes is read again:
 * the lists of people, favourites and conversations.
 */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, blocked }: { userId: number; blocked: boolean }) => {
      const params = { params: { path: { userId } } };
      await unwrap(
        blocked
          ? api.PUT('/api/blocks/{userId}', params)
          : api.DELETE('/api/blocks/{userId}', params),
      );
    },
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
