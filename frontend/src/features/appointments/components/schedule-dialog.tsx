import { zodResolver } from '@hookform/resolvers/zod';
import { Plus, Trash2 } from 'lucide-react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/ui/date-range';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { useSaveSchedule, type Schedule } from '@/features/appointments/api/schedule';
import { hasSlot, WeekGrid } from '@/features/appointments/components/week-grid';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';

/** What is shown when the schedule could not be saved for another reason than its fields. */
const SAVE_FAILED = 'Bewaren lukte niet. Probeer het opnieuw.';

/** The words under the periods while one of them has one date only. */
export const BOTH_DATES = 'Vul bij elke periode beide data in.';

/** A period being written: a date field holds '' until it is filled in. */
const awaySchema = z
  .object({ from: z.string(), until: z.string() })
  .superRefine(({ from, until }, context) => {
    if ((from === '') !== (until === '')) {
      context.addIssue({
        code: 'custom',
        path: [from === '' ? 'from' : 'until'],
        message: BOTH_DATES,
      });
    }
  });

/**
 * The schedule as written; periods left empty are not sent. The server checks the dates (a
 * period that ends before it starts, is over, or overlaps another) and names the one at fault.
 */
const scheduleSchema = z.object({
  week: z.array(z.object({ day: z.enum(V.WeekDay.values), part: z.enum(V.DayPart.values) })),
  away: z.array(awaySchema),
  paused: z.boolean(),
});
type ScheduleForm = z.infer<typeof scheduleSchema>;
type AwayDraft = ScheduleForm['away'][number];

const blank = (period: AwayDraft) => period.from === '' && period.until === '';

/** The period `field` (`away[1]`) names, if it names one. */
function periodAt(field: string | undefined): number | null {
  const match = /^away\[(\d+)\]$/.exec(field ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * 'Wanneer kan ik?': a sitter ticks the parts of the days she usually can help, adds the
 * periods she is away and can pause her profile ('Tijdelijk niet beschikbaar'); saved as a
 * whole, and refused with the server's words at the period at fault.
 */
export function ScheduleDialog({
  schedule,
  open,
  onClose,
}: {
  schedule: Schedule;
  open: boolean;
  onClose: () => void;
}) {
  const { control, register, handleSubmit, setError, formState } = useForm<ScheduleForm>({
    resolver: zodResolver(scheduleSchema),
    defaultValues: { week: schedule.week, away: schedule.away, paused: schedule.paused },
    // A message stays until the next try, as the server's does.
    reValidateMode: 'onSubmit',
  });
  const periods = useFieldArray({ control, name: 'away' });
  const away = useWatch({ control, name: 'away' });
  const save = useSaveSchedule();
  const { errors } = formState;
  const alert = errors.root?.server?.message;
  const incomplete = away.some(
    (period) => !blank(period) && (period.from === '' || period.until === ''),
  );

  const submit = handleSubmit(async (values) => {
    // The server is sent the periods not left empty, and counts those: `sent[i]` is the i-th.
    const sent = values.away.flatMap((period, index) => (blank(period) ? [] : [index]));
    try {
      await save.mutateAsync({ ...values, away: values.away.filter((period) => !blank(period)) });
    } catch (error) {
      const wrong =
        error instanceof ApiError && error.status === 422 ? periodAt(error.field) : null;
      const index = wrong === null ? undefined : sent[wrong];
      if (error instanceof ApiError && index !== undefined) {
        setError(`away.${index}.from`, { type: 'server', message: error.message });
      } else {
        setError('root.server', {
          message: error instanceof ApiError ? error.message : SAVE_FAILED,
        });
      }
      return;
    }
    onClose();
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Wanneer kun je helpen?"
      sheet
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Annuleren
          </Button>
          <Button
            disabled={save.isPending || incomplete}
            onClick={() => {
              void submit();
            }}
          >
            {save.isPending ? 'Bewaren...' : 'Bewaren'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {alert && <FormAlert>{alert}</FormAlert>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-stone-800">
            Wanneer kun je meestal?
          </legend>
          <Controller
            control={control}
            name="week"
            render={({ field }) => (
              <WeekGrid
                slots={field.value}
                onToggle={(day, part) => {
                  field.onChange(
                    hasSlot(field.value, day, part)
                      ? field.value.filter((slot) => slot.day !== day || slot.part !== part)
                      : [...field.value, { day, part }],
                  );
                }}
              />
            )}
          />
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-stone-800">Op vakantie of weg</legend>
          <p className="text-sm text-stone-600">
            In deze periodes vinden baasjes je niet bij &lsquo;Beschikbaar op&rsquo;. Je pagina
            noemt de data niet.
          </p>
          {periods.fields.map((period, index) => (
            <div
              key={period.id}
              className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-stone-200 ring-inset"
            >
              <DateRange
                start={away[index]?.from ?? ''}
                from={{
                  error: errors.away?.[index]?.from?.message,
                  ...register(`away.${index}.from`),
                }}
                until={{
                  error: errors.away?.[index]?.until?.message,
                  ...register(`away.${index}.until`),
                }}
              />
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => {
                  periods.remove(index);
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Periode weghalen
              </Button>
            </div>
          ))}
          {periods.fields.length < V.AWAY_PERIODS_MAX && (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => {
                periods.append({ from: '', until: '' });
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              Periode toevoegen
            </Button>
          )}
          {incomplete && <p className="text-sm text-stone-700">{BOTH_DATES}</p>}
        </fieldset>

        <label className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-amber-50 has-[:checked]:ring-amber-300">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-amber-700"
            {...register('paused')}
          />
          <span className="flex flex-col gap-1">
            <span className="font-semibold text-stone-900">Tijdelijk niet beschikbaar</span>
            <span className="text-sm text-stone-700">
              Je staat dan in geen enkele lijst. Je pagina en je gesprekken blijven.
            </span>
          </span>
        </label>
      </div>
    </Dialog>
  );
}
