import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { messagingKeys } from '@/lib/messaging/keys';

export type { Appointment } from '@/lib/messaging/appointments';
export type ProposeBody = components['schemas']['ProposeBody'];
export type StepName = components['schemas']['StepName'];

const appointmentsKey = messagingKeys.appointmentsOf;

/** After a proposal or a step: the conversation's afspraken and one's own over all of them. */
function refresh(queryClient: QueryClient, conversationId: number) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: appointmentsKey(conversationId) }),
    queryClient.invalidateQueries({ queryKey: messagingKeys.myAppointments() }),
  ]);
}

/** `GET /api/conversations/{id}/appointments`: the afspraken of a conversation, oldest first. */
export function useAppointments(conversationId: number) {
  return useQuery({
    queryKey: appointmentsKey(conversationId),
    queryFn: () =>
      unwrap(
        api.GET('/api/conversations/{id}/appointments', {
          params: { path: { id: conversationId } },
        }),
      ),
  });
}

/**
 * `POST /api/conversations/{id}/appointments`, under one idempotency key per proposal: sent
 * twice before the screen caught up, it is one afspraak and one answer. Rejects with an
 * `ApiError`: 422 names the field at fault, 409 says the proposal it answers was answered
 * already or three proposals wait already, 429 asks to wait.
 */
export function useProposeAppointment(conversationId: number) {
  const queryClient = useQueryClient();
  const propose = useIdempotentCall((body: ProposeBody, key: string) =>
    unwrap(
      api.POST('/api/conversations/{id}/appointments', {
        params: { path: { id: conversationId }, header: idempotencyHeader(key) },
        body,
      }),
    ),
  );
  return useMutation({
    mutationFn: propose,
    onSettled: () => refresh(queryClient, conversationId),
  });
}

/**
 * `POST /api/appointments/{id}/step`, under one idempotency key per step: tapped twice, it is
 * taken once and both get its answer. Rejects with an `ApiError` (409: not now, or taken).
 */
export function useAppointmentStep(conversationId: number) {
  const queryClient = useQueryClient();
  const take = useIdempotentCall(
    (
      { id, step, reason }: { id: number; step: StepName; reason?: string | undefined },
      key: string,
    ) =>
      unwrap(
        api.POST('/api/appointments/{id}/step', {
          params: { path: { id }, header: idempotencyHeader(key) },
          body: { step, reason: reason ?? null },
        }),
      ),
  );
  return useMutation({
    mutationFn: take,
    onSettled: () => refresh(queryClient, conversationId),
  });
}
