import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { DateRange } from '@/components/ui/date-range';
import { Dialog } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import {
  useSaveSchedule,
  type Schedule,
  type WeekSlot,
} from '@/features/appointments/api/schedule';
import { hasSlot, WeekGrid } from '@/features/appointments/components/week-grid';
import { ApiError } from '@/lib/api/api-error';
import * as V from '@/lib/api/vocabulary';

/** A period being written: a date field holds '' until it is filled in. */
interface AwayDraft {
  from: string;
  until: string;
}

/** The period `field` (`away[1]`) names, if it names one. */
function periodAt(field: string | undefined): number | null {
  const match = /^away\[(\d+)\]$/.exec(field ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * 'Wanneer kan ik?': a sitter ticks the parts of the days she usually can help, adds the
 * periods she is away and can pause her profile ('Tijdelijk niet beschikbaar'); saved as a
 * whole, and refused with the server's words for the period at fault.
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
  const [slots, setSlots] = useState<WeekSlot[]>(schedule.week);
  const [away, setAway] = useState<AwayDraft[]>(schedule.away);
  const [paused, setPaused] = useState(schedule.paused);
  const save = useSaveSchedule();
  const error = save.error instanceof ApiError ? save.error : null;
  const wrongPeriod = periodAt(error?.field);

  const toggle = (day: WeekSlot['day'], part: WeekSlot['part']) => {
    setSlots(
      hasSlot(slots, day, part)
        ? slots.filter((slot) => slot.day !== day || slot.part !== part)
        : [...slots, { day, part }],
    );
  };
  const filled = away.filter((period) => period.from !== '' || period.until !== '');
  const incomplete = filled.some((period) => period.from === '' || period.until === '');

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
              save.mutate({ week: slots, away: filled, paused }, { onSuccess: onClose });
            }}
          >
            {save.isPending ? 'Bewaren...' : 'Bewaren'}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-6">
        {error && wrongPeriod === null && <FormAlert>{error.message}</FormAlert>}
        {!error && save.error && <FormAlert>Bewaren lukte niet. Probeer het opnieuw.</FormAlert>}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-semibold text-stone-800">
            Wanneer kun je meestal?
          </legend>
          <WeekGrid slots={slots} onToggle={toggle} />
        </fieldset>

        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-stone-800">Op vakantie of weg</legend>
          <p className="text-sm text-stone-600">
            In deze periodes vinden baasjes je niet bij &lsquo;Beschikbaar op&rsquo;. Je pagina
            noemt de data niet.
          </p>
          {away.map((period, index) => (
            <div
              // Periods have no id of their own until they are kept.
              key={index}
              className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-stone-200 ring-inset"
            >
              <DateRange
                start={period.from}
                from={{
                  value: period.from,
                  error: wrongPeriod === index ? error?.message : undefined,
                  onChange: (event) => {
                    setAway(
                      away.map((p, i) => (i === index ? { ...p, from: event.target.value } : p)),
                    );
                  },
                }}
                until={{
                  value: period.until,
                  onChange: (event) => {
                    setAway(
                      away.map((p, i) => (i === index ? { ...p, until: event.target.value } : p)),
                    );
                  },
                }}
              />
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => {
                  setAway(away.filter((_, i) => i !== index));
                }}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Periode weghalen
              </Button>
            </div>
          ))}
          {away.length < V.AWAY_PERIODS_MAX && (
            <Button
              variant="secondary"
              className="self-start"
              onClick={() => {
                setAway([...away, { from: '', until: '' }]);
              }}
            >
              <Plus aria-hidden="true" className="size-4" />
              Periode toevoegen
            </Button>
          )}
          {incomplete && (
            <p className="text-sm text-stone-700">Vul bij elke periode beide data in.</p>
          )}
        </fieldset>

        <label className="flex cursor-pointer items-start gap-3 rounded-xl p-3 ring-1 ring-stone-200 ring-inset has-[:checked]:bg-amber-50 has-[:checked]:ring-amber-300">
          <input
            type="checkbox"
            className="mt-0.5 size-5 accent-amber-700"
            checked={paused}
            onChange={(event) => {
              setPaused(event.target.checked);
            }}
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
