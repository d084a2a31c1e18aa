import { CalendarPlus, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import {
  useAppointments,
  useAppointmentStep,
  type Appointment,
  type StepName,
} from '@/features/appointments/api/appointments';
import { petNames, useConversationPets } from '@/features/appointments/api/conversation-pets';
import { AfspraakReferences } from '@/features/appointments/components/afspraak-references';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { whenOf } from '@/lib/messaging/appointments';

/** The dialogs' code, asked for when someone first opens one. */
const ProposeDialog = lazy(async () => ({
  default: (await import('@/features/appointments/components/appointment-dialogs')).ProposeDialog,
}));
const ReasonDialog = lazy(async () => ({
  default: (await import('@/features/appointments/components/appointment-dialogs')).ReasonDialog,
}));

/** The steps `me` may offer on `appointment` now, as the server's rule allows them. */
function stepsFor(appointment: Appointment, me: number | undefined): StepName[] {
  if (appointment.state === 'voorgesteld') {
    return appointment.proposerId === me ? ['intrekken'] : ['accepteren', 'afwijzen'];
  }
  if (appointment.state === 'geaccepteerd' && !appointment.started) {
    return ['annuleren'];
  }
  return [];
}

const STEP_LABELS: Record<StepName, string> = {
  accepteren: 'Accepteren',
  afwijzen: 'Afwijzen',
  intrekken: 'Intrekken',
  annuleren: 'Annuleren',
};

/**
 * The afspraken of a conversation above its messages: each with where it stands and the steps
 * the reader may take, and 'Afspraak voorstellen' while the conversation is open.
 */
export function AppointmentsBar({
  conversationId,
  open,
  otherName,
  otherUserId,
  petId = null,
}: {
  conversationId: number;
  /** Whether the conversation still takes messages (and proposals). */
  open: boolean;
  otherName: string;
  /** The other person, whose pets (if they are the owner) an afspraak can be for. */
  otherUserId?: number | undefined;
  /** The pet the conversation is about, chosen first in a proposal. */
  petId?: number | null;
}) {
  const { user } = useAuth();
  const pets = useConversationPets(otherUserId);
  const appointments = useAppointments(conversationId);
  const step = useAppointmentStep(conversationId);
  const [proposing, setProposing] = useState(false);
  // The other's proposal answered with another time.
  const [countering, setCountering] = useState<Appointment | null>(null);
  // A decline or a cancellation, asked for its reason first.
  const [asking, setAsking] = useState<{ appointment: Appointment; step: StepName } | null>(null);
  const list = appointments.data ?? [];
  const stepError = step.error instanceof ApiError ? step.error.message : null;

  if (!open && list.length === 0) return null;
  return (
    <section
      aria-label="Afspraken"
      className="flex flex-col gap-2 border-b border-stone-200 bg-white px-4 py-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-base font-bold text-stone-900">Afspraken</h2>
        {open && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setProposing(true);
            }}
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Afspraak voorstellen
          </Button>
        )}
      </div>
      {stepError && <FormAlert>{stepError}</FormAlert>}
      {list.length > 0 && (
        // Scrolls when there are many; reachable by keyboard, so it scrolls by keyboard too.
        <div
          role="region"
          aria-label="Afspraken in dit gesprek"
          tabIndex={0}
          className="max-h-56 overflow-y-auto rounded-xl"
        >
          <ul className="flex flex-col gap-2">
            {list.map((appointment) => (
              <li
                key={appointment.id}
                aria-label={`${V.AppointmentKind.labels[appointment.kind]}, ${whenOf(appointment)}`}
                className="flex flex-col gap-1 rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200 ring-inset"
              >
                <p className="font-semibold text-stone-900">
                  {V.AppointmentKind.labels[appointment.kind]}
                </p>
                <p className="text-sm text-stone-700">{whenOf(appointment)}</p>
                {petNames(appointment.pets, pets) && (
                  <p className="text-sm text-stone-700">Voor {petNames(appointment.pets, pets)}</p>
                )}
                <p className="text-sm text-stone-800">
                  {V.AppointmentState.labels[appointment.state]}
                  {appointment.state === 'voorgesteld' &&
                    (appointment.proposerId === user?.id
                      ? `, wacht op ${otherName}`
                      : `, door ${otherName}`)}
                  {appointment.reason && `: ${appointment.reason}`}
                </p>
                {appointment.note && (
                  <p className="text-sm text-stone-700 italic">{appointment.note}</p>
                )}
                {appointment.warning && (
                  <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
                    <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {appointment.warning}
                  </p>
                )}
                {appointment.tookPlace && (
                  <AfspraakReferences
                    conversationId={conversationId}
                    appointmentId={appointment.id}
                    otherName={otherName}
                    open={open}
                  />
                )}
                {open && stepsFor(appointment, user?.id).length > 0 && (
                  <div className="flex flex-wrap gap-2 pt-1">
                    {stepsFor(appointment, user?.id).map((name) => (
                      <Button
                        key={name}
                        size="sm"
                        variant={name === 'accepteren' ? 'primary' : 'ghost'}
                        disabled={step.isPending}
                        onClick={() => {
                          if (name === 'afwijzen' || name === 'annuleren') {
                            setAsking({ appointment, step: name });
                          } else {
                            step.mutate({ id: appointment.id, step: name });
                          }
                        }}
                      >
                        {STEP_LABELS[name]}
                      </Button>
                    ))}
                    {appointment.state === 'voorgesteld' && appointment.proposerId !== user?.id && (
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={step.isPending}
                        onClick={() => {
                          setCountering(appointment);
                        }}
                      >
                        Ander tijdstip voorstellen
                      </Button>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <Suspense fallback={null}>
        {asking && (
          <ReasonDialog
            step={asking.step}
            pending={step.isPending}
            onClose={() => {
              setAsking(null);
            }}
            send={(reason) =>
              step.mutateAsync({ id: asking.appointment.id, step: asking.step, reason })
            }
            onRefusedAtField={() => {
              step.reset();
            }}
          />
        )}
        {countering && (
          <ProposeDialog
            conversationId={conversationId}
            otherName={otherName}
            pets={pets}
            petId={countering.pets[0] ?? petId}
            replacing={countering}
            onClose={() => {
              setCountering(null);
            }}
          />
        )}
        {proposing && (
          <ProposeDialog
            conversationId={conversationId}
            otherName={otherName}
            pets={pets}
            petId={petId}
            onClose={() => {
              setProposing(false);
            }}
          />
        )}
      </Suspense>
    </section>
  );
}
