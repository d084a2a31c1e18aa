import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/ui/date-range';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import {
  useClearHelpNeeded,
  useSaveHelpNeeded,
  type HelpNeededBody,
} from '@/features/profiles/api/help-needed';
import { SAVE_FAILED } from '@/features/profiles/components/edit-field-dialog';
import { useServerFieldError } from '@/hooks/use-server-field-error';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';
import type { HelpNeeded } from '@/lib/profiles/help-needed';

type HelpKind = HelpNeeded['kind'];

/** What the dialog holds: both kinds' fields, so that switching back keeps what was chosen. */
const helpFormSchema = z.object({
  kind: z.enum(V.HelpKind.values),
  // The server checks the dates and days and names the one at fault.
  from: z.string(),
  until: z.string(),
  days: z.array(z.enum(V.WeekDay.values)),
});
type HelpForm = z.infer<typeof helpFormSchema>;

/** The body of what is chosen: only the fields of its kind; an empty date is sent as none. */
function bodyOf({ kind, from, until, days }: HelpForm): HelpNeededBody {
  return kind === 'periode'
    ? { kind, from: from || null, until: until || null }
    : { kind, days: V.WeekDay.values.filter((day) => days.includes(day)) };
}

/** The fields each kind shows: a refusal for one of them is shown at it. */
const FIELDS: Record<HelpKind, readonly (keyof HelpForm)[]> = {
  periode: ['from', 'until'],
  regelmatig: ['days'],
};

/**
 * 'Wanneer zoek je hulp voor Bobby?': the owner chooses a period (both days included) or
 * regular days of the week, or says help is no longer needed; refused with the server's words at
 * the field at fault.
 */
export function HelpNeededDialog({
  petId,
  petName,
  help,
  open,
  onClose,
}: {
  petId: number;
  petName: string;
  help: HelpNeeded | null;
  open: boolean;
  onClose: () => void;
}) {
  const { control, register, handleSubmit, setError, clearErrors, formState } = useForm<HelpForm>({
    resolver: zodResolver(helpFormSchema),
    defaultValues: {
      kind: help?.kind ?? V.HelpKind.values[0],
      from: help?.kind === 'periode' ? help.from : '',
      until: help?.kind === 'periode' ? help.until : '',
      days: help?.kind === 'regelmatig' ? help.days : [],
    },
  });
  const [kind, from] = useWatch({ control, name: ['kind', 'from'] });
  const putAtField = useServerFieldError(setError);
  const save = useSaveHelpNeeded(petId);
  const clear = useClearHelpNeeded(petId);
  const kindName = useId();
  const daysErrorId = useId();
  const busy = save.isPending || clear.isPending;

  const { errors } = formState;
  const alert = errors.root?.server?.message;
  const failed = (error: unknown) => {
    // A refusal of a field on screen is shown at that field; anything else above the fields.
    if (putAtField(error, FIELDS[kind]) === null) {
      setError('root.server', { message: error instanceof ApiError ? error.message : SAVE_FAILED });
    }
  };
  const submit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(bodyOf(values));
    } catch (error) {
      failed(error);
      return;
    }
    onClose();
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={`Wanneer zoek je hulp voor ${petName}?`}
      sheet
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Annuleren
          </Button>
          <Button
            disabled={busy}
            aria-busy={save.isPending}
            onClick={() => {
              clear.reset();
              void submit();
            }}
          >
            {save.isPending && <Spinner />}
            {save.isPending ? 'Opslaan...' : 'Opslaan'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {alert && <FormAlert>{alert}</FormAlert>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-stone-800">Hoe vaak</legend>
          <div className="flex flex-wrap gap-2">
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <>
                  {V.HelpKind.edit.map((value) => (
                    <label
                      key={value}
                      className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
                    >
                      <input
                        type="radio"
                        // Unique per dialog: radios outside a form are grouped by name page-wide.
                        name={kindName}
                        value={value}
                        checked={field.value === value}
                        className="size-5 shrink-0 accent-orange-700"
                        onChange={() => {
                          save.reset();
                          clear.reset();
                          clearErrors();
                          field.onChange(value);
                        }}
                      />
                      {V.HelpKind.labels[value]}
                    </label>
                  ))}
                </>
              )}
            />
          </div>
        </fieldset>

        {kind === 'periode' ? (
          <DateRange
            start={from}
            from={{ error: errors.from?.message, ...register('from') }}
            until={{ error: errors.until?.message, ...register('until') }}
          />
        ) : (
          <Controller
            control={control}
            name="days"
            render={({ field, fieldState: { error } }) => (
              <fieldset
                className="flex flex-col gap-2"
                aria-describedby={error?.message ? daysErrorId : undefined}
              >
                <legend className="mb-2 text-sm font-semibold text-stone-800">
                  Op welke dagen
                </legend>
                <div className="grid grid-cols-2 gap-2">
                  {V.WeekDay.values.map((day) => (
                    <label
                      key={day}
                      className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-stone-800 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-orange-50 has-[:checked]:ring-orange-300"
                    >
                      <input
                        type="checkbox"
                        value={day}
                        checked={field.value.includes(day)}
                        aria-invalid={error?.message ? true : undefined}
                        className="size-5 shrink-0 accent-orange-700"
                        onChange={(event) => {
                          field.onChange(
                            event.target.checked
                              ? [...field.value, day]
                              : field.value.filter((d) => d !== day),
                          );
                        }}
                      />
                      {V.WeekDay.labels[day]}
                    </label>
                  ))}
                </div>
                {error?.message && (
                  <p id={daysErrorId} className="text-sm font-medium text-red-800">
                    {error.message}
                  </p>
                )}
              </fieldset>
            )}
          />
        )}

        {help && (
          <div className="flex flex-col gap-2 border-t border-stone-200 pt-4">
            <p className="text-sm text-stone-700">
              Zoek je geen hulp meer? Dan verdwijnt het van de pagina en de kaart van {petName}.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              disabled={busy}
              aria-busy={clear.isPending}
              onClick={() => {
                save.reset();
                clearErrors();
                clear.mutate(undefined, { onSuccess: onClose, onError: failed });
              }}
            >
              {clear.isPending ? (
                <Spinner className="size-4" />
              ) : (
                <CalendarX aria-hidden="true" className="size-4" />
              )}
              Niet meer nodig
            </Button>
          </div>
        )}
      </div>
    </Dialog>
  );
}
