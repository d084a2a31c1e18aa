import { useQuery } from '@tanstack/react-query';
import { CalendarCheck, CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { RETRY } from '@/components/ui/load-error';
import { Loading, Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { myAppointmentsQueryOptions, whenOf, type Appointment } from '@/lib/messaging/appointments';
import { useConversations } from '@/lib/messaging/list-conversations';
import { CareCardLinks } from './care-card-links';
import { OutcomeQuestion } from './outcome-question';

export const APPOINTMENTS_TITLE = 'Afspraken';
export const UPCOMING_TITLE = 'Komende afspraken';
export const PAST_TITLE = 'Eerdere afspraken';
export const NO_UPCOMING =
  "Geen afspraken gepland. Een afspraak maak je in een gesprek, met 'Afspraak voorstellen'.";
export const NO_PAST = 'Nog geen afspraken gehad.';
export const APPOINTMENTS_FAILED = 'Je afspraken konden niet worden geladen.';

/**
 * Where a listed afspraak stands for `me`: an accepted one needs no words; a proposal says whose
 * answer it waits for.
 */
export function standingOf(appointment: Appointment, me: number, otherName: string): string {
  if (appointment.state !== 'voorgesteld') return V.AppointmentState.labels[appointment.state];
  return appointment.proposerId === me
    ? `Voorgesteld, wacht op ${otherName}`
    : `Voorgesteld door ${otherName}: geef antwoord in het gesprek`;
}

/**
 * 'Komende afspraken' and 'Eerdere afspraken' on the dashboard: each afspraak with its help, its
 * time, the other person and where it stands, leading to the conversation it was made in.
 * `ready` false (still finding out who is signed in) shows the lists' skeleton.
 */
export function AppointmentsOverview({ ready = true }: { ready?: boolean }) {
  return (
    <Card as="section" aria-labelledby="appointments" className="flex flex-col gap-4">
      <h2 id="appointments" className="text-xl font-bold text-stone-900">
        {APPOINTMENTS_TITLE}
      </h2>
      {ready ? <AppointmentsState /> : <AppointmentsSkeleton />}
    </Card>
  );
}

function AppointmentsState() {
  const { user } = useAuth();
  const appointments = useQuery(myAppointmentsQueryOptions(user !== null));
  const conversations = useConversations();
  if (appointments.isPending) return <AppointmentsSkeleton />;
  if (appointments.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-red-800">
          {APPOINTMENTS_FAILED}
        </p>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void appointments.refetch();
          }}
        >
          {RETRY}
        </Button>
      </div>
    );
  }
  const nameOf = (appointment: Appointment) =>
    conversations.data?.conversations.find(
      (conversation) => conversation.id === appointment.conversationId,
    )?.name ?? 'de ander';
  const me = user?.id ?? 0;
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <AppointmentList
        title={UPCOMING_TITLE}
        empty={NO_UPCOMING}
        items={appointments.data.upcoming}
        icon="upcoming"
        describe={(appointment) => standingOf(appointment, me, nameOf(appointment))}
        nameOf={nameOf}
      />
      <AppointmentList
        title={PAST_TITLE}
        empty={NO_PAST}
        items={appointments.data.past}
        icon="past"
        describe={() => null}
        nameOf={nameOf}
        asks={(appointment) => appointments.data.awaitingAnswer.includes(appointment.id)}
      />
    </div>
  );
}

function AppointmentList({
  title,
  empty,
  items,
  icon,
  describe,
  nameOf,
  asks = () => false,
}: {
  title: string;
  empty: string;
  items: Appointment[];
  icon: 'upcoming' | 'past';
  describe: (appointment: Appointment) => string | null;
  nameOf: (appointment: Appointment) => string;
  /** Whether 'Is de afspraak doorgegaan?' waits for the reader's answer on this one. */
  asks?: (appointment: Appointment) => boolean;
}) {
  const Icon = icon === 'upcoming' ? CalendarClock : CalendarCheck;
  const headingId = `afspraken-${icon}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="font-bold text-stone-900">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="text-stone-700">{empty}</p>
      ) : (
        <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-stone-100">
          {items.map((appointment) => {
            const standing = describe(appointment);
            return (
              <li key={appointment.id} className="flex items-start gap-3 py-2">
                <span className="mt-0.5 flex size-9 shrink-0 items-center justify-center rounded-full bg-teal-100 text-teal-800">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <span className="flex min-w-0 flex-col">
                  <Link
                    to={`${paths.messages}?conversation=${String(appointment.conversationId)}`}
                    className="font-semibold text-teal-800 underline-offset-2 hover:underline"
                  >
                    {V.AppointmentKind.labels[appointment.kind]} met {nameOf(appointment)}
                  </Link>
                  <span className="text-sm text-stone-700">{whenOf(appointment)}</span>
                  {standing && <span className="text-sm text-stone-600">{standing}</span>}
                  {appointment.care.length > 0 && (
                    <div className="mt-2">
                      <CareCardLinks appointment={appointment} />
                    </div>
                  )}
                  {asks(appointment) && (
                    <div className="mt-2">
                      <OutcomeQuestion
                        conversationId={appointment.conversationId}
                        appointmentId={appointment.id}
                      />
                    </div>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function AppointmentsSkeleton() {
  return (
    <Loading label="Afspraken laden...">
      <div className="grid gap-6 md:grid-cols-2">
        {[UPCOMING_TITLE, PAST_TITLE].map((title) => (
          <div key={title} className="flex flex-col gap-2">
            <span className="font-bold text-stone-900">{title}</span>
            <Skeleton inline className="w-3/4 max-w-72" />
          </div>
        ))}
      </div>
    </Loading>
  );
}
