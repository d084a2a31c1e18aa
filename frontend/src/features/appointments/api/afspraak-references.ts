import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import { idempotencyHeader, useIdempotentCall } from '@/lib/api/idempotency';
import type { components } from '@/lib/api/openapi';
import { messagingKeys } from '@/lib/messaging/keys';

export type AppointmentReferences = components['schemas']['AppointmentReferencesView'];
export type ReferenceBody = components['schemas']['ReferenceBody'];
export type AfspraakOutcome = components['schemas']['AfspraakOutcome'];

/**
 * Within the conversation's afspraken, so that a live 'afspraak' event (the other wrote theirs,
 * which may publish both) reads it again.
 */
const referencesKey = (conversationId: number, appointmentId: number) =>
  [...messagingKeys.appointmentsOf(conversationId), 'references', appointmentId] as const;

/** `GET /api/appointments/{id}/references`: one's own, the other's once published. */
export const appointmentReferencesQueryOptions = (conversationId: number, appointmentId: number) =>
  queryOptions({
    queryKey: referencesKey(conversationId, appointmentId),
    queryFn: () =>
      unwrap(
        api.GET('/api/appointments/{id}/references', {
          params: { path: { id: appointmentId } },
        }),
      ),
  });

export function useAppointmentReferences(conversationId: number, appointmentId: number) {
  return useQuery(appointmentReferencesQueryOptions(conversationId, appointmentId));
}

/**
 * Whether an afspraak that took place still waits for the reader, in a conversation still open:
 * 'Is de afspraak doorgegaan?' to answer, or a reference they may write and have not.
 */
export function waitsOnReader(references: AppointmentReferences, open: boolean): boolean {
  // As the afspraak's references offer them (`AfspraakReferences`).
  return open && (references.asksOutcome || (!references.mine && references.mayNotWrite === null));
}

/**
 * `POST /api/appointments/{id}/reference`, under one idempotency key per reference: sent twice,
 * it is written once and both get its answer. Rejects with an `ApiError`: 422 names `text` or
 * `appointment` (not now), 409 when written already.
 */
export function useWriteReference(conversationId: number, appointmentId: number) {
  const queryClient = useQueryClient();
  const write = useIdempotentCall((body: ReferenceBody, key: string) =>
    unwrap(
      api.POST('/api/appointments/{id}/reference', {
        params: { path: { id: appointmentId }, header: idempotencyHeader(key) },
        body,
      }),
    ),
  );
  return useMutation({
    mutationFn: write,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: referencesKey(conversationId, appointmentId) }),
  });
}

/**
 * `POST /api/appointments/{id}/outcome`: the reader's answer to 'Is de afspraak doorgegaan?'.
 * Reads the afspraak's references and the dashboard's afspraken again, which ask it no longer.
 * Rejects with an `ApiError`: 422 (not now), 409 (answered already).
 */
export function useAnswerOutcome(conversationId: number, appointmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (outcome: AfspraakOutcome) =>
      unwrap(
        api.POST('/api/appointments/{id}/outcome', {
          params: { path: { id: appointmentId } },
          body: { outcome },
        }),
      ),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: referencesKey(conversationId, appointmentId) }),
        queryClient.invalidateQueries({ queryKey: messagingKeys.myAppointments() }),
      ]),
  });
}
