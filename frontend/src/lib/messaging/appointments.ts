import { queryOptions, skipToken } from '@tanstack/react-query';
import { unwrap } from '@/lib/api/api-error';
import { api } from '@/lib/api/client';
import type { components } from '@/lib/api/openapi';
import { messagingKeys } from '@/lib/messaging/keys';

export type Appointment = components['schemas']['AppointmentView'];
export type MyAppointments = components['schemas']['MyAppointmentsView'];

const WHEN = new Intl.DateTimeFormat('nl-NL', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
});
const CLOCK = new Intl.DateTimeFormat('nl-NL', { hour: '2-digit', minute: '2-digit' });

/** 'za 12 dec. 09:00 – 17:00', or with both dates when it runs over more days. */
export function whenOf(appointment: Pick<Appointment, 'startsAt' | 'endsAt'>): string {
  const start = new Date(appointment.startsAt);
  const end = new Date(appointment.endsAt);
  const sameDay = start.toDateString() === end.toDateString();
  return `${WHEN.format(start)} – ${sameDay ? CLOCK.format(end) : WHEN.format(end)}`;
}

/**
 * `GET /api/appointments`: one's afspraken still to come and those that took place, over all
 * conversations; `signedIn` false (a visitor) disables the query.
 */
export const myAppointmentsQueryOptions = (signedIn: boolean) =>
  queryOptions({
    queryKey: messagingKeys.myAppointments(),
    queryFn: signedIn ? () => unwrap(api.GET('/api/appointments')) : skipToken,
  });
