import { CalendarPlus, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Select, Textarea } from '@/components/ui/form-fields';
import { Input } from '@/components/ui/input';
import {
  useAppointments,
  useAppointmentStep,
  useProposeAppointment,
  type Appointment,
  type StepName,
} from '@/features/appointments/api/appointments';
import {
  petNames,
  useConversationPets,
  type ConversationPet,
} from '@/features/appointments/api/conversation-pets';
import { AfspraakReferences } from '@/features/appointments/components/afspraak-references';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import { useAuth } from '@/lib/auth/use-auth';
import { whenOf } from '@/lib/messaging/appointments';
import { pick } from '@/lib/vocabulary';

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
      {asking && (
        <ReasonDialog
          step={asking.step}
          pending={step.isPending}
          onClose={() => {
            setAsking(null);
          }}
          onConfirm={(reason) => {
            step.mutate(
              { id: asking.appointment.id, step: asking.step, reason },
              {
                onSettled: () => {
                  setAsking(null);
                },
              },
            );
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
    </section>
  );
}

const KIND_OPTIONS = V.AppointmentKind.values.map((value) => ({
  value,
  label: V.AppointmentKind.labels[value],
}));

/** A local date and time ('2026-12-12', '09:00') as the moment the API reads (UTC). */
function moment(date: string, time: string): string {
  return new Date(`${date}T${time}`).toISOString();
}

function ProposeDialog({
  conversationId,
  otherName,
  pets,
  petId,
  replacing = null,
  onClose,
}: {
  conversationId: number;
  otherName: string;
  pets: ConversationPet[];
  petId: number | null;
  /** The other's proposal this one answers with another time. */
  replacing?: Appointment | null;
  onClose: () => void;
}) {
  const propose = useProposeAppointment(conversationId);
  // Untouched: the conversation's pet, or the only pet there is.
  const [picked, setPicked] = useState<number[] | null>(null);
  const firstPet = pets.length === 1 ? pets[0]?.id : undefined;
  const fallback = petId !== null && pets.some((pet) => pet.id === petId) ? [petId] : [];
  const chosen = picked ?? (firstPet === undefined ? fallback : [firstPet]);
  const [kind, setKind] = useState<Appointment['kind']>(
    replacing?.kind ?? V.AppointmentKind.values[0],
  );
  const [day, setDay] = useState('');
  const [until, setUntil] = useState('');
  const [from, setFrom] = useState('09:00');
  const [to, setTo] = useState('17:00');
  const [note, setNote] = useState('');
  const error = propose.error instanceof ApiError ? propose.error : null;
  const ready = day !== '' && from !== '' && to !== '';

  return (
    <Dialog
      open
      onClose={onClose}
      title={
        replacing
          ? `Ander tijdstip voorstellen aan ${otherName}`
          : `Afspraak voorstellen aan ${otherName}`
      }
      sheet
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Annuleren
          </Button>
          <Button
            disabled={!ready || propose.isPending}
            onClick={() => {
              propose.mutate(
                {
                  kind,
                  pets: chosen,
                  startsAt: moment(day, from),
                  endsAt: moment(until || day, to),
                  note: note.trim() === '' ? null : note,
                  replaces: replacing?.id ?? null,
                },
                { onSuccess: onClose },
              );
            }}
          >
            {propose.isPending ? 'Versturen...' : 'Voorstel versturen'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {error && <FormAlert>{error.message}</FormAlert>}
        <Select
          label="Soort hulp"
          placeholder={null}
          options={KIND_OPTIONS}
          value={kind}
          onChange={(event) => {
            setKind(pick(V.AppointmentKind, event.target.value) ?? V.AppointmentKind.values[0]);
          }}
        />
        {pets.length > 0 && (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-stone-800">
              Voor welke huisdieren?
            </legend>
            <div className="flex flex-wrap gap-2">
              {pets.map((pet) => (
                <label
                  key={pet.id}
                  className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
                >
                  <input
                    type="checkbox"
                    checked={chosen.includes(pet.id)}
                    onChange={(event) => {
                      const on = event.target.checked;
                      setPicked(on ? [...chosen, pet.id] : chosen.filter((id) => id !== pet.id));
                    }}
                    className="size-5 accent-orange-700"
                  />
                  {pet.name}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <div className="grid grid-cols-2 gap-2">
          <Input
            type="date"
            label="Datum"
            value={day}
            onChange={(event) => {
              setDay(event.target.value);
            }}
          />
          <Input
            type="date"
            label="Tot en met (meer dagen)"
            value={until}
            min={day || undefined}
            onChange={(event) => {
              setUntil(event.target.value);
            }}
          />
          <Input
            type="time"
            label="Van"
            value={from}
            onChange={(event) => {
              setFrom(event.target.value);
            }}
          />
          <Input
            type="time"
            label="Tot"
            value={to}
            onChange={(event) => {
              setTo(event.target.value);
            }}
          />
        </div>
        <Textarea
          label="Opmerking (niet verplicht)"
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
          }}
        />
      </div>
    </Dialog>
  );
}

/** Asks why before a decline or a cancellation; the reason is optional, the other reads it. */
function ReasonDialog({
  step,
  pending,
  onClose,
  onConfirm,
}: {
  step: StepName;
  pending: boolean;
  onClose: () => void;
  onConfirm: (reason: string | undefined) => void;
}) {
  const [reason, setReason] = useState('');
  const declining = step === 'afwijzen';
  return (
    <Dialog
      open
      onClose={onClose}
      title={declining ? 'Voorstel afwijzen' : 'Afspraak annuleren'}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Terug
          </Button>
          <Button
            disabled={pending}
            onClick={() => {
              onConfirm(reason.trim() === '' ? undefined : reason);
            }}
          >
            {declining ? 'Afwijzen' : 'Annuleren'}
          </Button>
        </>
      }
    >
      <Textarea
        label="Reden (niet verplicht)"
        hint="De ander leest de reden bij de afspraak."
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
        }}
      />
    </Dialog>
  );
}
