import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Select, Textarea } from '@/components/ui/form-fields';
import {
  useProposeAppointment,
  type Appointment,
  type StepName,
} from '@/features/appointments/api/appointments';
import { kindSuits, type ConversationPet } from '@/features/appointments/api/conversation-pets';
import { WhenFields } from '@/features/appointments/components/when-fields';
import { useServerFieldError } from '@/hooks/use-server-field-error';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';

// The afspraken's dialogs: their own module, loaded when someone first opens one, so that a
// conversation's page does not wait for the form code (and the validation library under it).

const KIND_OPTIONS = V.AppointmentKind.values.map((value) => ({
  value,
  label: V.AppointmentKind.labels[value],
}));

/** A local date and time ('2026-12-12', '09:00') as the moment the API reads (UTC). */
function moment(date: string, time: string): string {
  return new Date(`${date}T${time}`).toISOString();
}

/** The server's words for a start that has passed and an end not after the start. */
const { startInFuture: START_IN_FUTURE, endAfterStart: END_AFTER_START } = V.PROPOSAL_REFUSALS;

/**
 * A proposal as written, grouped as the API names its fields, so that a refusal of `startsAt`
 * or `endsAt` lands at its fields: the start is a day and a time, the end a time on that day or
 * on the last day ('' for one day). Pets are null while untouched (the dialog then picks them).
 */
const proposeSchema = z
  .object({
    kind: z.enum(V.AppointmentKind.values),
    pets: z.array(z.number()).nullable(),
    startsAt: z.object({
      day: z.string().min(1, 'Kies een datum.'),
      from: z.string().min(1, 'Kies een begintijd.'),
    }),
    endsAt: z.object({
      until: z.string(),
      to: z.string().min(1, 'Kies een eindtijd.'),
    }),
    note: z.string(),
  })
  // The time as the server checks it (which has the last word).
  .superRefine(({ startsAt, endsAt }, context) => {
    const start = new Date(`${startsAt.day}T${startsAt.from}`).getTime();
    const end = new Date(`${endsAt.until || startsAt.day}T${endsAt.to}`).getTime();
    if (Number.isNaN(start) || Number.isNaN(end)) {
      context.addIssue({ code: 'custom', path: ['startsAt'], message: 'Kies een datum.' });
    } else if (start <= Date.now()) {
      context.addIssue({ code: 'custom', path: ['startsAt'], message: START_IN_FUTURE });
    } else if (end <= start) {
      context.addIssue({ code: 'custom', path: ['endsAt'], message: END_AFTER_START });
    }
  });
type ProposeForm = z.infer<typeof proposeSchema>;

export function ProposeDialog({
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
  const { control, register, handleSubmit, setError, setValue, formState } = useForm<ProposeForm>({
    resolver: zodResolver(proposeSchema),
    defaultValues: {
      kind: replacing?.kind ?? V.AppointmentKind.values[0],
      pets: null,
      startsAt: { day: '', from: '09:00' },
      endsAt: { until: '', to: '17:00' },
      note: '',
    },
    // A message stays until the next try, as the server's does.
    reValidateMode: 'onSubmit',
  });
  const putAtField = useServerFieldError(setError);
  const [picked, day, from, to] = useWatch({
    control,
    name: ['pets', 'startsAt.day', 'startsAt.from', 'endsAt.to'],
  });
  // Untouched: the conversation's pet, or the only pet there is.
  const firstPet = pets.length === 1 ? pets[0]?.id : undefined;
  const fallback = petId !== null && pets.some((pet) => pet.id === petId) ? [petId] : [];
  const chosen = picked ?? (firstPet === undefined ? fallback : [firstPet]);
  // Only the kinds of help that suit every pet chosen (no walks for a cat).
  const chosenPets = pets.filter((pet) => chosen.includes(pet.id));
  const kindOptions = KIND_OPTIONS.filter((option) => kindSuits(option.value, chosenPets));
  const kind = useWatch({ control, name: 'kind' });
  useEffect(() => {
    const first = kindOptions[0];
    if (first && !kindOptions.some((option) => option.value === kind)) {
      setValue('kind', first.value);
    }
  }, [kind, kindOptions, setValue]);
  const ready = day !== '' && from !== '' && to !== '';
  const { errors } = formState;
  const alert = errors.root?.server?.message;

  const submit = handleSubmit(async ({ kind, startsAt, endsAt, note }) => {
    try {
      await propose.mutateAsync({
        kind,
        pets: chosen,
        startsAt: moment(startsAt.day, startsAt.from),
        endsAt: moment(endsAt.until || startsAt.day, endsAt.to),
        note: note.trim() === '' ? null : note,
        replaces: replacing?.id ?? null,
      });
    } catch (error) {
      // A refusal of a field on screen is shown at that field; anything else above the fields.
      const shown: (keyof ProposeForm)[] = ['kind', 'startsAt', 'endsAt', 'note'];
      if (pets.length > 0) shown.push('pets');
      if (putAtField(error, shown) === null && error instanceof ApiError) {
        setError('root.server', { message: error.message });
      }
      return;
    }
    onClose();
  });

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
              void submit();
            }}
          >
            {propose.isPending ? 'Versturen...' : 'Voorstel versturen'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        {alert && <FormAlert>{alert}</FormAlert>}
        <Select
          label="Soort hulp"
          placeholder={null}
          options={kindOptions}
          error={errors.kind?.message}
          {...register('kind')}
        />
        {pets.length > 0 && (
          <Controller
            control={control}
            name="pets"
            render={({ field, fieldState: { error } }) => (
              <PetChoice
                pets={pets}
                chosen={chosen}
                error={error?.message}
                onChange={field.onChange}
              />
            )}
          />
        )}
        <WhenFields
          day={register('startsAt.day')}
          until={register('endsAt.until')}
          from={register('startsAt.from')}
          to={register('endsAt.to')}
          firstDay={day}
          errors={{
            start: errors.startsAt?.message ?? errors.startsAt?.day?.message,
            from: errors.startsAt?.from?.message,
            until: errors.endsAt?.until?.message,
            end: errors.endsAt?.message ?? errors.endsAt?.to?.message,
          }}
        />
        <Textarea
          label="Opmerking (niet verplicht)"
          error={errors.note?.message}
          {...register('note')}
        />
      </div>
    </Dialog>
  );
}

/** The pets of the two an afspraak can be for, as boxes to tick; a refusal below them. */
function PetChoice({
  pets,
  chosen,
  error,
  onChange,
}: {
  pets: ConversationPet[];
  chosen: number[];
  error: string | undefined;
  onChange: (chosen: number[]) => void;
}) {
  const errorId = useId();
  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-stone-800">Voor welke huisdieren?</legend>
      <div className="flex flex-wrap gap-2">
        {pets.map((pet) => (
          <label
            key={pet.id}
            className="flex cursor-pointer items-center gap-2 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
          >
            <input
              type="checkbox"
              checked={chosen.includes(pet.id)}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                const on = event.target.checked;
                onChange(on ? [...chosen, pet.id] : chosen.filter((id) => id !== pet.id));
              }}
              className="size-5 accent-orange-700"
            />
            {pet.name}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Why a decline or a cancellation, optional; the server may refuse it (too long). */
const reasonSchema = z.object({ reason: z.string() });
type ReasonForm = z.infer<typeof reasonSchema>;

/** Asks why before a decline or a cancellation; the reason is optional, the other reads it. */
export function ReasonDialog({
  step,
  pending,
  onClose,
  send,
  onRefusedAtField,
}: {
  step: StepName;
  pending: boolean;
  onClose: () => void;
  /** Takes the step with the reason; the dialog closes after, unless the reason was refused. */
  send: (reason: string | undefined) => Promise<unknown>;
  /** The reason was refused and the refusal is shown at it. */
  onRefusedAtField: () => void;
}) {
  const { register, handleSubmit, setError, formState } = useForm<ReasonForm>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: '' },
    reValidateMode: 'onSubmit',
  });
  const putAtField = useServerFieldError(setError);
  const declining = step === 'afwijzen';
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await send(reason.trim() === '' ? undefined : reason);
    } catch (error) {
      // A refused reason stays to be changed; any other refusal is shown above the afspraken.
      if (putAtField(error, ['reason']) !== null) {
        onRefusedAtField();
        return;
      }
    }
    onClose();
  });
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
              void submit();
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
        error={formState.errors.reason?.message}
        {...register('reason')}
      />
    </Dialog>
  );
}
