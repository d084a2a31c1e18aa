import { useQueries } from '@tanstack/react-query';
import { CalendarPlus, ChevronRight, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { FormAlert } from '@/components/ui/form-alert';
import {
  appointmentReferencesQueryOptions,
  waitsOnReader,
} from '@/features/appointments/api/afspraak-references';
import {
  useAppointments,
  useAppointmentStep,
  type Appointment,
  type StepName,
} from '@/features/appointments/api/appointments';
import {
  petNames,
  useConversationPets,
  type ConversationPet,
} from '@/features/appointments/api/conversation-pets';
import { AfspraakReferences } from '@/features/appointments/components/afspraak-references';
import { CareCardLinks } from '@/features/appointments/components/care-card-links';
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

export const WITHDRAW_QUESTION = 'Voorstel intrekken?';
const WITHDRAW_FAILED = 'Het voorstel kon niet worden ingetrokken. Probeer het opnieuw.';

/**
 * Whether an afspraak is still under way for both: a proposal waiting, or accepted and not over;
 * or news about one to come: a cancelled afspraak stays in view, with its reason, until the time
 * it would have started.
 */
function isOpen(appointment: Appointment): boolean {
  return (
    appointment.state === 'voorgesteld' ||
    (appointment.state === 'geaccepteerd' && !appointment.tookPlace) ||
    (appointment.state === 'geannuleerd' && !appointment.started)
  );
}

const byStart = (a: Appointment, b: Appointment) => a.startsAt.localeCompare(b.startsAt);

/** 'Eerdere voorstellen en afspraken (3)': the fold with those that are over. */
const earlierLabel = (count: number) => `Eerdere voorstellen en afspraken (${count})`;

/**
 * The afspraken of a conversation above its messages. Those still open (a proposal waiting, an
 * accepted one to come, one that took place and still asks the reader something) come first and
 * whole, soonest first; those that are over (withdrawn, declined, answered with another time,
 * cancelled, finished) are folded away under 'Eerdere voorstellen en afspraken (n)', latest
 * first. One shown among the open ones stays there for as long as the conversation is on screen,
 * so that what was just done to it (withdrawn, declined, a reference written) stays in view.
 * 'Afspraak voorstellen' while the conversation is open.
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
  // A withdrawal's refusal is told in its own dialog.
  const stepError =
    step.error instanceof ApiError && step.variables?.step !== 'intrekken'
      ? step.error.message
      : null;

  // Those that took place: whether each still waits for the reader (the same reads as the
  // references under them, so asked once).
  const tookPlace = list.filter((appointment) => appointment.tookPlace);
  const references = useQueries({
    queries: tookPlace.map((appointment) =>
      appointmentReferencesQueryOptions(conversationId, appointment.id),
    ),
  });
  const waiting = new Set(
    tookPlace.flatMap((appointment, index) => {
      const data = references[index]?.data;
      return data && waitsOnReader(data, open) ? [appointment.id] : [];
    }),
  );
  const openNow = (appointment: Appointment) => isOpen(appointment) || waiting.has(appointment.id);

  // Open while this conversation was shown: kept in view until it is opened again.
  const [keptOpen, setKeptOpen] = useState<ReadonlySet<number>>(() => new Set());
  const fresh = list.filter((appointment) => openNow(appointment) && !keptOpen.has(appointment.id));
  if (fresh.length > 0) {
    setKeptOpen(new Set([...keptOpen, ...fresh.map((appointment) => appointment.id)]));
  }
  const current = list.filter((a) => openNow(a) || keptOpen.has(a.id)).sort(byStart);
  const earlier = list
    .filter((a) => !openNow(a) && !keptOpen.has(a.id))
    .sort((a, b) => byStart(b, a));

  const item = (appointment: Appointment) => (
    <AppointmentItem
      key={appointment.id}
      appointment={appointment}
      conversationId={conversationId}
      open={open}
      otherName={otherName}
      me={user?.id}
      pets={pets}
      busy={step.isPending}
      onStep={(name) => {
        if (name === 'afwijzen' || name === 'annuleren') {
          setAsking({ appointment, step: name });
        } else {
          step.mutate({ id: appointment.id, step: name });
        }
      }}
      withdraw={() => step.mutateAsync({ id: appointment.id, step: 'intrekken' })}
      onCounter={() => {
        setCountering(appointment);
      }}
    />
  );

  if (!open && list.length === 0) return null;
  return (
    <section
      aria-label="Afspraken"
      // As tall as what is open: the messages below give way, not the afspraken.
      className="flex shrink-0 flex-col gap-2 border-b border-stone-200 bg-white px-4 py-3"
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
      {current.length > 0 && (
        <ul aria-label="Open afspraken" className="flex flex-col gap-2">
          {current.map(item)}
        </ul>
      )}
      {earlier.length > 0 && (
        <details className="group rounded-xl">
          <summary className="flex cursor-pointer list-none items-center gap-1 rounded-lg py-1 text-sm font-semibold text-stone-700 hover:text-stone-900 [&::-webkit-details-marker]:hidden">
            <ChevronRight
              aria-hidden="true"
              className="size-4 shrink-0 transition-transform group-open:rotate-90 motion-reduce:transition-none"
            />
            {earlierLabel(earlier.length)}
          </summary>
          <ul aria-label="Eerdere voorstellen en afspraken" className="mt-2 flex flex-col gap-2">
            {earlier.map(item)}
          </ul>
        </details>
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

/** One afspraak: what, when, for whom, where it stands, and the steps the reader may take. */
function AppointmentItem({
  appointment,
  conversationId,
  open,
  otherName,
  me,
  pets,
  busy,
  onStep,
  withdraw,
  onCounter,
}: {
  appointment: Appointment;
  conversationId: number;
  open: boolean;
  otherName: string;
  me: number | undefined;
  pets: ConversationPet[];
  /** While a step is on its way. */
  busy: boolean;
  onStep: (name: StepName) => void;
  /** Withdraws the reader's own proposal, once they confirmed it. */
  withdraw: () => Promise<unknown>;
  onCounter: () => void;
}) {
  const steps = open ? stepsFor(appointment, me) : [];
  const forPets = petNames(appointment.pets, pets);
  return (
    <li
      aria-label={`${V.AppointmentKind.labels[appointment.kind]}, ${whenOf(appointment)}`}
      className="flex flex-col gap-1 rounded-xl bg-stone-50 px-3 py-2 ring-1 ring-stone-200 ring-inset"
    >
      <p className="font-semibold text-stone-900">{V.AppointmentKind.labels[appointment.kind]}</p>
      <p className="text-sm text-stone-700">{whenOf(appointment)}</p>
      {forPets && <p className="text-sm text-stone-700">Voor {forPets}</p>}
      <p className="text-sm text-stone-800">
        {V.AppointmentState.labels[appointment.state]}
        {appointment.state === 'voorgesteld' &&
          (appointment.proposerId === me ? `, wacht op ${otherName}` : `, door ${otherName}`)}
        {appointment.reason && `: ${appointment.reason}`}
      </p>
      {appointment.note && <p className="text-sm text-stone-700 italic">{appointment.note}</p>}
      {appointment.warning && (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {appointment.warning}
        </p>
      )}
      <CareCardLinks appointment={appointment} />
      {appointment.tookPlace && (
        <AfspraakReferences
          conversationId={conversationId}
          appointmentId={appointment.id}
          otherName={otherName}
          open={open}
        />
      )}
      {steps.length > 0 && (
        <div className="flex flex-wrap gap-2 pt-1">
          {steps.map((name) =>
            name === 'intrekken' ? (
              <ConfirmButton
                key={name}
                title={WITHDRAW_QUESTION}
                confirmLabel={STEP_LABELS.intrekken}
                explanation={
                  <p className="text-stone-700">
                    {otherName} kan dit voorstel dan niet meer accepteren. Wil je toch iets
                    afspreken, dan doe je een nieuw voorstel.
                  </p>
                }
                act={withdraw}
                failureText={(error) =>
                  error instanceof ApiError ? error.message : WITHDRAW_FAILED
                }
                busy={busy}
              >
                {STEP_LABELS.intrekken}
              </ConfirmButton>
            ) : (
              <Button
                key={name}
                size="sm"
                variant={name === 'accepteren' ? 'primary' : 'ghost'}
                disabled={busy}
                onClick={() => {
                  onStep(name);
                }}
              >
                {STEP_LABELS[name]}
              </Button>
            ),
          )}
          {appointment.state === 'voorgesteld' && appointment.proposerId !== me && (
            <Button size="sm" variant="ghost" disabled={busy} onClick={onCounter}>
              Ander tijdstip voorstellen
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
